import { describe, expect, it } from 'vitest';
import { entryModule } from './entry-module.ts';

describe('entryModule', () => {
  it('starts the .mjs twin, which registers tsx, from the sources', () => {
    expect(entryModule('file:///shop/src/server/search/worker/pool.ts', 'search-worker').href).toBe(
      'file:///shop/src/server/search/worker/search-worker.mjs',
    );
  });

  it('starts the compiled module beside the caller in the compiled server', () => {
    expect(entryModule('file:///shop/build/app/server/media/render-ahead.js', 'render-ahead-child').href).toBe(
      'file:///shop/build/app/server/media/render-ahead-child.js',
    );
  });
});
