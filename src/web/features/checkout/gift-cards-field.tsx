import { useEffect, useRef } from 'react';
import { normalizeCode } from '../../../shared/bag-pricing.ts';
import type { GiftCardPayment } from '../../../shared/cart.ts';
import { MAX_GIFT_CARDS } from '../../../shared/constants.ts';
import { MESSAGES } from '../../../shared/messages.ts';
import { formatMoney } from '../../../shared/money.ts';
import { dismissWhere } from '../../lib/notifications/notifications.ts';
import { CodeEntry } from '../../ui/code-entry.tsx';

export interface GiftCardsFieldProps {
  cards: GiftCardPayment[];
  /** The new list; the bag is priced again, which fills in what each card pays or drops an unknown one. */
  onChange: (cards: GiftCardPayment[]) => void;
}

/** The gift cards paying part of the bag: each with what it pays and its removal, and a field to add one. */
export function GiftCardsField({ cards, onChange }: GiftCardsFieldProps) {
  // The codes typed on this page: once a card pays, what the bag said of a mistyped one is out of date.
  const tried = useRef(new Set<string>());
  const paying = cards
    .filter((card) => card.amount > 0)
    .map((card) => card.code)
    .join(' ');
  useEffect(() => {
    if (!paying) return;
    const refusals = new Set(
      [...tried.current].flatMap((code) => [MESSAGES.giftCardUnknown(code), MESSAGES.giftCardEmpty(code)]),
    );
    dismissWhere((shown) => refusals.has(shown.message));
  }, [paying]);
  const add = (typed: string) => {
    const code = normalizeCode(typed);
    tried.current.add(code);
    if (!cards.some((card) => card.code === code)) onChange([...cards, { code, amount: 0 }]);
    return { applied: true, refusal: null };
  };
  return (
    <div className="flex flex-col gap-2">
      {cards.length > 0 && (
        <ul className="flex flex-col gap-2">
          {cards.map((card) => (
            <li key={card.code} className="flex items-center justify-between gap-3 bg-surface-muted px-3 py-2 text-sm">
              <span className="flex-1">{MESSAGES.giftCardPays(card.code)}</span>
              <span className="tabular-nums">−{formatMoney(card.amount)}</span>
              <button
                type="button"
                onClick={() => onChange(cards.filter((other) => other.code !== card.code))}
                className="min-h-9 underline underline-offset-4"
                aria-label={MESSAGES.removeGiftCard(card.code)}
              >
                {MESSAGES.remove}
              </button>
            </li>
          ))}
        </ul>
      )}
      {cards.length < MAX_GIFT_CARDS && (
        <CodeEntry label={MESSAGES.giftCardCode} buttonLabel={MESSAGES.addGiftCard} onApply={add} />
      )}
    </div>
  );
}
