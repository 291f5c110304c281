import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isProcessing, processingStore, startProcessing, stopProcessing } from './processing.ts';

describe('startProcessing and stopProcessing', () => {
  beforeEach(() => {
    vi.stubGlobal('document', {});
    processingStore.set([]);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('marks a key busy until it is stopped', () => {
    startProcessing({ key: 'add-to-bag:UPMH1000-M', type: 'inline', reason: 'add-to-bag' });
    expect(isProcessing('add-to-bag:UPMH1000-M')).toBe(true);
    expect(isProcessing('site-search')).toBe(false);
    stopProcessing('add-to-bag:UPMH1000-M');
    expect(isProcessing('add-to-bag:UPMH1000-M')).toBe(false);
  });

  it('stops its own entry, not a newer one under the same key', () => {
    const stopFirst = startProcessing({ key: 'site-search', type: 'inline', reason: 'search' });
    const stopSecond = startProcessing({ key: 'site-search', type: 'inline', reason: 'search' });
    stopFirst();
    expect(isProcessing('site-search')).toBe(true);
    stopSecond();
    expect(isProcessing('site-search')).toBe(false);
  });

  it('queues nothing on the server', () => {
    vi.unstubAllGlobals();
    startProcessing({ key: 'checkout', type: 'overlay', reason: 'checkout' })();
    expect(processingStore.get()).toEqual([]);
  });
});
