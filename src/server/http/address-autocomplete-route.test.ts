import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressSuggestion } from '../../shared/address-autocomplete.ts';
import { selectedParameter } from '../../shared/address-autocomplete.ts';
import { createTestApp } from '../test-support.ts';

describe('GET /api/address-autocomplete', () => {
  let shop: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    shop = await createTestApp();
  });
  afterAll(() => shop.close());

  const suggest = async (query: Record<string, string>) => {
    const response = await shop.app.inject({
      method: 'GET',
      url: `/api/address-autocomplete?${new URLSearchParams(query)}`,
    });
    return { status: response.statusCode, body: response.json<{ suggestions: AddressSuggestion[]; error?: string }>() };
  };

  it('suggests addresses from the start of the street line, at most max_results of them', async () => {
    const { status, body } = await suggest({ search: '200 N Spring' });
    expect(status).toBe(200);
    expect(body.suggestions[0]).toEqual({
      street_line: '200 N Spring St',
      secondary: 'Rm',
      entries: 3,
      city: 'Los Angeles',
      state: 'CA',
      zipcode: '90012',
    });
    const one = await suggest({ search: '1', max_results: '1' });
    expect(one.body.suggestions).toHaveLength(1);
  });

  it('says the built-in provider answers from a sample of addresses, so the page can tell the shopper', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/api/address-autocomplete?search=123%20Main' });
    expect(response.json()).toMatchObject({ sample: true });
  });

  it('lists the units of a building named by selected', async () => {
    const building = (await suggest({ search: '200 N Spring' })).body.suggestions[0];
    if (!building) throw new Error('no building');
    const { body } = await suggest({ search: '200 N Spring', selected: selectedParameter(building) });
    expect(body.suggestions.map((unit) => unit.secondary)).toEqual(['Rm 303', 'Rm 360', 'Rm 395']);
    expect(body.suggestions.every((unit) => unit.entries === 1)).toBe(true);
  });

  it('refuses a query it cannot read with 400 and only {error}', async () => {
    const noSearch = await suggest({});
    expect(noSearch.status).toBe(400);
    expect(Object.keys(noSearch.body)).toEqual(['error']);
    expect((await suggest({ search: 'x'.repeat(500) })).status).toBe(400);
    expect((await suggest({ search: '1 Main', max_results: 'many' })).status).toBe(400);
  });
});
