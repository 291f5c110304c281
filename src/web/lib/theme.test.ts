import { describe, expect, it } from 'vitest';
import { applyThemeOverride, parseThemeOverride } from './theme.ts';

describe('parseThemeOverride', () => {
  it('accepts light, dark and null (follow the system)', () => {
    expect(parseThemeOverride('light')).toBe('light');
    expect(parseThemeOverride('dark')).toBe('dark');
    expect(parseThemeOverride(null)).toBeNull();
  });

  it('rejects anything else', () => {
    expect(parseThemeOverride('Dark')).toBeUndefined();
    expect(parseThemeOverride(true)).toBeUndefined();
    expect(parseThemeOverride(undefined)).toBeUndefined();
  });
});

describe('applyThemeOverride', () => {
  it('sets data-theme for an override and removes it to follow the system', () => {
    const root = { dataset: {} as DOMStringMap } as HTMLElement;
    applyThemeOverride('dark', root);
    expect(root.dataset.theme).toBe('dark');
    applyThemeOverride('light', root);
    expect(root.dataset.theme).toBe('light');
    applyThemeOverride(null, root);
    expect(root.dataset).not.toHaveProperty('theme');
  });
});
