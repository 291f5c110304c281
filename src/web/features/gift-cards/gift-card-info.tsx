import { Link } from 'react-router';
import { MESSAGES } from '../../../shared/messages.ts';
import { PATHS } from '../../../shared/paths.ts';
import { giftCardBalanceSchema } from '../../../shared/validators.ts';
import { GIFT_CARD_BALANCE_FORM_ID, type GiftCardBalanceReply } from '../../lib/gift-cards/gift-card-forms.ts';
import { useShopForm } from '../../lib/forms/use-shop-form.ts';
import { useGiftCardDraft } from '../../lib/gift-card-draft.ts';
import { useShop } from '../../lib/use-shop.ts';
import { Button, buttonStyles } from '../../ui/button.tsx';
import { TextField } from '../../ui/form-field.tsx';

/** The balance check: a code, answered with what is left on the card, or the one message for any code that is not one. */
function GiftCardBalanceForm({ initialReply }: { initialReply: GiftCardBalanceReply | null }) {
  const [draft, setDraft] = useGiftCardDraft();
  const { form, fields, pending, reply, formProps } = useShopForm({
    id: GIFT_CARD_BALANCE_FORM_ID,
    action: PATHS.giftCardsInfo,
    schema: giftCardBalanceSchema,
    revalidate: false,
    initialReply,
  });
  const formError = pending ? null : (form.errors?.[0] ?? null);
  return (
    <form {...formProps} aria-busy={pending} className="flex flex-col gap-4">
      <TextField
        label={MESSAGES.giftCardCode}
        name={fields.code.name}
        value={draft.code}
        onChange={(event) => setDraft((previous) => ({ ...previous, action: 'balance', code: event.target.value }))}
        error={fields.code.errors?.[0]}
        placeholder={MESSAGES.giftCardCodePlaceholder}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
      />
      <Button type="submit" variant="primary" pending={pending} className="min-h-12 px-8">
        {pending ? MESSAGES.checkingBalance : MESSAGES.checkBalance}
      </Button>
      <p
        id={form.errorId}
        role="status"
        className={`min-h-5 text-base font-semibold ${formError ? 'text-danger' : ''}`}
      >
        {formError ?? (!pending && reply?.notice) ?? ''}
      </p>
    </form>
  );
}

/**
 * /giftcards/info: the balance check, and the terms as the shop publishes them. On a phone the check comes
 * right under the heading, before the terms (about 1,300 px of them); from md it sits beside them.
 */
export function GiftCardInfo({ initialReply }: { initialReply: GiftCardBalanceReply | null }) {
  const { websiteConfig } = useShop();
  const terms = MESSAGES.giftCardTerms(websiteConfig?.site_name ?? '', websiteConfig?.support_email ?? '');
  return (
    <main
      id="main"
      className="mx-auto grid w-full max-w-6xl gap-x-12 gap-y-8 px-4 pb-16 pt-8 md:grid-cols-[minmax(0,1fr)_24rem] md:px-8 md:pt-14"
    >
      <h1 className="font-display text-3xl font-black uppercase tracking-tight md:col-start-1 md:row-start-1 md:text-5xl">
        {MESSAGES.giftCardInfoTitle}
      </h1>
      {/* The heading's id is not the form's: a second element with the form's id left Conform's submitter outside it. */}
      <aside
        aria-labelledby="gift-card-balance-heading"
        className="flex flex-col gap-4 self-start border border-line p-6 md:sticky md:top-6 md:col-start-2 md:row-span-2 md:row-start-1"
      >
        <h2 id="gift-card-balance-heading" className="text-lg font-bold uppercase tracking-wider">
          {MESSAGES.giftCardBalanceHeading}
        </h2>
        <p className="text-sm text-ink-muted">{MESSAGES.giftCardBalanceIntro}</p>
        <GiftCardBalanceForm initialReply={initialReply} />
        <Link to={PATHS.giftCardsCheckout} className={buttonStyles('plain', 'w-fit')}>
          {MESSAGES.buyGiftCard}
        </Link>
      </aside>
      <section aria-labelledby="gift-card-terms" className="flex flex-col gap-6 md:col-start-1 md:row-start-2">
        <h2 id="gift-card-terms" className="text-lg font-bold uppercase tracking-wider">
          {MESSAGES.giftCardTermsHeading}
        </h2>
        {terms.map((term) => (
          <div key={term.heading} className="flex flex-col gap-1">
            <h3 className="font-bold">{term.heading}</h3>
            <p className="text-ink-muted">{term.text}</p>
          </div>
        ))}
      </section>
    </main>
  );
}
