/** `npm start` on a data folder of its own, for the benchmarks that measure the whole shop. */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** Starts the shop (building it first when stale) and waits until readyPath answers 200; settings add to the environment. */
export async function startShop(port: number, dataDir: string, readyPath = '/healthz', settings: Record<string, string> = {}): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...settings },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (await fetch(`http://127.0.0.1:${port}${readyPath}`).then((response) => response.ok, () => false)) return child;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  child.kill('SIGKILL');
  throw new Error('The shop did not start');
}

/** Stops the shop and waits for it to exit. */
export async function stopShop(shop: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => shop.on('exit', resolve));
  shop.kill('SIGTERM');
  await exited;
}
