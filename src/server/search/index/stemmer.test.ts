import { describe, expect, it } from 'vitest';
import { stemWord } from './stemmer.ts';

describe('stemWord (Snowball English)', () => {
  it('stems plurals and endings as Typesense does', () => {
    expect(['socks', 'shirts', 'dresses', 'joggers', 'briefs', 'running', 'fitted'].map(stemWord)).toEqual([
      'sock',
      'shirt',
      'dress',
      'jogger',
      'brief',
      'run',
      'fit',
    ]);
  });

  it("keeps an s after a lone vowel, as Porter2 does ('bras', 'gas')", () => {
    expect(stemWord('bras')).toBe('bras');
    expect(stemWord('bra')).toBe('bra');
  });
});
