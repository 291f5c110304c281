import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { formatDay, giftCardBonus, giftCardPromo } from '../../../shared/gift-card.ts';
import { MESSAGES } from '../../../shared/messages.ts';
import { formatMoney } from '../../../shared/money.ts';
import { PATHS } from '../../../shared/paths.ts';
import { isSignedIn } from '../../../shared/user.ts';
import { useGiftCardDraft } from '../../lib/gift-card-draft.ts';
import { useShop } from '../../lib/use-shop.ts';
import { useUser } from '../../lib/user-store.ts';
import { useHydrated } from '../../ui/browser.ts';
import { GiftCardArt } from './gift-card-art.tsx';
import { currentStepIndex, giftCardCheckoutSteps, purchaseOfState } from './gift-card-steps.ts';

/** The card being bought, beside every step: its look, amount, recipient, day and bonus. */
function GiftCardSummary() {
  const [draft] = useGiftCardDraft();
  const { websiteConfig } = useShop();
  const signedIn = isSignedIn(useUser());
  const amount = draft.saleAmount ?? draft.amount;
  if (amount <= 0) return null;
  const bonus = websiteConfig ? giftCardBonus(amount, giftCardPromo(websiteConfig), signedIn) : null;
  return (
    <aside aria-labelledby="gift-card-summary" className="flex w-full flex-col gap-4 border border-line p-5">
      <h2 id="gift-card-summary" className="text-lg font-bold uppercase tracking-wider">
        {MESSAGES.giftCardSummaryHeading}
      </h2>
      <GiftCardArt look={0} siteName={websiteConfig?.site_name ?? ''} amount={formatMoney(amount)} />
      <ul className="flex flex-col gap-1 text-sm">
        {draft.recipientName && <li className="font-semibold">{MESSAGES.giftCardSummaryFor(draft.recipientName)}</li>}
        {draft.recipientEmail && <li className="break-all text-ink-muted">{draft.recipientEmail}</li>}
        <li>
          {draft.deliverOn ? MESSAGES.giftCardSummaryOn(formatDay(draft.deliverOn)) : MESSAGES.giftCardSummaryNow}
        </li>
        {bonus && (
          <li className="font-semibold">
            {bonus.kind === 'card'
              ? MESSAGES.giftCardSummaryBonusCard(formatMoney(bonus.amount))
              : MESSAGES.giftCardSummaryBonusCredit(formatMoney(bonus.amount))}
          </li>
        )}
      </ul>
      <p className="flex items-center justify-between border-t border-line pt-3 font-bold">
        <span>{MESSAGES.total}</span>
        <span className="tabular-nums">{formatMoney(amount)}</span>
      </p>
    </aside>
  );
}

/**
 * /giftcards/checkout and its steps: the heading, where the buyer is, the step and the card's summary. The
 * summary reads the draft in local storage, so it shows once the app has started; so do the steps that read it
 * (each route says so), while the sign-in step, the same for every buyer, is drawn by the server.
 */
export function GiftCardCheckoutLayout({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  const steps = giftCardCheckoutSteps(isSignedIn(useUser()));
  const { pathname, state } = useLocation();
  const path = pathname.replace(/\/+$/, '') || '/';
  const purchased = purchaseOfState(state) !== null;
  const current = currentStepIndex(steps, path, purchased);
  return (
    <main id="main" className="mx-auto w-full max-w-6xl px-4 pb-24 pt-6 md:px-8 md:pt-10">
      <h1 className="font-display text-3xl font-black uppercase tracking-tight md:text-4xl">
        {MESSAGES.giftCardCheckoutTitle}
      </h1>
      <nav aria-label={MESSAGES.giftCardSteps} className="mb-8 mt-4">
        <ol className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
          {steps.map((step, index) => (
            <li
              key={step.label}
              aria-current={index === current ? 'step' : undefined}
              className={index === current ? 'font-bold underline underline-offset-8' : 'text-ink-muted'}
            >
              {index < current ? (
                <>
                  <span aria-hidden="true">✓</span>
                  <span className="sr-only">{MESSAGES.giftCardStepDone}</span>
                </>
              ) : (
                `${index + 1}.`
              )}{' '}
              {step.label}
            </li>
          ))}
        </ol>
      </nav>
      <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="flex min-w-0 flex-col gap-6">{children}</div>
        {hydrated && (
          <div className="flex flex-col gap-3 self-start lg:sticky lg:top-6">
            <GiftCardSummary />
            {current > 0 && !purchased && (
              <Link to={PATHS.giftCardsCheckout} className="w-fit text-sm underline underline-offset-4">
                {MESSAGES.giftCardEditDetails}
              </Link>
            )}
          </div>
        )}
      </div>
    </main>
  );
}
