/**
 * The module a worker thread or child process of the server starts from. The compiled server (build/app, which
 * `npm start` runs: docs/performance/024-server-memory.md) starts the compiled module beside the caller; run from
 * its sources (tests, tsx), it starts the module's `.mjs` twin, which registers tsx's loader in the new thread
 * or process first.
 */
export function entryModule(callerUrl: string, name: string): URL {
  return new URL(`./${name}${callerUrl.endsWith('.ts') ? '.mjs' : '.js'}`, callerUrl);
}
