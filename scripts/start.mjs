/** npm start: build when the build is missing or stale, then run the server (which migrates and seeds). */
import { register } from 'tsx/esm/api';
import { buildIfStale } from './build-if-stale.mjs';

buildIfStale();
register();
await import('../src/server/main.ts');
