/** Query parameters that carry secrets and must never reach a log line. */
const SECRET_PARAMETERS = ['x-typesense-api-key', 'token', 'password', '_password'];

/**
 * Paths whose segment after the id is a secret: reset and verification tokens, order access hashes, in the pages'
 * paths and in the API's (the order page's loader and forms call /api/orders/{id}/{hash}, /cancel, /address).
 */
const SECRET_PATHS = /^(\/(?:account-reset|account-verify|order|checkout-success|api\/orders)\/[^/?]+\/)[^/?]+/;

export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  const path = (queryStart < 0 ? url : url.slice(0, queryStart)).replace(SECRET_PATHS, '$1[redacted]');
  if (queryStart < 0) return path;
  const params = new URLSearchParams(url.slice(queryStart + 1));
  for (const name of SECRET_PARAMETERS) {
    if (params.has(name)) params.set(name, '[redacted]');
  }
  return `${path}?${params.toString()}`;
}
