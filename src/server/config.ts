import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import type { RegionalStoreUrls } from '../shared/countries.ts';
import { RENDER_QUEUE_LIMITS } from './http/render-queue.ts';
import type { MediaStoreSettings } from './media/open-media-store.ts';
import { DEFAULT_SEARCH_CUTOFF_MS } from './search/bounds/search-caps.ts';
import { DEFAULT_SEARCH_WORKER_NICE } from './search/worker/thread-priority.ts';

/** A Typesense node as the official client names it. */
export interface SearchNode {
  protocol: 'http' | 'https';
  host: string;
  port: number;
  path: string;
}

/** Smarty's credentials: secret keys for server-to-server calls, or an embedded (public, host-locked) key. */
export type SmartyCredentials = { authId: string; authToken: string } | { embeddedKey: string };

export interface SmartyAutocompleteConfig {
  credentials: SmartyCredentials;
  /** The subscription's license sent with each call. */
  license: string;
  /** The lookup endpoint; another for a self-hosted Smarty. */
  url: string;
}

export interface RecaptchaConfig {
  secretKey: string;
  /** The key the browser's reCAPTCHA script asks for tokens with. */
  siteKey: string;
  /** Google's verify endpoint, or a stand-in's. */
  verifyUrl: string;
}

export const RECAPTCHA_VERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';

export const SMARTY_AUTOCOMPLETE_URL = 'https://us-autocomplete-pro.api.smarty.com/lookup';
export const SMARTY_AUTOCOMPLETE_LICENSE = 'us-autocomplete-pro-cloud';

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  brand: string;
  publicUrl: string;
  /**
   * The proxies whose X-Forwarded-For, -Proto and -Host are believed (TRUST_PROXY): addresses, CIDR ranges or
   * proxy-addr's names (loopback, linklocal, uniquelocal). Empty: none, the connection's address is the client's.
   */
  trustProxy: string[];
  /** The Australian and New Zealand stores' addresses (STORE_URL_AU, STORE_URL_NZ); an unset one is not offered. */
  regionalStoreUrls: RegionalStoreUrls;
  /** Unset: the embedded SQLite database under dataDir. */
  databaseUrl: string | null;
  /** The search-only key the browser sends. */
  searchApiKey: string;
  searchAdminKey: string;
  /** Empty: the embedded search service answers at /search. */
  searchNodes: SearchNode[];
  /** The embedded search's time budget per search (and per multi_search), the most a query may ask for. */
  searchCutoffMs: number;
  /** The embedded search's worker threads; each holds a whole copy of the index. */
  searchWorkers: number;
  /** The nice value (0 to 19) of the search worker threads on Linux: higher yields the cores to page renders. */
  searchWorkerNice: number;
  /** Pages rendered at once (PAGE_RENDERS); past them requests wait in line (http/render-queue.ts). */
  pageRenders: number;
  /** Requests waiting for a render at most (PAGE_RENDER_QUEUE); past them the answer is 503 with Retry-After. */
  pageRenderQueue: number;
  /** Whether a background process renders the pictures pages show once the server listens (decision 020). */
  renderAhead: boolean;
  /** Where the media originals are kept (MEDIA_STORE): a folder, an S3-compatible bucket or the database. */
  media: MediaStoreSettings;
  smtpUrl: string | null;
  /** The From address of the shop's mail. */
  mailFrom: string;
  /** Unset: the built-in address autocomplete answers. */
  smartyAutocomplete: SmartyAutocompleteConfig | null;
  /** Both set: card payments go to Stripe; both unset: the built-in test gateway takes them. */
  stripeSecretKey: string | null;
  /** The key Stripe.js uses in the browser. */
  stripePublishableKey: string | null;
  /** The secret the order links' hashes are made with (HMAC-SHA256 of the order id). */
  orderLinkSecret: string;
  /** The key of the merchant's admin API (/admin-api). */
  adminApiKey: string;
  /** Set: sign-in, account creation and forgot are scored by reCAPTCHA v3; unset: by the built-in verifier. */
  recaptcha: RecaptchaConfig | null;
  /** The key the built-in captcha signs its tokens with; several servers must share it. */
  captchaSecret: string;
  /** How long after placing an order the shopper may cancel it. */
  orderCancelWindowMinutes: number;
  /** The IANA time zone whose calendar days gift cards are delivered on, e.g. America/New_York. */
  shopTimeZone: string;
  logLevel: string;
  /** The build the server serves; absent in the server's own tests. */
  buildDir: string;
  /**
   * How long after SIGTERM the server keeps serving with /readyz answering 503 (SHUTDOWN_GRACE_MS), so a load
   * balancer stops sending it requests before it stops listening.
   */
  shutdownGraceMs: number;
}

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

