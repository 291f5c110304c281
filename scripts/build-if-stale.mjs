/**
 * Builds the web app when the build is missing or older than its sources: the build records a hash of
 * every source it came from, and a different hash means a rebuild.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { precompressAssets } from './precompress-assets.mjs';

const root = path.resolve(import.meta.dirname, '..');
const SOURCES = [
  'src/web',
  'src/shared',
  'public',
  'vite.config.ts',
  'react-router.config.ts',
  'package.json',
  'scripts/precompress-assets.mjs',
];
const stampFile = path.join(root, 'build', '.source-hash');

function* files(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return;
  if (statSync(full).isFile()) {
    yield entry;
    return;
  }
  for (const child of readdirSync(full).sort()) yield* files(path.join(entry, child));
}

export function sourceHash() {
  const hash = createHash('sha256');
  // BRAND names some routes (/{brand}-life), so a different brand needs a different build.
  hash.update(`BRAND=${process.env.BRAND || 'acme'}\0`);
  for (const source of SOURCES) {
    for (const file of files(source)) {
      if (/\.test\.tsx?$/.test(file)) continue;
      hash.update(file).update('\0').update(readFileSync(path.join(root, file))).update('\0');
    }
  }
  return hash.digest('hex');
}

export function buildIfStale() {
  const wanted = sourceHash();
  const built = existsSync(stampFile) ? readFileSync(stampFile, 'utf8').trim() : '';
  if (built === wanted && existsSync(path.join(root, 'build', 'server', 'index.js'))) return false;
  console.log('Building the web app…');
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules/@react-router/dev/bin.js'), 'build'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    console.error('The build failed; see the messages above.');
    process.exit(result.status ?? 1);
  }
  precompressAssets(path.join(root, 'build', 'client'));
  writeFileSync(stampFile, `${wanted}\n`);
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) buildIfStale();
