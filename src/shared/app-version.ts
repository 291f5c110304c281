/** The application version the server reports on every GET; the web app reloads when it rises. */
export const APP_VERSION = '4.8.4';

/** The response header that carries the version: `{brand}-version`. */
export const versionHeader = (brand: string) => `${brand}-version`;

/**
 * Compares dotted numeric versions (4.8.4 < 4.10.0). A value that is not such a version sorts lowest,
 * so a malformed header can never force a reload.
 */
export function compareVersions(a: string, b: string): number {
  const parse = (value: string) => (/^\d+(\.\d+)*$/.test(value) ? value.split('.').map(Number) : null);
  const left = parse(a);
  const right = parse(b);
  if (!left || !right) return (left ? 1 : 0) - (right ? 1 : 0);
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    const difference = (left[i] ?? 0) - (right[i] ?? 0);
    if (difference !== 0) return Math.sign(difference);
  }
  return 0;
}
