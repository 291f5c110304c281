import { useCallback, useEffect, useRef, useState } from 'react';
import { MESSAGES } from '../../../shared/messages.ts';
import { cardTokenEndpoint } from '../../../shared/api/card-token.ts';
import type { CardToken } from '../../../shared/order.ts';
import {
  cardNumberDigits,
  checkCardDetails,
  detectCardBrand,
  formatCardNumber,
  type CardBrand,
  type CardField,
} from '../../../shared/payment-card.ts';
import { ApiError } from '../api/api-client.ts';
import { notify } from '../notifications/notifications.ts';
import { shopApi } from '../api/use-api.ts';
import { useShop } from '../use-shop.ts';

/** What the shopper typed; it lives in this page only and is sent once, for a token. */
export interface CardInput {
  number: string;
  /** MM/YY */
  expiry: string;
  cvc: string;
}

export interface CardProblem {
  field: CardField;
  message: string;
  /** The shopper pressed Place order with this card: the field takes the focus. */
  fromSubmit: boolean;
  /**
   * The gateway refused this card when the order was placed: the message stays until the card changes, no
   * token is asked for it meanwhile, and it is named nowhere as a card ready to pay.
   */
  declined: boolean;
}

const EMPTY: CardInput = { number: '', expiry: '', cvc: '' };
/** A complete card waits this long for another key before its token is asked for. */
const TOKENIZE_AFTER_TYPING_MS = 400;

/** MM/YY (or MM/YYYY) as month and year; NaN where it cannot be read. */
export function parseExpiry(expiry: string): { month: number; year: number } {
  const match = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(expiry);
  return match ? { month: Number(match[1]), year: Number(match[2]) } : { month: Number.NaN, year: Number.NaN };
}

/** The expiry as the shopper types it: '1230' reads '12/30'. */
export function formatExpiryInput(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** The message of a refused token at the field it is about. */
function fieldOfMessage(message: string): CardField {
  if (message === MESSAGES.cardExpired || message === MESSAGES.cardExpiryInvalid) return 'expiry';
  if (message === MESSAGES.cardCvcIncorrect || message === MESSAGES.cardCvcInvalid) return 'cvc';
  return 'number';
}

const isComplete = (card: CardInput) =>
  cardNumberDigits(card.number) !== null && card.expiry.length >= 4 && card.cvc.trim().length >= 3;

/**
 * The card form's state: the typed card, its brand, and the token made for it once it passes the shared
 * checks. The number and CVC stay in memory, never in storage; the token is what the order is paid with.
 */
export function useCardPayment() {
  const { brand: shop } = useShop();
  const [card, setCard] = useState<CardInput>(EMPTY);
  const [token, setToken] = useState<CardToken | null>(null);
  const [problem, setProblem] = useState<CardProblem | null>(null);
  const [tokenizing, setTokenizing] = useState(false);
  const latest = useRef(card);
  latest.current = card;
  const pending = useRef<Promise<CardToken | null> | null>(null);

  const digits = card.number.replace(/\D/g, '');
  const brand: CardBrand | null = digits.length >= 1 ? detectCardBrand(digits) : null;

  /** Asks for the typed card's token; from Place order, a card the shared checks refuse is a failed validation (spec 4). */
  const tokenize = useCallback(
    (fromSubmit = false): Promise<CardToken | null> => {
      const typed = latest.current;
      const { month, year } = parseExpiry(typed.expiry);
      const checked = checkCardDetails(
        { number: typed.number, expMonth: month, expYear: year, cvc: typed.cvc },
        new Date(),
      );
      if (!checked.ok) {
        setProblem({ field: checked.field, message: checked.message, fromSubmit, declined: false });
        if (fromSubmit) notify({ type: 'danger', message: MESSAGES.correctTheErrors });
        return Promise.resolve(null);
      }
      if (pending.current) return pending.current;
      setTokenizing(true);
      const request = shopApi(shop)
        .call(
          cardTokenEndpoint,
          {
            body: {
              number: checked.digits,
              exp_month: checked.expMonth,
              exp_year: checked.expYear,
              cvc: typed.cvc.trim(),
            },
          },
          { suppressNotification: true },
        )
        .then((data) => {
          if (latest.current !== typed) return null;
          setToken(data);
          // Sent again as it was, a refused card keeps its message until the order's new answer.
          setProblem((current) => (current?.declined ? current : null));
          return data;
        })
        .catch((error: unknown) => {
          const message = (error instanceof ApiError ? error.serverText : null) ?? MESSAGES.paymentUnavailable;
          if (latest.current === typed)
            setProblem({ field: fieldOfMessage(message), message, fromSubmit, declined: false });
          return null;
        })
        .finally(() => {
          pending.current = null;
          setTokenizing(false);
        });
      pending.current = request;
      return request;
    },
    [shop],
  );

  // A refused card is not made a token again by itself: a fresh token cleared the decline's message at once.
  const declined = problem?.declined ?? false;
  useEffect(() => {
    if (token || declined || !isComplete(card)) return;
    const timer = window.setTimeout(() => void tokenize(), TOKENIZE_AFTER_TYPING_MS);
    return () => window.clearTimeout(timer);
  }, [card, token, declined, tokenize]);

  /** The address changed: the token and the typed card are dropped, the shopper enters the card again. */
  const clear = useCallback(() => {
    setCard(EMPTY);
    setToken(null);
    setProblem(null);
  }, []);

  /** The order was declined (or card attempts were refused): the message at the card until the card changes. */
  const decline = useCallback((message: string) => {
    setToken(null);
    setProblem({ field: 'number', message, fromSubmit: true, declined: true });
  }, []);

  const edit = (field: keyof CardInput, value: string) => {
    const shown = field === 'expiry' ? formatExpiryInput(value) : field === 'number' ? formatCardNumber(value) : value;
    setCard((previous) => ({ ...previous, [field]: shown }));
    setToken(null);
    setProblem((current) => (current?.field === field || current?.field === 'number' ? null : current));
  };

  return {
    card,
    brand,
    token,
    problem,
    tokenizing,
    edit,
    tokenize,
    clear,
    decline,
  };
}

export type CardPayment = ReturnType<typeof useCardPayment>;
