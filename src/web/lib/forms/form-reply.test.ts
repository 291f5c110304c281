import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../shared/messages.ts';
import { signupSchema } from '../../../shared/validators.ts';
import { failedReply, parseForm, replyError, replyFromApi, replyStatus, type ApiAnswer } from './form-reply.ts';

const formData = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.append(name, value);
  return data;
};

const signup = () => {
  const submission = parseForm(formData({ email: 'shopper@example.com' }), signupSchema);
  if (submission.status !== 'success') throw new Error('the sign-up should parse');
  return submission;
};

const answer = (status: number | null, body: unknown): ApiAnswer => ({ status, body });
const options = { success: MESSAGES.signupThanks };

describe('parseForm', () => {
  it('gives the schema’s value, trimmed, and leaves out what the schema does not name', () => {
    const submission = parseForm(formData({ email: ' shopper@example.com ', return_to: '/about' }), signupSchema);
    expect(submission.status).toBe('success');
    if (submission.status === 'success') expect(submission.value).toEqual({ email: 'shopper@example.com' });
  });

  it('puts each field’s first broken rule at the field, for Conform to show and focus', () => {
    const blank = parseForm(formData({ email: '  ' }), signupSchema);
    expect(blank.status).toBe('error');
    expect(blank.reply().error).toEqual({ email: ['Value is required'] });
    expect(parseForm(formData({ email: 'shopper' }), signupSchema).reply().error).toEqual({
      email: ['Value is not a valid email address'],
    });
    expect(parseForm(new FormData(), signupSchema).reply().error).toEqual({ email: ['Value is required'] });
  });
});

describe('replyFromApi', () => {
  it('shows the success messages of the body', () => {
    expect(
      replyFromApi(signup(), answer(200, { messages: [{ type: 'success', text: 'You are on the list.' }] }), options)
        .notice,
    ).toBe('You are on the list.');
    expect(
      replyFromApi(
        signup(),
        answer(201, {
          messages: [
            { type: 'info', text: 'x' },
            { type: 'success', text: 'A.' },
            { type: 'success', text: 'B.' },
          ],
        }),
        options,
      ).notice,
    ).toBe('A. B.');
    expect(replyFromApi(signup(), answer(200, { success: true, message: 'Subscribed.' }), options).notice).toBe(
      'Subscribed.',
    );
    const thanks = replyFromApi(signup(), answer(204, undefined), options);
    expect(thanks.notice).toBe(MESSAGES.signupThanks);
    expect(replyError(thanks)).toBeNull();
  });

  it('shows the error of a 4xx body on the form, or at the field it belongs to', () => {
    expect(
      replyError(replyFromApi(signup(), answer(400, { error: 'Value is not a valid email address' }), options)),
    ).toBe('Value is not a valid email address');
    expect(replyError(replyFromApi(signup(), answer(429, { message: 'Too many requests' }), options))).toBe(
      'Too many requests',
    );
    expect(replyError(replyFromApi(signup(), answer(422, 'nope'), options))).toBe('Oops an error has occured!');

    expect(replyFromApi(signup(), answer(409, { error: 'Already taken' }), options).result.error).toEqual({
      '': ['Already taken'],
    });
    const atField = replyFromApi(signup(), answer(400, { error: 'Already taken' }), {
      ...options,
      fieldOf: () => 'email',
    });
    expect(atField.result.error).toEqual({ email: ['Already taken'] });
    expect(atField.notice).toBeUndefined();
  });

  it('keeps hidden fields out of the reply, whatever the answer', () => {
    const submission = parseForm(formData({ email: 'shopper@example.com' }), signupSchema);
    if (submission.status !== 'success') throw new Error('the sign-up should parse');
    for (const reply of [
      replyFromApi(submission, answer(200, {}), { ...options, hideFields: ['email'] }),
      replyFromApi(submission, answer(422, { error: 'No', fields: { email: 'Taken' } }), {
        ...options,
        hideFields: ['email'],
      }),
      replyFromApi(submission, answer(401, { error: 'No' }), { ...options, hideFields: ['email'] }),
    ]) {
      expect(JSON.stringify(reply)).not.toContain('shopper@example.com');
    }
  });

  it('puts the messages of a refusal that names its fields at those fields', () => {
    const body = {
      error: 'Please correct the errors.',
      fields: { email: 'Value is not a valid email address', 'shipping_address.postcode': 'Zip code required', bad: 3 },
    };
    expect(replyFromApi(signup(), answer(422, body), options).result.error).toEqual({
      email: ['Value is not a valid email address'],
      'shipping_address.postcode': ['Zip code required'],
    });
    expect(replyFromApi(signup(), answer(422, { error: 'Nope', fields: {} }), options).result.error).toEqual({
      '': ['Nope'],
    });
    expect(replyError(replyFromApi(signup(), answer(500, body), options))).toBe('Oops an error has occured!');
  });

  it('falls back to the generic failure on 5xx and network errors', () => {
    expect(replyError(replyFromApi(signup(), answer(500, { error: 'stack trace' }), options))).toBe(
      'Oops an error has occured!',
    );
    expect(replyError(replyFromApi(signup(), answer(null, undefined), options))).toBe('Oops an error has occured!');
    expect(replyError(failedReply())).toBe('Oops an error has occured!');
  });
});

describe('replyStatus', () => {
  it('keeps a refusal’s 4xx and calls a missing or failed API unavailable', () => {
    expect(replyStatus(answer(200, {}))).toBe(200);
    expect(replyStatus(answer(204, undefined))).toBe(200);
    expect(replyStatus(answer(400, {}))).toBe(400);
    expect(replyStatus(answer(429, {}))).toBe(429);
    expect(replyStatus(answer(500, {}))).toBe(503);
    expect(replyStatus(answer(null, undefined))).toBe(503);
  });
});
