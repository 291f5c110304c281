import { Link } from 'react-router';
import {
  GIFT_CARD_MAX_AMOUNT,
  GIFT_CARD_MIN_AMOUNT,
  giftCardPromo,
  PROMO_STEP_AMOUNT,
} from '../../../shared/gift-card.ts';
import { MESSAGES } from '../../../shared/messages.ts';
import { formatMoney } from '../../../shared/money.ts';
import { PATHS } from '../../../shared/paths.ts';
import { useShop } from '../../lib/use-shop.ts';
import { buttonStyles } from '../../ui/button.tsx';
import { GiftCardArt, type GiftCardLook } from './gift-card-art.tsx';
import { checkoutStartPath } from './gift-card-start.ts';

const LOOKS: GiftCardLook[] = [0, 1, 2];

function Heading({ id, children }: { id: string; children: string }) {
  return (
    <h2 id={id} className="font-display text-2xl font-black uppercase tracking-tight md:text-3xl">
      {children}
    </h2>
  );
}

/**
 * /giftcards: the gift card splash. The amounts and the occasions lead to the purchase with the amount or a
 * first message filled in (by the address, so they work before the app has started); the promotion shows while
 * the website config has a rate.
 */
export function GiftCardSplash() {
  const { websiteConfig } = useShop();
  const siteName = websiteConfig?.site_name ?? '';
  const denominations = websiteConfig?.gift_card_denominations ?? [];
  const promo = websiteConfig ? giftCardPromo(websiteConfig) : null;
  const rate = promo && promo.ratePerFifty > 0 ? formatMoney(promo.ratePerFifty) : null;
  // The front card of the hero shows an amount the shop offers: $100 when it does, else its largest.
  const heroAmount = denominations.includes(PROMO_STEP_AMOUNT * 2) ? PROMO_STEP_AMOUNT * 2 : denominations.at(-1);
  return (
    <main id="main" className="pb-16">
      <section
        aria-labelledby="gift-cards-heading"
        className="mx-auto grid w-full max-w-6xl items-center gap-10 px-4 pt-8 md:grid-cols-2 md:px-8 md:pt-14"
      >
        <div className="flex flex-col items-start gap-5">
          <p className="text-sm font-bold uppercase tracking-widest text-ink-muted">{MESSAGES.giftCardsTitle}</p>
          <h1
            id="gift-cards-heading"
            className="font-display text-4xl font-black uppercase leading-none tracking-tight md:text-6xl"
          >
            {MESSAGES.giftCardsHeroTitle}
          </h1>
          <p className="max-w-md text-lg text-ink-muted">{MESSAGES.giftCardsHeroText}</p>
          <div className="flex flex-wrap gap-3">
            <Link
              to={PATHS.giftCardsCheckout}
              className={buttonStyles('primary', 'inline-flex min-h-12 items-center px-8')}
            >
              {MESSAGES.buyGiftCard}
            </Link>
            <Link
              to={PATHS.giftCardsInfo}
              className={buttonStyles('outline', 'inline-flex min-h-12 items-center px-8')}
            >
              {MESSAGES.checkGiftCardBalance}
            </Link>
          </div>
          <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm font-semibold">
            {MESSAGES.giftCardFacts.map((fact) => (
              <li key={fact} className="flex items-center gap-2">
                <span aria-hidden="true" className="size-2 rounded-full bg-ink" />
                {fact}
              </li>
            ))}
          </ul>
        </div>
        <div className="relative mx-auto h-64 w-full max-w-sm sm:h-72 md:h-80">
          {LOOKS.map((look) => (
            <div
              key={look}
              className={[
                'absolute w-4/5',
                look === 0
                  ? 'left-0 top-0 -rotate-6'
                  : look === 1
                    ? 'right-0 top-10 rotate-3'
                    : 'bottom-0 left-6 -rotate-1',
              ].join(' ')}
            >
              <GiftCardArt
                look={look}
                siteName={siteName}
                amount={look === 2 && heroAmount ? formatMoney(heroAmount) : undefined}
              />
            </div>
          ))}
        </div>
      </section>

      {promo && rate && (
        <section aria-labelledby="gift-cards-promo" className="mx-auto mt-14 w-full max-w-6xl px-4 md:px-8">
          <div className="flex flex-col gap-2 bg-ink px-6 py-8 text-page md:flex-row md:items-center md:justify-between md:px-10">
            <div className="flex flex-col gap-2">
              <h2 id="gift-cards-promo" className="font-display text-2xl font-black uppercase tracking-tight">
                {MESSAGES.giftCardPromoHeading}
              </h2>
              <p className="text-lg font-semibold">
                {promo.storeCredit ? MESSAGES.giftCardPromoCredit(rate) : MESSAGES.giftCardPromoCard(rate)}
              </p>
              <p className="text-sm opacity-80">
                {promo.storeCredit ? MESSAGES.giftCardPromoCreditNote : MESSAGES.giftCardPromoCardNote}
              </p>
            </div>
            <Link
              to={checkoutStartPath({ amount: PROMO_STEP_AMOUNT * 2 })}
              className="mt-4 inline-flex min-h-12 items-center justify-center bg-page px-8 text-sm font-bold uppercase tracking-widest text-ink md:mt-0"
            >
              {MESSAGES.giftCardAmountPick(formatMoney(PROMO_STEP_AMOUNT * 2))}
            </Link>
          </div>
        </section>
      )}

      {denominations.length > 0 && (
        <section
          aria-labelledby="gift-cards-amounts"
          className="mx-auto mt-14 flex w-full max-w-6xl flex-col gap-4 px-4 md:px-8"
        >
          <Heading id="gift-cards-amounts">{MESSAGES.giftCardAmountsHeading}</Heading>
          <ul className="grid grid-cols-3 gap-3 sm:grid-cols-6">
            {denominations.map((amount) => (
              <li key={amount}>
                <Link
                  to={checkoutStartPath({ amount })}
                  aria-label={MESSAGES.giftCardAmountPick(formatMoney(amount))}
                  className="flex min-h-16 items-center justify-center border border-ink font-display text-2xl font-black transition-colors hover:bg-ink hover:text-page"
                >
                  {formatMoney(amount)}
                </Link>
              </li>
            ))}
          </ul>
          <p className="text-sm text-ink-muted">
            {MESSAGES.giftCardAmountsText(formatMoney(GIFT_CARD_MIN_AMOUNT), formatMoney(GIFT_CARD_MAX_AMOUNT))}
          </p>
        </section>
      )}

      <section
        aria-labelledby="gift-cards-occasions"
        className="mx-auto mt-14 flex w-full max-w-6xl flex-col gap-4 px-4 md:px-8"
      >
        <Heading id="gift-cards-occasions">{MESSAGES.giftCardOccasionsHeading}</Heading>
        <p className="text-ink-muted">{MESSAGES.giftCardOccasionsText}</p>
        <ul className="grid gap-8 sm:grid-cols-3">
          {MESSAGES.giftCardOccasions.map((occasion, index) => (
            <li key={occasion.name} className="flex flex-col gap-3">
              <GiftCardArt look={LOOKS[index] ?? 0} siteName={siteName} label={occasion.name} />
              <p className="text-sm italic text-ink-muted">“{occasion.message}”</p>
              <Link to={checkoutStartPath({ occasion: index })} className={buttonStyles('plain', 'w-fit')}>
                {MESSAGES.giftCardOccasionPick(occasion.name)}
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section
        aria-labelledby="gift-cards-how"
        className="mx-auto mt-14 flex w-full max-w-6xl flex-col gap-6 px-4 md:px-8"
      >
        <Heading id="gift-cards-how">{MESSAGES.giftCardHowHeading}</Heading>
        <ol className="grid gap-6 md:grid-cols-3">
          {MESSAGES.giftCardHowSteps.map((step, index) => (
            <li key={step} className="flex gap-4 border-t border-line pt-4">
              <span aria-hidden="true" className="font-display text-3xl font-black">
                {index + 1}
              </span>
              <span>{step}</span>
            </li>
          ))}
        </ol>
        <p className="text-sm">
          <Link to={PATHS.giftCardsInfo} className="font-semibold underline underline-offset-4">
            {MESSAGES.giftCardInfoTitle}
          </Link>
        </p>
      </section>
    </main>
  );
}
