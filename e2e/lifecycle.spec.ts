import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '..');

/** Starts a second shop on its own port and data folder, and waits until it answers /healthz. */
async function startShop(port: number, dataDir: string) {
  const child = spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const ready = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { child, exited };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGKILL');
  throw new Error('The second shop did not start');
}

test('SIGTERM lets in-flight requests finish, then closes the database cleanly', async () => {
  test.setTimeout(180_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-sigterm-'));
  const port = Number(process.env.E2E_PORT ?? 3411) + 7;
  try {
    const { child, exited } = await startShop(port, dataDir);
    // An image's first rendering takes a while: it is in flight when the signal arrives.
    const inFlight = fetch(`http://127.0.0.1:${port}/images/brand/acme-logo.svg?w=2048`, {
      headers: { accept: 'image/webp' },
    });
    await new Promise((resolve) => setTimeout(resolve, 30));
    child.kill('SIGTERM');
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(0);
    expect(await exited).toBe(0);
    // A clean close checkpoints the write-ahead log into the database file and removes it.
    expect(existsSync(path.join(dataDir, 'shop.sqlite'))).toBe(true);
    expect(existsSync(path.join(dataDir, 'shop.sqlite-wal'))).toBe(false);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
