import { useEffect, useLayoutEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useFetcher } from 'react-router';
import type { AccountAddress } from '../../../shared/account-area.ts';
import { addressChanged } from '../../../shared/address-suggestion.ts';
import { emptyAddress, type CartAddress } from '../../../shared/cart.ts';
import { MESSAGES } from '../../../shared/messages.ts';
import { formatMoney } from '../../../shared/money.ts';
import { PATHS } from '../../../shared/paths.ts';
import { isSignedIn } from '../../../shared/user.ts';
import { checkoutSchema } from '../../../shared/validators.ts';
import { bagTotals } from '../../lib/cart/bag-totals.ts';
import { useCartRefresh } from '../../lib/cart/use-cart-refresh.ts';
import { withAccountDefaults, type CheckoutAccountData } from '../../lib/checkout/checkout-account.ts';
import { checkoutAttemptKey, sessionStorageOrNull } from '../../lib/checkout/checkout-attempt.ts';
import { CARD_FIELD, CHECKOUT_FIELDS, CHECKOUT_FORM_ID, type CheckoutReply } from '../../lib/checkout/checkout-form.ts';
import { useCardPayment } from '../../lib/checkout/use-card-payment.ts';
import { useSavedCards } from '../../lib/checkout/use-saved-cards.ts';
import { parseForm } from '../../lib/forms/form-reply.ts';
import { isIntentSubmit, useShopForm } from '../../lib/forms/use-shop-form.ts';
import { loginPathFrom } from '../../lib/navigation/login-destination.ts';
import { dismissWhere, notify } from '../../lib/notifications/notifications.ts';
import { useShop } from '../../lib/use-shop.ts';
import { useUser } from '../../lib/user-store.ts';
import { AddressForm, addressErrors } from '../../ui/address-form/address-form.tsx';
import { AfterStart } from '../../ui/after-start.tsx';
import { Button, buttonStyles } from '../../ui/button.tsx';
import { TextField } from '../../ui/form-field.tsx';
import { PromoCodeField } from '../../ui/promo-code-field.tsx';
import { CardPaymentFields } from '../../ui/card-payment-fields.tsx';
import { SavedCardChoice } from '../../ui/saved-card-choice.tsx';
import { CheckoutSummary } from './checkout-summary.tsx';
import { GiftCardsField } from './gift-cards-field.tsx';
import { SavedAddressPicker } from './saved-address-picker.tsx';

/** A section of the page, numbered by its heading. */
function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4 border-b border-line pb-8">
      <h2 id={id} className="text-lg font-bold uppercase tracking-wider">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A guest checks out as one, or signs in and comes back. */
function GuestLine() {
  return (
    <p className="text-sm text-ink-muted">
      {MESSAGES.guestCheckout} {MESSAGES.haveAnAccount}{' '}
      <Link to={loginPathFrom(PATHS.checkout)} className="font-semibold text-ink underline underline-offset-4">
        {MESSAGES.signInToCheckout}
      </Link>
    </p>
  );
}

/**
 * /checkout (spec 2.1): one page to finish on a phone. The bag is priced by the server as it changes (the
 * shipping address decides tax and methods); what the shopper types is kept in the cart store, so a reload
 * keeps it, except the card, which stays in memory until it becomes a token. Place order posts the form to the
 * route's action with the attempt's idempotency key, so a double click or a retry places one order.
 */
export function CheckoutPage({ account }: { account: CheckoutAccountData }) {
  const { signedIn } = account;
  // The server draws what a guest's contact section says first; the bag and the form wait for the browser.
  const preview = signedIn ? undefined : (
    <Section id="checkout-contact" title={MESSAGES.contactInformation}>
      <GuestLine />
    </Section>
  );
  return (
    <main id="main" className="mx-auto w-full max-w-6xl px-4 pb-28 pt-6 md:px-8 md:pt-10">
      <h1 className="mb-6 font-display text-3xl font-black uppercase tracking-tight md:text-4xl">
        {MESSAGES.checkout}
      </h1>
      <AfterStart preview={preview}>
        <CheckoutForm account={account} />
      </AfterStart>
    </main>
  );
}

