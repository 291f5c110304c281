import { describe, expect, it } from 'vitest';
import { emptyAddress, emptyCart } from '../../../shared/cart.ts';
import { checkoutSchema } from '../../../shared/validators.ts';
import { parseForm } from '../forms/form-reply.ts';
import { CARD_FIELD, checkoutReply, placeOrderRequest, readCheckoutAttempt, successRedirect } from './checkout-form.ts';

const address = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  address1: '1 Main St',
  city: 'Springfield',
  region: 'IL',
  postcode: '62701',
  country: 'US',
};

function posted(extra: Record<string, string> = {}) {
  const formData = new FormData();
  formData.set('customer_email', ' ada@example.com ');
  for (const [field, value] of Object.entries(address)) formData.set(`shipping_address.${field}`, value);
  formData.set('billing_address_same_as_shipping', 'on');
  formData.set('cart', JSON.stringify({ ...emptyCart(), customer_email: 'old@example.com' }));
  formData.set('idempotency_key', 'k'.repeat(36));
  formData.set('card_token', 'tok_1');
  formData.set('expected_balance_due', '43.16');
  for (const [name, value] of Object.entries(extra)) formData.set(name, value);
  return formData;
}

function submitted(formData = posted()) {
  const submission = parseForm(formData, checkoutSchema);
  if (submission.status !== 'success') throw new Error('the checkout should parse');
  return submission;
}

describe('the checkout form', () => {
  it('reads the attempt and builds the place-order call with the checked, trimmed values', () => {
    const attempt = readCheckoutAttempt(posted());
    if (!attempt) throw new Error('no attempt');
    const request = placeOrderRequest(submitted().value, attempt);
    expect(request).toMatchObject({
      idempotency_key: 'k'.repeat(36),
      payment: { token: 'tok_1' },
      expected_balance_due: 43.16,
    });
    expect(request.cart.customer_email).toBe('ada@example.com');
    expect(request.cart.shipping_address).toEqual({ ...emptyAddress(), ...address, address2: '', phone: '' });
    expect(request.cart.billing_address).toEqual(request.cart.shipping_address);
    expect(placeOrderRequest(submitted().value, { ...attempt, cardToken: null }).payment).toBeNull();
  });

  it('pays with the saved card the customer chose rather than a new card', () => {
    const attempt = readCheckoutAttempt(posted({ saved_card_id: 'card_1', card_token: '' }));
    if (!attempt) throw new Error('no attempt');
    expect(attempt.savedCardId).toBe('card_1');
    expect(placeOrderRequest(submitted().value, attempt).payment).toEqual({ saved_card_id: 'card_1' });
    expect(readCheckoutAttempt(posted())?.savedCardId).toBeNull();
  });

  it('asks to keep the new card only when the customer ticked it and a new card pays', () => {
    const ticked = readCheckoutAttempt(posted({ save_card: 'on' }));
    if (!ticked) throw new Error('no attempt');
    expect(placeOrderRequest(submitted().value, ticked).save_card).toBe(true);
    expect(placeOrderRequest(submitted().value, { ...ticked, savedCardId: 'card_1' }).save_card).toBeUndefined();
    const unticked = readCheckoutAttempt(posted());
    if (!unticked) throw new Error('no attempt');
    expect(placeOrderRequest(submitted().value, unticked).save_card).toBeUndefined();
  });

  it('refuses hidden fields it cannot read', () => {
    expect(readCheckoutAttempt(posted({ cart: '{not json' }))).toBeNull();
    expect(readCheckoutAttempt(posted({ expected_balance_due: '' }))).toBeNull();
    expect(readCheckoutAttempt(posted({ idempotency_key: '' }))).toBeNull();
  });

  it('follows a placed order to its success page, and only to a path on this site', () => {
    expect(successRedirect({ status: 200, body: { data: { redirect: '/checkout-success/o1/h1' } } })).toBe(
      '/checkout-success/o1/h1',
    );
    expect(successRedirect({ status: 200, body: { data: { redirect: '//evil.example' } } })).toBeNull();
    expect(successRedirect({ status: 402, body: { error: 'Your card was declined.' } })).toBeNull();
  });

  it('puts a decline at the card, a changed bag beside its message, and field messages at their fields', () => {
    expect(
      checkoutReply(submitted(), { status: 402, body: { error: 'Your card was declined.' } }).result.error,
    ).toEqual({ [CARD_FIELD]: ['Your card was declined.'] });
    // The shop's limit on card attempts is said at the card too, in the server's words.
    expect(
      checkoutReply(submitted(), { status: 429, body: { error: 'Too many card attempts.' } }).result.error,
    ).toEqual({ [CARD_FIELD]: ['Too many card attempts.'] });
    const changed = checkoutReply(submitted(), {
      status: 409,
      body: { error: 'Your bag has changed.', updatedCart: emptyCart() },
    });
    expect(changed.result.error).toEqual({ '': ['Your bag has changed.'] });
    expect(changed.updatedCart).toEqual(emptyCart());
    const fields = checkoutReply(submitted(), {
      status: 422,
      body: {
        error: 'Please correct the errors.',
        fields: { 'shipping_address.postcode': 'The ZIP code 62701 is not in IN.' },
      },
    });
    expect(fields.result.error).toEqual({ 'shipping_address.postcode': ['The ZIP code 62701 is not in IN.'] });
  });
});
