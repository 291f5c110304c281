import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { autocompleteRequestSchema } from '../../shared/address-autocomplete.ts';
import {
  ConfigError,
  parseSmartyAutocomplete,
  SMARTY_AUTOCOMPLETE_LICENSE,
  SMARTY_AUTOCOMPLETE_URL,
} from '../config.ts';
import { createAddressAutocomplete } from './address-autocomplete.ts';
import { AutocompleteUnavailableError } from './autocomplete-provider.ts';
import { SmartyAutocomplete } from './smarty-autocomplete.ts';

interface Received {
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
}

/** A stand-in for Smarty on 127.0.0.1 that records each query and answers what the test sets. */
let server: Server;
let url: string;
let received: Received[] = [];
let answer: { status: number; body: string; delayMs: number };

const suggestions = [
  {
    street_line: '1600 Pennsylvania Ave',
    secondary: 'Apt',
    city: 'Miami Beach',
    state: 'FL',
    zipcode: '33139',
    entries: 20,
    source: 'postal',
  },
  {
    street_line: '1600 Pennsylvania Ave NW',
    secondary: '',
    city: 'Washington',
    state: 'DC',
    zipcode: '20500',
    entries: 0,
  },
];

beforeAll(async () => {
  server = createServer((request, response) => {
    const parsed = new URL(request.url ?? '/', 'http://127.0.0.1');
    received.push({ path: parsed.pathname, query: parsed.searchParams, headers: request.headers });
    setTimeout(() => {
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(answer.body);
    }, answer.delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/lookup`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  received = [];
  answer = { status: 200, body: JSON.stringify({ suggestions }), delayMs: 0 };
});

const request = (query: Record<string, unknown>) => autocompleteRequestSchema.parse(query);
const secretKeys = () =>
  new SmartyAutocomplete({
    credentials: { authId: 'id-1', authToken: 'token-secret' },
    license: 'us-autocomplete-pro-cloud',
    url,
    referer: 'https://shop.example.com',
  });

describe('SmartyAutocomplete', () => {
  it("asks with the shop's secret keys and the shopper's search, and answers the suggestions", async () => {
    const found = await secretKeys().suggest(
      request({ search: '1600 Penn', max_results: '5', key: 'browser-key', license: 'browser-license' }),
    );
    expect(found).toEqual([
      {
        street_line: '1600 Pennsylvania Ave',
        secondary: 'Apt',
        city: 'Miami Beach',
        state: 'FL',
        zipcode: '33139',
        entries: 20,
      },
      {
        street_line: '1600 Pennsylvania Ave NW',
        secondary: '',
        city: 'Washington',
        state: 'DC',
        zipcode: '20500',
        entries: 0,
      },
    ]);
    const [query] = received;
    expect(query?.path).toBe('/lookup');
    expect(Object.fromEntries(query?.query ?? [])).toEqual({
      'auth-id': 'id-1',
      'auth-token': 'token-secret',
      search: '1600 Penn',
      max_results: '5',
      license: 'us-autocomplete-pro-cloud',
    });
    expect(query?.headers.referer).toBeUndefined();
  });

  it('passes selected on to drill into a building', async () => {
    await secretKeys().suggest(
      request({ search: '1600 Penn', selected: '1600 Pennsylvania Ave Apt (20) Miami Beach FL 33139' }),
    );
    expect(received[0]?.query.get('selected')).toBe('1600 Pennsylvania Ave Apt (20) Miami Beach FL 33139');
    expect(received[0]?.query.get('max_results')).toBe('7');
  });

  it("sends an embedded key with the shop's origin as Referer", async () => {
    const provider = new SmartyAutocomplete({
      credentials: { embeddedKey: 'embedded-1' },
      license: 'l',
      url,
      referer: 'https://shop.example.com',
    });
    await provider.suggest(request({ search: '1600' }));
    expect(received[0]?.query.get('key')).toBe('embedded-1');
    expect(received[0]?.query.has('auth-id')).toBe(false);
    expect(received[0]?.headers.referer).toBe('https://shop.example.com');
  });

  it('answers no suggestions as an empty list, and an empty search without asking', async () => {
    answer.body = JSON.stringify({ suggestions: null });
    expect(await secretKeys().suggest(request({ search: 'nowhere' }))).toEqual([]);
    expect(await secretKeys().suggest(request({ search: ' ' }))).toEqual([]);
    expect(received).toHaveLength(1);
  });

  it('keeps to max_results and drops suggestions without a street line', async () => {
    answer.body = JSON.stringify({ suggestions: [...suggestions, { street_line: '', city: 'X' }, ...suggestions] });
    expect(await secretKeys().suggest(request({ search: '1600', max_results: '3' }))).toHaveLength(3);
  });

  it('fails, without the credentials in the message, on an error status', async () => {
    answer = { status: 401, body: '{"errors":[{"message":"Unauthorized"}]}', delayMs: 0 };
    const failure = secretKeys().suggest(request({ search: '1600' }));
    await expect(failure).rejects.toBeInstanceOf(AutocompleteUnavailableError);
    await expect(failure).rejects.toThrow('Smarty answered HTTP 401');
  });

  it('fails on an answer that is not a suggestions list', async () => {
    answer.body = 'not json';
    await expect(secretKeys().suggest(request({ search: '1600' }))).rejects.toThrow('other than JSON');
    answer.body = '{"suggestions": "many"}';
    await expect(secretKeys().suggest(request({ search: '1600' }))).rejects.toThrow('without a suggestions list');
  });

  it('gives up after its timeout', async () => {
    answer.delayMs = 1000;
    const provider = new SmartyAutocomplete({
      credentials: { authId: 'a', authToken: 'b' },
      license: 'l',
      url,
      referer: '',
      timeoutMs: 100,
    });
    const started = Date.now();
    await expect(provider.suggest(request({ search: '1600' }))).rejects.toThrow('Smarty did not answer within 100 ms');
    expect(Date.now() - started).toBeLessThan(900);
  });

  it('fails when nothing listens', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const provider = new SmartyAutocomplete({
      credentials: { authId: 'a', authToken: 'token-secret' },
      license: 'l',
      url: `http://127.0.0.1:${port}/lookup`,
      referer: '',
    });
    const failure = provider.suggest(request({ search: '1600' }));
    await expect(failure).rejects.toThrow('Smarty could not be reached');
    await expect(failure).rejects.not.toThrow(/token-secret/);
  });
});

