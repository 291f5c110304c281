/** Builds the web app if needed, then runs the Playwright journeys in Debian's Chromium. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildIfStale } from './build-if-stale.mjs';

const root = path.resolve(import.meta.dirname, '..');
await buildIfStale();
// Every run starts the shop on a fresh data folder, so the demo store loads from scratch.
const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-e2e-'));
const result = spawnSync(
  path.join(root, 'node_modules', '.bin', 'playwright'),
  ['test', '--config', path.join(root, 'e2e', 'playwright.config.ts'), ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1', E2E_DATA_DIR: dataDir },
  },
);
rmSync(dataDir, { recursive: true, force: true });
process.exit(result.status ?? 1);
