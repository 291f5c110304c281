/**
 * Query parameters that tag a visit for analytics and advertising: campaigns (utm_*, the spec's UTM record,
 * etkclid) and the click ids and mail tags ad and mail platforms add. They change nothing a page shows: the
 * browser reads them from its own address (the UTM record), so the server may treat a page's address without them.
 */
const TRACKING_PREFIXES = ['utm_'];

const TRACKING_PARAMS: ReadonlySet<string> = new Set([
  'etkclid',
  // Google Ads and Analytics, Campaign Manager
  'gclid',
  'gclsrc',
  'gbraid',
  'wbraid',
  'dclid',
  '_ga',
  '_gl',
  // Meta, Microsoft, TikTok, X, LinkedIn, Yandex, Instagram
  'fbclid',
  'msclkid',
  'ttclid',
  'twclid',
  'li_fat_id',
  'yclid',
  'igshid',
  // Mailchimp, HubSpot, Marketo
  'mc_cid',
  'mc_eid',
  '_hsenc',
  '_hsmi',
  'mkt_tok',
]);

export const isTrackingParam = (name: string): boolean =>
  TRACKING_PARAMS.has(name.toLowerCase()) || TRACKING_PREFIXES.some((prefix) => name.toLowerCase().startsWith(prefix));