const NO_ADDRESSES: readonly AccountAddress[] = [];

function CheckoutForm({ account }: { account: CheckoutAccountData }) {
  const { brand } = useShop();
  const user = useUser();
  const signedIn = isSignedIn(user);
  const { cart, setCart, refreshing, upToDate, settle, applyPromo, status } = useCartRefresh(true);
  const [attemptKey] = useState(() => checkoutAttemptKey(sessionStorageOrNull(), brand));
  const payment = useCardPayment();
  const savedCards = useSavedCards(account.savedCards, signedIn);
  const addresses = signedIn ? account.addresses : NO_ADDRESSES;
  const { form, fields, pending, reply, formProps } = useShopForm({
    id: CHECKOUT_FORM_ID,
    action: PATHS.checkout,
    schema: checkoutSchema,
    processingType: 'overlay',
    revalidate: false,
  });
  const { data: answer } = useFetcher<CheckoutReply>({ key: CHECKOUT_FORM_ID });
  const formRef = useRef<HTMLFormElement>(null);
  // What the bag said before checkout opened ('Item successfully added to cart') is done with: it would sit over
  // the form's fields. Dismissed before the form is first painted, so it never shows over them.
  useLayoutEffect(() => dismissWhere(() => true), []);
  // A signed-in customer's empty checkout is filled from the account once, before it is first painted.
  const filled = useRef(false);
  useLayoutEffect(() => {
    if (filled.current || !isSignedIn(user)) return;
    filled.current = true;
    setCart((previous) => withAccountDefaults(previous, addresses, user));
  }, [user, addresses, setCart]);
  const [submitWhenTokenized, setSubmitWhenTokenized] = useState(false);
  const [submitWhenPriced, setSubmitWhenPriced] = useState(false);
  const totals = bagTotals(cart);
  const needsCard = totals.balanceDue > 0;
  const newCard = savedCards.chosenId === null;

  // A refused order, once per answer: a decline goes to the card, a changed bag replaces the stored one.
  const { decline } = payment;
  const handled = useRef<CheckoutReply | undefined>(undefined);
  useEffect(() => {
    if (!answer || handled.current === answer) return;
    handled.current = answer;
    const declined = answer.result.error?.[CARD_FIELD]?.[0];
    if (declined) decline(declined);
    if (answer.updatedCart) setCart(answer.updatedCart);
  }, [answer, decline, setCart]);

  // The bag was priced after Place order asked for it (a gift card or an address entered just before): the
  // order goes on with the balance the shopper now sees.
  useEffect(() => {
    if (!submitWhenPriced) return;
    if (upToDate) formRef.current?.requestSubmit();
    if (upToDate || !refreshing) setSubmitWhenPriced(false);
  }, [submitWhenPriced, upToDate, refreshing]);

  // The card's token arrived after Place order asked for it: the order goes on with it.
  useEffect(() => {
    if (!submitWhenTokenized) return;
    if (payment.token) formRef.current?.requestSubmit();
    if (payment.token || !payment.tokenizing) setSubmitWhenTokenized(false);
  }, [submitWhenTokenized, payment.token, payment.tokenizing]);

  if (cart.items.length === 0) {
    return (
      <div className="flex flex-col items-start gap-6 py-10">
        <p className="text-lg font-semibold">{MESSAGES.bagEmpty}</p>
        <Link to={PATHS.shop} className={buttonStyles('primary', 'px-8 py-3')}>
          {MESSAGES.shopNow}
        </Link>
      </div>
    );
  }

  const changeShipping = (next: CartAddress) => {
    if (payment.token && addressChanged(cart.shipping_address, next)) {
      payment.clear();
      notify({ type: 'info', message: MESSAGES.paymentClearedOnAddressChange });
    }
    setCart((previous) => ({ ...previous, shipping_address: next }));
  };

  /** 'Another address' empties the form, keeping the customer's name. */
  const anotherAddress = (): CartAddress => ({
    ...emptyAddress(),
    first_name: user?.first_name ?? '',
    last_name: user?.last_name ?? '',
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // Conform's own validating submits, a submit while the order is being sent and a form with errors go
    // straight to the form, which answers them.
    const formAnswers =
      isIntentSubmit(event) ||
      pending ||
      parseForm(new FormData(event.currentTarget), checkoutSchema).status !== 'success';
    if (!formAnswers && !upToDate) {
      // The bag changed since the server last priced it: it is priced first, so the balance sent is the one shown.
      event.preventDefault();
      setSubmitWhenPriced(true);
      void settle();
      return;
    }
    if (!formAnswers && needsCard && newCard && !payment.token) {
      // The card becomes a token first; the order is sent once it has one.
      event.preventDefault();
      setSubmitWhenTokenized(true);
      void payment.tokenize(true);
      return;
    }
    formProps.onSubmit(event);
  };

  const formError = form.errors?.[0] ?? reply?.result.error?.['']?.[0];
  const working = pending || submitWhenTokenized || submitWhenPriced;
  const shippingFields = fields.shipping_address.getFieldset();
  const billingFields = fields.billing_address.getFieldset();

  return (
    <form {...formProps} ref={formRef} onSubmit={onSubmit} className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <input type="hidden" name={CHECKOUT_FIELDS.cart} value={JSON.stringify(cart)} />
      <input type="hidden" name={CHECKOUT_FIELDS.idempotencyKey} value={attemptKey} />
      <input
        type="hidden"
        name={CHECKOUT_FIELDS.cardToken}
        value={needsCard && newCard ? (payment.token?.token ?? '') : ''}
      />
      <input type="hidden" name={CHECKOUT_FIELDS.expectedBalanceDue} value={String(cart.totals.balance_due.amount)} />
      <div className="flex flex-col gap-8">
        <Section id="checkout-contact" title={MESSAGES.contactInformation}>
          {signedIn ? (
            <>
              <p className="text-sm">{MESSAGES.signedInAs(user.username)}</p>
              <input type="hidden" name="customer_email" value={user.username} />
            </>
          ) : (
            <>
              <TextField
                label={MESSAGES.emailAddress}
                name="customer_email"
                type="email"
                autoComplete="email"
                value={cart.customer_email}
                error={fields.customer_email.errors?.[0]}
                onChange={(event) => setCart((previous) => ({ ...previous, customer_email: event.target.value }))}
                onBlur={() => setCart((previous) => ({ ...previous, customer_email: previous.customer_email.trim() }))}
              />
              <GuestLine />
            </>
          )}
        </Section>

        <Section id="checkout-shipping" title={MESSAGES.shippingAddress}>
          {addresses.length > 0 && (
            <SavedAddressPicker
              addresses={addresses}
              value={cart.shipping_address}
              onChoose={(address) => changeShipping(address ?? anotherAddress())}
            />
          )}
          <AddressForm
            name="shipping_address"
            autofillSection="shipping"
            value={cart.shipping_address}
            onChange={changeShipping}
            errors={addressErrors(shippingFields)}
          />
        </Section>

        <Section id="checkout-method" title={MESSAGES.shippingMethod}>
          {cart.available_ship_methods.length === 0 ? (
            <p className="text-sm text-ink-muted">{MESSAGES.shippingMethodsNeedAddress}</p>
          ) : (
            <fieldset className="flex flex-col gap-2">
              <legend className="sr-only">{MESSAGES.shippingMethod}</legend>
              {cart.available_ship_methods.map((method) => (
                <label
                  key={method.code}
                  className="flex min-h-12 cursor-pointer items-center gap-3 border border-line px-4 has-checked:border-ink"
                >
                  <input
                    type="radio"
                    name="requested_ship_method"
                    value={method.code}
                    checked={cart.requested_ship_method === method.code}
                    onChange={() => setCart((previous) => ({ ...previous, requested_ship_method: method.code }))}
                    className="size-5 accent-current"
                  />
                  <span className="flex-1 text-sm font-semibold">{method.name}</span>
                  <span className="text-sm tabular-nums">
                    {method.price === 0 ? MESSAGES.free : formatMoney(method.price)}
                  </span>
                </label>
              ))}
            </fieldset>
          )}
        </Section>

        <Section id="checkout-payment" title={MESSAGES.payment}>
          <PromoCodeField
            applied={cart.promo_code_code}
            offered={status?.promoEnabled ?? false}
            apply={applyPromo}
            remove={() => setCart((previous) => ({ ...previous, promo_code_id: null, promo_code_code: null }))}
          />
          {signedIn && cart.available_credit > 0 && (
            <label className="flex min-h-12 cursor-pointer items-center gap-3 text-sm">
              <input
                type="checkbox"
                checked={cart.use_store_credit}
                onChange={(event) => setCart((previous) => ({ ...previous, use_store_credit: event.target.checked }))}
                className="size-5 accent-current"
              />
              {MESSAGES.applyStoreCredit(formatMoney(cart.available_credit))}
            </label>
          )}
          <GiftCardsField
            cards={cart.gift_card_payment_items}
            onChange={(cards) => setCart((previous) => ({ ...previous, gift_card_payment_items: cards }))}
          />
          {needsCard && savedCards.cards.length > 0 && (
            <SavedCardChoice name={CHECKOUT_FIELDS.savedCardId} {...savedCards} />
          )}
          {needsCard ? (
            newCard && <CardPaymentFields payment={payment} />
          ) : (
            <p className="text-sm">{MESSAGES.nothingToPayByCard}</p>
          )}
          {needsCard && newCard && signedIn && (
            <label className="flex min-h-12 cursor-pointer items-center gap-3 text-sm">
              <input type="checkbox" name={CHECKOUT_FIELDS.saveCard} className="size-5 accent-current" />
              {MESSAGES.saveCardForNextTime}
            </label>
          )}
        </Section>

        <Section id="checkout-billing" title={MESSAGES.billingAddress}>
          <label className="flex min-h-12 cursor-pointer items-center gap-3 text-sm">
            <input
              type="checkbox"
              name="billing_address_same_as_shipping"
              checked={cart.billing_address_same_as_shipping}
              onChange={(event) =>
                setCart((previous) => ({ ...previous, billing_address_same_as_shipping: event.target.checked }))
              }
              className="size-5 accent-current"
            />
            {MESSAGES.billingSameAsShipping}
          </label>
          {!cart.billing_address_same_as_shipping && addresses.length > 0 && (
            <SavedAddressPicker
              addresses={addresses}
              value={cart.billing_address}
              onChoose={(address) =>
                setCart((previous) => ({ ...previous, billing_address: address ?? anotherAddress() }))
              }
            />
          )}
          {!cart.billing_address_same_as_shipping && (
            <AddressForm
              name="billing_address"
              autofillSection="billing"
              value={cart.billing_address}
              onChange={(next) => setCart((previous) => ({ ...previous, billing_address: next }))}
              errors={addressErrors(billingFields)}
            />
          )}
        </Section>
      </div>

      <aside className="flex flex-col gap-6 lg:sticky lg:top-6 lg:self-start">
        <CheckoutSummary cart={cart} busy={refreshing} />
        {formError && (
          <p role="alert" className="border-l-4 border-danger bg-surface-muted px-3 py-2 text-sm">
            {formError}
          </p>
        )}
        <Button
          type="submit"
          variant="primary"
          pending={working}
          disabled={status?.disableCheckout ?? false}
          className="min-h-14 w-full px-6"
        >
          {working ? MESSAGES.placingOrder : MESSAGES.placeOrder}
        </Button>
      </aside>
    </form>
  );
}
