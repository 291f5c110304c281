/**
 * Builds the web app and compiles the server when either is missing or older than its sources: each build
 * records a hash of every source it came from, and a different hash means a rebuild.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { appDir, isTestFile, SERVER_SOURCES } from './server-sources.mjs';
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
const appStampFile = path.join(appDir, '.source-hash');

function* files(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return;
  if (statSync(full).isFile()) {
    yield entry;
    return;
  }
  for (const child of readdirSync(full).sort()) yield* files(path.join(entry, child));
}

function hashOf(sources, settings = '') {
  const hash = createHash('sha256').update(`${settings}\0`);
  for (const source of sources) {
    for (const file of files(source)) {
      if (isTestFile(file)) continue;
      hash
        .update(file)
        .update('\0')
        .update(readFileSync(path.join(root, file)))
        .update('\0');
    }
  }
  return hash.digest('hex');
}

// BRAND names some routes (/{brand}-life), so a different brand needs a different build.
export const sourceHash = () => hashOf(SOURCES, `BRAND=${process.env.BRAND || 'acme'}`);

const isBuilt = (stamp, wanted, output) =>
  existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === wanted && existsSync(output);

function buildWebApp() {
  const wanted = sourceHash();
  if (isBuilt(stampFile, wanted, path.join(root, 'build', 'server', 'index.js'))) return false;
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

async function compileServer() {
  const wanted = hashOf([...SERVER_SOURCES, 'package.json', 'scripts/build-server.mjs', 'scripts/server-sources.mjs']);
  if (isBuilt(appStampFile, wanted, path.join(appDir, 'server', 'main.js'))) return false;
  // esbuild loads only to compile, so a server that starts up to date never holds it.
  const { buildServer } = await import('./build-server.mjs');
  await buildServer();
  writeFileSync(appStampFile, `${wanted}\n`);
  return true;
}

/** Builds what is stale; true when anything was built. */
export async function buildIfStale() {
  const web = buildWebApp();
  const server = await compileServer();
  return web || server;
}

if (import.meta.url === `file://${process.argv[1]}`) await buildIfStale();