/** Reads the environment once at start; every variable is documented in the README. */
export function loadConfig(env: Env = process.env): ServerConfig {
  const port = parsePort(env.PORT ?? '3000');
  const host = env.HOST || '127.0.0.1';
  const dataDir = path.resolve(env.DATA_DIR || './data');
  const brand = (env.BRAND || 'acme').toLowerCase();
  if (!/^[a-z][a-z0-9-]{0,30}$/.test(brand)) {
    throw new ConfigError(`BRAND must be lower-case letters, digits and dashes, not ${JSON.stringify(env.BRAND)}`);
  }
  const publicUrl = (env.PUBLIC_URL || `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`).replace(/\/+$/, '');
  if (!/^https?:\/\/[^/]+$/.test(publicUrl)) {
    throw new ConfigError(`PUBLIC_URL must be an origin such as https://shop.example.com, not ${publicUrl}`);
  }
  const searchNodes = parseSearchNodes(env.SEARCH_NODES ?? '');
  if (searchNodes.length && (!env.SEARCH_API_KEY || !env.SEARCH_ADMIN_KEY)) {
    // Keys generated here mean nothing to a cluster: it has its own.
    throw new ConfigError("SEARCH_NODES needs the cluster's SEARCH_API_KEY (search-only) and SEARCH_ADMIN_KEY");
  }
  const smartyAutocomplete = parseSmartyAutocomplete(env);
  const stripe = parseStripeKeys(env.STRIPE_SECRET_KEY || null, env.STRIPE_PUBLISHABLE_KEY || null);
  mkdirSync(dataDir, { recursive: true });
  return {
    port,
    host,
    dataDir,
    brand,
    publicUrl,
    trustProxy: parseTrustProxy(env.TRUST_PROXY ?? ''),
    regionalStoreUrls: parseRegionalStoreUrls(env),
    databaseUrl: env.DATABASE_URL || null,
    searchApiKey: env.SEARCH_API_KEY || keptSecret(dataDir, 'search-api-key'),
    searchAdminKey: env.SEARCH_ADMIN_KEY || keptSecret(dataDir, 'search-admin-key'),
    searchNodes,
    searchCutoffMs: parseWholeNumber(
      'SEARCH_CUTOFF_MS',
      env.SEARCH_CUTOFF_MS ?? String(DEFAULT_SEARCH_CUTOFF_MS),
      1,
      60_000,
    ),
    searchWorkers: parseWholeNumber('SEARCH_WORKERS', env.SEARCH_WORKERS ?? '1', 1, 16),
    searchWorkerNice: parseWholeNumber(
      'SEARCH_WORKER_NICE',
      env.SEARCH_WORKER_NICE ?? String(DEFAULT_SEARCH_WORKER_NICE),
      0,
      19,
    ),
    pageRenders: parseWholeNumber('PAGE_RENDERS', env.PAGE_RENDERS ?? String(RENDER_QUEUE_LIMITS.renders), 1, 64),
    pageRenderQueue: parseWholeNumber(
      'PAGE_RENDER_QUEUE',
      env.PAGE_RENDER_QUEUE ?? String(RENDER_QUEUE_LIMITS.waiting),
      0,
      10_000,
    ),
    renderAhead: parseOnOff('RENDER_AHEAD', env.RENDER_AHEAD || 'on'),
    media: parseMediaStore(env, dataDir),
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || `${brand} <orders@${new URL(publicUrl).hostname}>`,
    smartyAutocomplete,
    ...stripe,
    orderLinkSecret: env.ORDER_LINK_SECRET || keptSecret(dataDir, 'order-link-secret'),
    adminApiKey: env.ADMIN_API_KEY || keptSecret(dataDir, 'admin-api-key'),
    recaptcha: parseRecaptcha(env),
    captchaSecret: env.CAPTCHA_SECRET || keptSecret(dataDir, 'captcha-secret'),
    orderCancelWindowMinutes: parseMinutes('ORDER_CANCEL_WINDOW_MINUTES', env.ORDER_CANCEL_WINDOW_MINUTES ?? '60'),
    shopTimeZone: parseTimeZone(env.SHOP_TIME_ZONE || 'America/New_York'),
    logLevel: env.LOG_LEVEL || 'info',
    buildDir: path.resolve(env.BUILD_DIR || 'build'),
    shutdownGraceMs: parseWholeNumber('SHUTDOWN_GRACE_MS', env.SHUTDOWN_GRACE_MS || '5000', 0, 600_000),
  };
}

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be a whole number from 0 to 65535, not ${JSON.stringify(value)}`);
  }
  return port;
}

function parseWholeNumber(name: string, value: string, lowest: number, highest: number): number {
  const number = Number(value);
  if (!/^\d+$/.test(value) || number < lowest || number > highest) {
    throw new ConfigError(`${name} must be a whole number from ${lowest} to ${highest}, not ${JSON.stringify(value)}`);
  }
  return number;
}

function parseOnOff(name: string, value: string): boolean {
  if (value === 'on' || value === 'off') return value === 'on';
  throw new ConfigError(`${name} must be on or off, not ${JSON.stringify(value)}`);
}

function parseMinutes(name: string, value: string): number {
  const minutes = Number(value);
  if (!Number.isInteger(minutes) || minutes < 0 || minutes > 60 * 24 * 365) {
    throw new ConfigError(`${name} must be a whole number of minutes from 0 to 525600, not ${JSON.stringify(value)}`);
  }
  return minutes;
}

function parseTimeZone(value: string): string {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    throw new ConfigError(
      `SHOP_TIME_ZONE must be an IANA time zone such as America/New_York, not ${JSON.stringify(value)}`,
    );
  }
}

/** Each other store's address, an origin as PUBLIC_URL is, or left out when unset. */
function parseRegionalStoreUrls(env: Env): RegionalStoreUrls {
  const urls: RegionalStoreUrls = {};
  for (const [code, name] of [
    ['en-au', 'STORE_URL_AU'],
    ['en-nz', 'STORE_URL_NZ'],
  ] as const) {
    const value = env[name]?.trim().replace(/\/+$/, '');
    if (!value) continue;
    if (!/^https?:\/\/[^/]+$/.test(value))
      throw new ConfigError(`${name} must be an origin such as https://shop.example.com.au, not ${value}`);
    urls[code] = value;
  }
  return urls;
}

