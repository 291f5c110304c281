import { describe, expect, it } from 'vitest';
import { isEasterEggTerm } from './easter-eggs.ts';

describe('isEasterEggTerm', () => {
  it('matches the exact term, spaces around it ignored', () => {
    expect(isEasterEggTerm('easter egg')).toBe(true);
    expect(isEasterEggTerm('  easter egg ')).toBe(true);
  });

  it('matches nothing else', () => {
    expect(isEasterEggTerm('Easter Egg')).toBe(false);
    expect(isEasterEggTerm('EASTER EGG')).toBe(false);
    expect(isEasterEggTerm('easter eggs')).toBe(false);
    expect(isEasterEggTerm('easter  egg')).toBe(false);
    expect(isEasterEggTerm('an easter egg')).toBe(false);
    expect(isEasterEggTerm('easteregg')).toBe(false);
    expect(isEasterEggTerm('')).toBe(false);
  });
});
