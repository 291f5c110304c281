import { describe, expect, it } from 'vitest';
import { parseInlineStyle } from './inline-style.ts';

describe('parseInlineStyle', () => {
  it('camel-cases properties', () => {
    expect(parseInlineStyle('background-color: #111; padding-top: 2rem;')).toEqual({
      backgroundColor: '#111',
      paddingTop: '2rem',
    });
  });

  it('drops declarations that could load or run something, and garbage', () => {
    expect(parseInlineStyle('background: url(https://evil.test/x.png); color: red; ;: x; 1a: b')).toEqual({
      color: 'red',
    });
    expect(parseInlineStyle('width: expression(alert(1))')).toEqual({});
  });
});