const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address (10.0.0.7, ::1), a CIDR range (10.0.0.0/16) or one of proxy-addr's names of ranges. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

/**
 * TRUST_PROXY is a comma-separated list of the proxies in front of the shop, as Fastify's trustProxy takes it:
 * 127.0.0.1 for nginx on the same host, the load balancer's subnet (10.0.0.0/16) in a cloud. Every per-address
 * limit counts the address these headers name, so only a listed proxy may name it. A hop count is refused:
 * Fastify 5 ignores one (it cannot tell a proxy from a client that sends the headers itself).
 */
export function parseTrustProxy(value: string): string[] {
  const entries = value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  for (const entry of entries) {
    if (/^\d+$/.test(entry)) {
      throw new ConfigError(
        `TRUST_PROXY takes the proxies' addresses or CIDR ranges, not a hop count (${entry}): name the proxy, e.g. 127.0.0.1`,
      );
    }
    if (!isProxyAddress(entry)) {
      throw new ConfigError(
        `TRUST_PROXY holds ${JSON.stringify(entry)}, which is no address, CIDR range (10.0.0.0/16) or loopback, linklocal, uniquelocal`,
      );
    }
  }
  return entries;
}

/** Stripe's keys come as a pair of one mode: a test secret key with a live publishable key charges nobody right. */
function parseStripeKeys(secretKey: string | null, publishableKey: string | null) {
  if (!secretKey && !publishableKey) return { stripeSecretKey: null, stripePublishableKey: null };
  if (!secretKey || !publishableKey) {
    throw new ConfigError(
      'STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY are set together (or neither, for the built-in test gateway)',
    );
  }
  const secretMode = /^(?:sk|rk)_(test|live)_\w+$/.exec(secretKey)?.[1];
  if (!secretMode)
    throw new ConfigError('STRIPE_SECRET_KEY must be a secret key (sk_test_…, sk_live_…) or a restricted key (rk_…)');
  const publishableMode = /^pk_(test|live)_\w+$/.exec(publishableKey)?.[1];
  if (!publishableMode)
    throw new ConfigError('STRIPE_PUBLISHABLE_KEY must be a publishable key (pk_test_… or pk_live_…)');
  if (secretMode !== publishableMode) {
    throw new ConfigError(
      `STRIPE_SECRET_KEY is a ${secretMode} key but STRIPE_PUBLISHABLE_KEY a ${publishableMode} one`,
    );
  }
  return { stripeSecretKey: secretKey, stripePublishableKey: publishableKey };
}

/** SEARCH_NODES is a comma-separated list of node URLs, e.g. https://a.example.net,https://b.example.net:8108 */
export function parseSearchNodes(value: string): SearchNode[] {
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      let url: URL;
      try {
        url = new URL(part);
      } catch {
        throw new ConfigError(`SEARCH_NODES holds ${JSON.stringify(part)}, which is not a URL`);
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        throw new ConfigError(`SEARCH_NODES must use http or https, not ${url.protocol}`);
      }
      const protocol = url.protocol === 'https:' ? 'https' : 'http';
      return {
        protocol,
        host: url.hostname,
        port: url.port ? Number(url.port) : protocol === 'https' ? 443 : 80,
        path: url.pathname.replace(/\/+$/, ''),
      };
    });
}

