/**
 * npm start: build and compile when stale, then run the compiled server (which migrates and seeds), without
 * tsx's loader (docs/performance/024-server-memory.md).
 */
import { setFlagsFromString } from 'node:v8';
import { buildIfStale } from './build-if-stale.mjs';

// React and React Router pick their production builds from NODE_ENV when they are first loaded; their
// development builds render pages several times slower.
process.env.NODE_ENV ??= 'production';
// A young generation of 8 MB rather than 16 for the threads started from here on (the search workers'): about
// 60 MB less resident memory with the demo store, for more frequent, shorter collections of young objects in
// those threads.
setFlagsFromString('--max-semi-space-size=8');
await buildIfStale();
await import('../build/app/server/main.js');
