import { describe, expect, it, vi } from 'vitest';
import type { ServerApi } from '../../shared/load-context.ts';
import { fakeApi, postArgs, replyOf, responseOf } from './action-test-support.ts';
import { action, loader } from './footer-signup.ts';

const thanks = {
  status: 200,
  body: { success: true, messages: [{ type: 'success', text: 'Thanks for signing up!' }] },
};

const ADDRESS = '/forms/footer-signup';

function post(fields: Record<string, string>, answer: Awaited<ReturnType<ServerApi>> = thanks) {
  const { calls, api } = fakeApi(answer);
  return { calls, response: action(postArgs(ADDRESS, ADDRESS, {}, { body: new URLSearchParams(fields) }, api)) };
}

describe('the footer sign-up action', () => {
  it('keeps a valid address through the forms API and thanks the shopper', async () => {
    const { calls, response } = post({ email: ' shopper@example.com ' });
    expect(await replyOf(response)).toMatchObject({
      status: 200,
      reply: { result: { status: 'success' }, notice: 'Thanks for signing up!' },
    });
    expect(calls).toEqual([
      {
        path: '/api/forms/footer-signup',
        init: { method: 'POST', body: { form_id: 'footer-signup', email: 'shopper@example.com' } },
      },
    ]);
  });

  it('refuses a malformed address at the field without calling the API', async () => {
    const { calls, response } = post({ email: 'shopper' });
    expect(await replyOf(response)).toMatchObject({
      status: 400,
      reply: { result: { error: { email: ['Value is not a valid email address'] } } },
    });
    expect(calls).toEqual([]);
  });

  it('puts the API’s refusal at the field it names, and its failure on the form', async () => {
    const refused = post({ email: 'a@b.co' }, { status: 400, body: { error: 'Value is not a valid email address' } });
    expect(await replyOf(refused.response)).toMatchObject({
      status: 400,
      reply: { result: { error: { email: ['Value is not a valid email address'] } } },
    });
    const failed = post({ email: 'a@b.co' }, { status: 500, body: { error: 'boom' } });
    expect(await replyOf(failed.response)).toMatchObject({
      status: 503,
      reply: { result: { error: { '': ['Oops an error has occured!'] } } },
    });
  });

  it('sends a post made before the app had started back to its page, with the outcome', async () => {
    const done = await responseOf(post({ email: 'a@b.co', return_to: '/about' }).response);
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('/about?footer-signup=ok%3AsignupThanks#footer-signup');
    const refused = await responseOf(post({ email: '', return_to: '/news?offset=1' }).response);
    expect(refused.headers.get('location')).toBe('/news?offset=1&footer-signup=error%3AvalueRequired#footer-signup');
  });

  it('never sends the shopper to another site, however return_to spells it', async () => {
    const leaving = [
      '/.//evil.example',
      '/%2e//evil.example',
      '/../..//evil.example',
      '/\\evil.example',
      '/%2f%2fevil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      'https://evil.example',
    ];
    for (const returnTo of leaving) {
      const done = await responseOf(post({ email: 'a@b.co', return_to: returnTo }).response);
      expect(done.status).toBe(303);
      const location = done.headers.get('location') ?? '';
      expect(new URL(location, 'https://shop.example.com').origin, `${JSON.stringify(returnTo)} → ${location}`).toBe(
        'https://shop.example.com',
      );
      expect(location, JSON.stringify(returnTo)).toMatch(/^\/(?![/\\])/);
    }
  });

  it('answers a body that is not a form, and a GET, with a 4xx', async () => {
    const api = vi.fn<ServerApi>();
    const thrown = await responseOf(
      action(
        postArgs(
          ADDRESS,
          ADDRESS,
          {},
          { headers: { 'content-type': 'application/json' }, body: '{"email":"a@b.co"}' },
          api,
        ),
      ),
    );
    expect(thrown.status).toBe(400);
    expect(await thrown.json()).toEqual({ error: 'The body is not a form (send it as form data)' });
    expect(api).not.toHaveBeenCalled();
    const get = loader();
    expect(get.status).toBe(405);
    expect(await get.json()).toEqual({ error: 'This address takes a form posted to it' });
  });
});