/** Smarty's secret keys (SMARTY_AUTH_ID with SMARTY_AUTH_TOKEN) win over an embedded key (SMARTY_EMBEDDED_KEY). */
export function parseSmartyAutocomplete(env: Env): SmartyAutocompleteConfig | null {
  const authId = env.SMARTY_AUTH_ID || '';
  const authToken = env.SMARTY_AUTH_TOKEN || '';
  if (Boolean(authId) !== Boolean(authToken)) {
    throw new ConfigError('SMARTY_AUTH_ID and SMARTY_AUTH_TOKEN go together: set both, or neither');
  }
  const credentials: SmartyCredentials | null = authId
    ? { authId, authToken }
    : env.SMARTY_EMBEDDED_KEY
      ? { embeddedKey: env.SMARTY_EMBEDDED_KEY }
      : null;
  if (!credentials) return null;
  const url = env.SMARTY_AUTOCOMPLETE_URL || SMARTY_AUTOCOMPLETE_URL;
  if (!/^https?:\/\/[^/]/.test(url)) {
    throw new ConfigError(`SMARTY_AUTOCOMPLETE_URL must be an http or https URL, not ${JSON.stringify(url)}`);
  }
  return { credentials, license: env.SMARTY_LICENSE || SMARTY_AUTOCOMPLETE_LICENSE, url };
}

/**
 * MEDIA_STORE is folder (DATA_DIR/media: one server), s3 (an S3-compatible bucket, the default once MEDIA_S3_BUCKET
 * is set) or database (for several servers without an object store): docs/decisions/038-media-store.md.
 */
export function parseMediaStore(env: Env, dataDir: string): MediaStoreSettings {
  const bucket = env.MEDIA_S3_BUCKET || '';
  const kind = env.MEDIA_STORE || (bucket ? 's3' : 'folder');
  if (kind === 'folder') return { kind, dir: path.join(dataDir, 'media') };
  if (kind === 'database') return { kind };
  if (kind !== 's3') throw new ConfigError(`MEDIA_STORE must be folder, s3 or database, not ${JSON.stringify(kind)}`);
  if (!bucket) throw new ConfigError('MEDIA_STORE=s3 needs the bucket: MEDIA_S3_BUCKET');
  const accessKeyId = env.MEDIA_S3_ACCESS_KEY_ID || null;
  const secretAccessKey = env.MEDIA_S3_SECRET_ACCESS_KEY || null;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new ConfigError('MEDIA_S3_ACCESS_KEY_ID and MEDIA_S3_SECRET_ACCESS_KEY go together: set both, or neither');
  }
  const endpoint = env.MEDIA_S3_ENDPOINT?.replace(/\/+$/, '') || null;
  if (endpoint !== null && !/^https?:\/\/[^/]/.test(endpoint)) {
    throw new ConfigError(`MEDIA_S3_ENDPOINT must be an http or https URL, not ${JSON.stringify(endpoint)}`);
  }
  const prefix = (env.MEDIA_S3_PREFIX ?? '').replace(/^\/+|\/+$/g, '');
  return {
    kind,
    bucket,
    prefix: prefix && `${prefix}/`,
    endpoint,
    region: env.MEDIA_S3_REGION || 'us-east-1',
    accessKeyId,
    secretAccessKey,
    // Another service than Amazon's (MinIO most of all) often has no bucket names in its DNS.
    forcePathStyle: parseOnOff('MEDIA_S3_FORCE_PATH_STYLE', env.MEDIA_S3_FORCE_PATH_STYLE || (endpoint ? 'on' : 'off')),
  };
}

/** reCAPTCHA v3's keys come as a pair: the secret verifies what the site key's tokens say. */
export function parseRecaptcha(env: Env): RecaptchaConfig | null {
  const secretKey = env.RECAPTCHA_SECRET_KEY || '';
  const siteKey = env.RECAPTCHA_SITE_KEY || '';
  if (!secretKey && !siteKey) return null;
  if (!secretKey || !siteKey)
    throw new ConfigError('RECAPTCHA_SECRET_KEY and RECAPTCHA_SITE_KEY go together: set both, or neither');
  const verifyUrl = env.RECAPTCHA_VERIFY_URL || RECAPTCHA_VERIFY_URL;
  if (!/^https?:\/\/[^/]/.test(verifyUrl))
    throw new ConfigError(`RECAPTCHA_VERIFY_URL must be an http or https URL, not ${JSON.stringify(verifyUrl)}`);
  return { secretKey, siteKey, verifyUrl };
}

/** A secret generated on first start and kept in dataDir, so restarts keep the same key. */
function keptSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, name);
  try {
    const kept = readFileSync(file, 'utf8').trim();
    if (kept) return kept;
  } catch {
    // Not generated yet.
  }
  const secret = randomBytes(24).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
