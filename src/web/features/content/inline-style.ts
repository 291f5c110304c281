import type { CSSProperties } from 'react';

/**
 * Turns a block's container_style ("background: #111; padding-top: 2rem") into a React style object.
 * Declarations that could load or run something (url(), expression(), javascript:) are dropped.
 */
export function parseInlineStyle(css: string): CSSProperties {
  const style: Record<string, string> = {};
  for (const declaration of css.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration.slice(colon + 1).trim();
    if (!/^-?[a-z][a-z-]*$/.test(property) || !value || /url\(|expression\(|javascript:|[<>]/i.test(value)) continue;
    const name = property.startsWith('--')
      ? property
      : property.replace(/^-ms-/, 'ms-').replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
    style[name] = value;
  }
  return style;
}
