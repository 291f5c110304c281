/** What the compiled server is made from, and where it goes (scripts/build-server.mjs). */
import path from 'node:path';

export const SERVER_SOURCES = ['src/server', 'src/shared', 'src/demo'];
export const appDir = path.resolve(import.meta.dirname, '..', 'build', 'app');

/** A test file: neither compiled nor counted in the sources' hash. */
export const isTestFile = (file) => /\.test\.tsx?$/.test(file);
