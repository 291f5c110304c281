/**
 * Compiles the server's TypeScript (src/server, src/shared, src/demo) to JavaScript in build/app, one file for
 * each source, so that `npm start` runs without tsx's loader (docs/performance/024-server-memory.md). Imports of
 * `.ts` files become imports of the `.js` files beside them; data files are copied.
 */
import { copyFileSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build, stop } from 'esbuild';
import { appDir, isTestFile, SERVER_SOURCES } from './server-sources.mjs';

const root = path.resolve(import.meta.dirname, '..');

function* files(directory) {
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

export async function buildServer() {
  const sources = SERVER_SOURCES.flatMap((directory) => [...files(path.join(root, directory))]).filter(
    (file) => !isTestFile(file),
  );
  rmSync(appDir, { recursive: true, force: true });
  await build({
    entryPoints: sources.filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts')),
    outbase: path.join(root, 'src'),
    outdir: appDir,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
    // Every import stays an import: only the specifier of a TypeScript file changes to its compiled file.
    bundle: true,
    plugins: [
      {
        name: 'imports-stay',
        setup(compile) {
          compile.onResolve({ filter: /.*/ }, (args) =>
            args.kind === 'entry-point' ? undefined : { path: args.path.replace(/\.tsx?$/, '.js'), external: true },
          );
        },
      },
    ],
  });
  // esbuild's compiler is a process of its own that stays until stopped: the server started next would keep it.
  await stop();
  // The demo's content folder is Markdown read at run time (src/demo/content).
  for (const file of sources.filter((each) => /\.(json|md)$/.test(each))) {
    const target = path.join(appDir, path.relative(path.join(root, 'src'), file));
    mkdirSync(path.dirname(target), { recursive: true });
    copyFileSync(file, target);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer();
