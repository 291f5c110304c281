/** `npm start` on a data folder of its own, for the benchmarks that measure the whole shop. */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** Starts the shop (building it first when stale) and waits until readyPath answers 200; settings add to the environment. */
export async function startShop(
  port: number,
  dataDir: string,
  readyPath = '/healthz',
  settings: Record<string, string> = {},
): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...settings },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (
      await fetch(`http://127.0.0.1:${port}${readyPath}`).then(
        (response) => response.ok,
        () => false,
      )
    )
      return child;
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

/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** The CPU seconds the process has spent, its threads' included, from /proc (Linux). */
async function cpuSeconds(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // The fields after the command's name, which is in parentheses and may hold spaces: utime and stime are the
  // 14th and 15th of the whole line.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/**
 * Waits until the shop has been quiet for a second (under a tenth of a core), or for at most maxSeconds: the work a
 * request left behind it (pictures rendered on first request) then no longer shares the cores with what is measured next.
 */
export async function untilShopIsQuiet(shop: ChildProcess, maxSeconds = 120): Promise<void> {
  const { pid } = shop;
  if (pid === undefined) return;
  const deadline = Date.now() + maxSeconds * 1000;
  let before = await cpuSeconds(pid);
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = await cpuSeconds(pid);
    if (now - before < 0.1) return;
    before = now;
  }
  console.warn(`The shop was still busy ${maxSeconds} s after the page's warm-up`);
}
