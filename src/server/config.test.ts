import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ConfigError,
  loadConfig,
  parseMediaStore,
  parseRecaptcha,
  parseTrustProxy,
  RECAPTCHA_VERIFY_URL,
} from './config.ts';

describe('loadConfig: Stripe keys', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-config-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const load = (stripe: Record<string, string>) =>
    loadConfig({ DATA_DIR: dataDir, SEARCH_API_KEY: 'k', SEARCH_ADMIN_KEY: 'a', ...stripe });

  it('leaves both unset for the built-in test gateway', () => {
    expect(load({})).toMatchObject({ stripeSecretKey: null, stripePublishableKey: null });
  });

  it('takes a pair of keys of one mode', () => {
    expect(load({ STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_PUBLISHABLE_KEY: 'pk_test_def' })).toMatchObject({
      stripeSecretKey: 'sk_test_abc',
      stripePublishableKey: 'pk_test_def',
    });
    expect(load({ STRIPE_SECRET_KEY: 'rk_live_abc', STRIPE_PUBLISHABLE_KEY: 'pk_live_def' }).stripeSecretKey).toBe(
      'rk_live_abc',
    );
  });

  it('refuses one key without the other, a key of the wrong kind and keys of two modes', () => {
    expect(() => load({ STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(ConfigError);
    expect(() => load({ STRIPE_PUBLISHABLE_KEY: 'pk_test_def' })).toThrow(/set together/);
    expect(() => load({ STRIPE_SECRET_KEY: 'pk_test_abc', STRIPE_PUBLISHABLE_KEY: 'pk_test_def' })).toThrow(
      /STRIPE_SECRET_KEY must be/,
    );
    expect(() => load({ STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_PUBLISHABLE_KEY: 'sk_test_def' })).toThrow(
      /STRIPE_PUBLISHABLE_KEY must be/,
    );
    expect(() => load({ STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_PUBLISHABLE_KEY: 'pk_live_def' })).toThrow(
      /a test key but .* a live one/,
    );
  });
});

describe('loadConfig: orders', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-config-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const load = (env: Record<string, string> = {}) =>
    loadConfig({ DATA_DIR: dataDir, SEARCH_API_KEY: 'k', SEARCH_ADMIN_KEY: 'a', ...env });

  it('keeps a generated order-link secret and admin key in DATA_DIR unless they are set', () => {
    const first = load();
    expect(first.orderLinkSecret).toMatch(/^[\w-]{32}$/);
    expect(first.adminApiKey).not.toBe(first.orderLinkSecret);
    expect(load()).toMatchObject({ orderLinkSecret: first.orderLinkSecret, adminApiKey: first.adminApiKey });
    expect(load({ ORDER_LINK_SECRET: 's', ADMIN_API_KEY: 'k' })).toMatchObject({
      orderLinkSecret: 's',
      adminApiKey: 'k',
    });
  });

  it('reads the cancellation window in whole minutes, 60 by default', () => {
    expect(load().orderCancelWindowMinutes).toBe(60);
    expect(load({ ORDER_CANCEL_WINDOW_MINUTES: '0' }).orderCancelWindowMinutes).toBe(0);
    expect(() => load({ ORDER_CANCEL_WINDOW_MINUTES: '1.5' })).toThrow(/ORDER_CANCEL_WINDOW_MINUTES/);
  });

  it('reads the embedded search time budget, worker count and workers’ nice value, 30 ms, one worker and 10 by default', () => {
    expect(load()).toMatchObject({ searchCutoffMs: 25, searchWorkers: 1, searchWorkerNice: 10 });
    expect(load({ SEARCH_CUTOFF_MS: '45', SEARCH_WORKERS: '2', SEARCH_WORKER_NICE: '0' })).toMatchObject({
      searchCutoffMs: 45,
      searchWorkers: 2,
      searchWorkerNice: 0,
    });
    expect(() => load({ SEARCH_CUTOFF_MS: '0' })).toThrow(/SEARCH_CUTOFF_MS/);
    expect(() => load({ SEARCH_WORKERS: 'two' })).toThrow(/SEARCH_WORKERS/);
    expect(() => load({ SEARCH_WORKER_NICE: '20' })).toThrow(/SEARCH_WORKER_NICE/);
  });

  it('renders pictures ahead unless RENDER_AHEAD is off, and refuses any other value', () => {
    expect(load()).toMatchObject({ renderAhead: true });
    expect(load({ RENDER_AHEAD: 'off' })).toMatchObject({ renderAhead: false });
    expect(() => load({ RENDER_AHEAD: 'no' })).toThrow(/RENDER_AHEAD must be on or off/);
  });

  it('keeps serving 5 s after SIGTERM unless SHUTDOWN_GRACE_MS says otherwise', () => {
    expect(load().shutdownGraceMs).toBe(5000);
    expect(load({ SHUTDOWN_GRACE_MS: '0' }).shutdownGraceMs).toBe(0);
    expect(() => load({ SHUTDOWN_GRACE_MS: '5s' })).toThrow(/SHUTDOWN_GRACE_MS/);
  });

  it('reads the shop’s time zone for gift card delivery days, New York by default', () => {
    expect(load().shopTimeZone).toBe('America/New_York');
    expect(load({ SHOP_TIME_ZONE: 'Pacific/Auckland' }).shopTimeZone).toBe('Pacific/Auckland');
    expect(() => load({ SHOP_TIME_ZONE: 'Mars/Olympus' })).toThrow(/SHOP_TIME_ZONE/);
  });

  it('offers the other stores only at the addresses configured for them', () => {
    expect(load().regionalStoreUrls).toEqual({});
    expect(load({ STORE_URL_AU: 'https://shop.example.com.au/', STORE_URL_NZ: '' }).regionalStoreUrls).toEqual({
      'en-au': 'https://shop.example.com.au',
    });
    expect(() => load({ STORE_URL_NZ: 'shop.example.co.nz' })).toThrow(/STORE_URL_NZ must be an origin/);
  });
});

describe('parseTrustProxy', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-config-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('trusts no proxy unless told, and the proxies named by address, CIDR range or range name', () => {
    expect(loadConfig({ DATA_DIR: dataDir, SEARCH_API_KEY: 'k', SEARCH_ADMIN_KEY: 'a' }).trustProxy).toEqual([]);
    expect(parseTrustProxy('')).toEqual([]);
    expect(parseTrustProxy('127.0.0.1')).toEqual(['127.0.0.1']);
    expect(parseTrustProxy(' 10.0.0.0/16, ::1 ,fd00::/8,loopback')).toEqual([
      '10.0.0.0/16',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses a hop count, which Fastify would ignore, and anything that is no address', () => {
    expect(() => parseTrustProxy('1')).toThrow(/not a hop count/);
    for (const value of [
      'true',
      'nginx',
      '10.0.0.0/33',
      '::1/129',
      '10.0.0.1/8/8',
      '300.1.1.1',
      '10.0.0.0/255.255.0.0',
    ]) {
      expect(() => parseTrustProxy(value), value).toThrow(/TRUST_PROXY/);
    }
  });
});

describe('parseRecaptcha', () => {
  it('takes both keys or neither, and Google’s endpoint unless another is given', () => {
    expect(parseRecaptcha({})).toBeNull();
    expect(parseRecaptcha({ RECAPTCHA_SECRET_KEY: 's', RECAPTCHA_SITE_KEY: 'k' })).toEqual({
      secretKey: 's',
      siteKey: 'k',
      verifyUrl: RECAPTCHA_VERIFY_URL,
    });
    expect(() => parseRecaptcha({ RECAPTCHA_SECRET_KEY: 's' })).toThrow(ConfigError);
    expect(() =>
      parseRecaptcha({ RECAPTCHA_SECRET_KEY: 's', RECAPTCHA_SITE_KEY: 'k', RECAPTCHA_VERIFY_URL: 'ftp://x' }),
    ).toThrow(ConfigError);
  });
});

describe('parseMediaStore', () => {
  const dataDir = '/srv/shop';

  it('keeps media in DATA_DIR/media unless told otherwise, and in the bucket once one is named', () => {
    expect(parseMediaStore({}, dataDir)).toEqual({ kind: 'folder', dir: path.join(dataDir, 'media') });
    expect(parseMediaStore({ MEDIA_STORE: 'database' }, dataDir)).toEqual({ kind: 'database' });
    expect(parseMediaStore({ MEDIA_S3_BUCKET: 'shop-media' }, dataDir)).toEqual({
      kind: 's3',
      bucket: 'shop-media',
      prefix: '',
      endpoint: null,
      region: 'us-east-1',
      accessKeyId: null,
      secretAccessKey: null,
      forcePathStyle: false,
    });
  });

  it('reads an S3-compatible service’s endpoint, region, keys and prefix, path-style by default with an endpoint', () => {
    expect(
      parseMediaStore(
        {
          MEDIA_STORE: 's3',
          MEDIA_S3_BUCKET: 'media',
          MEDIA_S3_ENDPOINT: 'http://minio:9000/',
          MEDIA_S3_REGION: 'auto',
          MEDIA_S3_ACCESS_KEY_ID: 'id',
          MEDIA_S3_SECRET_ACCESS_KEY: 'secret',
          MEDIA_S3_PREFIX: '/acme/',
        },
        dataDir,
      ),
    ).toEqual({
      kind: 's3',
      bucket: 'media',
      prefix: 'acme/',
      endpoint: 'http://minio:9000',
      region: 'auto',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
    const virtualHosted = {
      MEDIA_S3_BUCKET: 'media',
      MEDIA_S3_ENDPOINT: 'https://r2.example',
      MEDIA_S3_FORCE_PATH_STYLE: 'off',
    };
    expect(parseMediaStore(virtualHosted, dataDir)).toMatchObject({ forcePathStyle: false });
  });

  it('refuses an unknown store, a bucket missing, a lone key and an endpoint that is no URL', () => {
    expect(() => parseMediaStore({ MEDIA_STORE: 'disk' }, dataDir)).toThrow(
      /MEDIA_STORE must be folder, s3 or database/,
    );
    expect(() => parseMediaStore({ MEDIA_STORE: 's3' }, dataDir)).toThrow(/MEDIA_S3_BUCKET/);
    expect(() => parseMediaStore({ MEDIA_S3_BUCKET: 'b', MEDIA_S3_ACCESS_KEY_ID: 'id' }, dataDir)).toThrow(
      /go together/,
    );
    expect(() => parseMediaStore({ MEDIA_S3_BUCKET: 'b', MEDIA_S3_ENDPOINT: 'minio:9000' }, dataDir)).toThrow(
      ConfigError,
    );
    expect(() => parseMediaStore({ MEDIA_S3_BUCKET: 'b', MEDIA_S3_FORCE_PATH_STYLE: 'yes' }, dataDir)).toThrow(
      /MEDIA_S3_FORCE_PATH_STYLE must be on or off/,
    );
  });
});
