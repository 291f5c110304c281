import { describe, expect, it } from 'vitest';
import { compareVersions, versionHeader } from './app-version.ts';

describe('compareVersions', () => {
  it('orders dotted versions numerically, not as text', () => {
    expect(compareVersions('4.8.4', '4.10.0')).toBe(-1);
    expect(compareVersions('4.10.0', '4.8.4')).toBe(1);
    expect(compareVersions('4.8', '4.8.0')).toBe(0);
  });

  it('ranks a malformed version below any real one', () => {
    expect(compareVersions('garbage', '0.0.1')).toBe(-1);
    expect(compareVersions('1.0.0', '')).toBe(1);
    expect(compareVersions('x', 'y')).toBe(0);
  });
});

describe('versionHeader', () => {
  it('prefixes the brand', () => {
    expect(versionHeader('acme')).toBe('acme-version');
  });
});
