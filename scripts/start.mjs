/** npm start: build when the build is missing or stale, then run the server (which migrates and seeds). */
import { register } from 'tsx/esm/api';
import { buildIfStale } from './build-if-stale.mjs';

// React and React Router pick their production builds from NODE_ENV when they are first loaded; their
// development builds render pages several times slower.
process.env.NODE_ENV ??= 'production';
buildIfStale();
register();
await import('../src/server/main.ts');