describe('the configured provider', () => {
  it('is Smarty when its keys are set, the built-in one otherwise', () => {
    const smarty = parseSmartyAutocomplete({ SMARTY_AUTH_ID: 'id', SMARTY_AUTH_TOKEN: 'token' });
    expect(smarty).toEqual({
      credentials: { authId: 'id', authToken: 'token' },
      license: SMARTY_AUTOCOMPLETE_LICENSE,
      url: SMARTY_AUTOCOMPLETE_URL,
    });
    expect(createAddressAutocomplete({ smartyAutocomplete: smarty, publicUrl: 'http://127.0.0.1:3000' }).provider).toBe(
      'smarty',
    );
    expect(createAddressAutocomplete({ smartyAutocomplete: null, publicUrl: 'http://127.0.0.1:3000' }).provider).toBe(
      'built-in',
    );
  });

  it('reads an embedded key, a license and another endpoint; secret keys win', () => {
    expect(
      parseSmartyAutocomplete({
        SMARTY_EMBEDDED_KEY: 'k',
        SMARTY_LICENSE: 'us-core-cloud',
        SMARTY_AUTOCOMPLETE_URL: 'https://smarty.internal/lookup',
      }),
    ).toEqual({
      credentials: { embeddedKey: 'k' },
      license: 'us-core-cloud',
      url: 'https://smarty.internal/lookup',
    });
    expect(
      parseSmartyAutocomplete({ SMARTY_EMBEDDED_KEY: 'k', SMARTY_AUTH_ID: 'id', SMARTY_AUTH_TOKEN: 't' })?.credentials,
    ).toEqual({ authId: 'id', authToken: 't' });
    expect(parseSmartyAutocomplete({})).toBeNull();
  });

  it('refuses half a pair of secret keys and an endpoint that is no URL', () => {
    expect(() => parseSmartyAutocomplete({ SMARTY_AUTH_ID: 'id' })).toThrow(ConfigError);
    expect(() => parseSmartyAutocomplete({ SMARTY_AUTH_TOKEN: 't' })).toThrow(ConfigError);
    expect(() => parseSmartyAutocomplete({ SMARTY_EMBEDDED_KEY: 'k', SMARTY_AUTOCOMPLETE_URL: 'ftp://x' })).toThrow(
      ConfigError,
    );
  });
});
