import { Link } from 'react-router';
import type { AccountOrder, AccountWallet } from '../../../shared/account-area.ts';
import { MESSAGES } from '../../../shared/messages.ts';
import { formatMoney } from '../../../shared/money.ts';
import { PATHS } from '../../../shared/paths.ts';
import { savedCardLabel } from '../../../shared/payment-card.ts';
import type { FormReply } from '../../lib/forms/form-reply.ts';
import { buttonStyles } from '../../ui/button.tsx';
import { Notice } from '../../ui/notice.tsx';
import { LocalTime } from '../../ui/local-time.tsx';
import {
  FORM_IDS,
  ordersById,
  replyFor,
  STEP_PARAMS,
  storeCreditReason,
  WALLET_INTENTS,
  type AccountFormReply,
} from './account-area.ts';
import { AccountPage, ITEM_ACTION, Panel } from './account-page.tsx';
import { ConfirmStep } from './chosen-id-form.tsx';

type SavedCard = AccountWallet['cards'][number];

const removePath = (id: string) => `${PATHS.accountWallet}?${new URLSearchParams({ [STEP_PARAMS.removeCard]: id })}`;

function CardRow({ card, removing, reply }: { card: SavedCard; removing: boolean; reply: AccountFormReply | null }) {
  const label = savedCardLabel(card);
  return (
    <li className="flex flex-col gap-3 border-b border-line pb-4 last:border-b-0 last:pb-0">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="font-semibold">{label}</p>
        {!removing && (
          <Link to={removePath(card.id)} replace preventScrollReset className={ITEM_ACTION}>
            {MESSAGES.remove}
            <span className="sr-only"> {label}</span>
          </Link>
        )}
      </div>
      {removing && (
        <ConfirmStep
          formId={`${FORM_IDS.wallet}-remove-${card.id}`}
          action={removePath(card.id)}
          intent={WALLET_INTENTS.removeCard}
          id={card.id}
          label={MESSAGES.confirmRemoveCard}
          pendingLabel={MESSAGES.removing}
          initialReply={replyFor(reply, WALLET_INTENTS.removeCard, card.id)}
          question={MESSAGES.removeCardQuestion}
          keep={{ to: PATHS.accountWallet, label: MESSAGES.keepIt }}
        />
      )}
    </li>
  );
}

const signed = (amount: number) => `${amount < 0 ? '−' : '+'}${formatMoney(Math.abs(amount))}`;

function StoreCreditHistory({
  history,
  orders,
}: {
  history: AccountWallet['store_credit']['history'];
  orders: ReadonlyMap<string, AccountOrder>;
}) {
  if (history.length === 0) return <p className="text-sm text-ink-muted">{MESSAGES.noStoreCreditHistory}</p>;
  return (
    <ol className="flex flex-col divide-y divide-line">
      {history.map((entry, index) => {
        const order = entry.order_id ? orders.get(entry.order_id) : undefined;
        return (
          <li key={index} className="flex items-start justify-between gap-4 py-3 text-sm">
            <div className="flex flex-col gap-0.5">
              <span className="font-semibold">{storeCreditReason(entry.reason)}</span>
              <span className="text-ink-muted">
                <LocalTime at={entry.created_at} format="day" />
                {order && (
                  <>
                    {' · '}
                    <Link to={order.url} className="underline underline-offset-4">
                      {MESSAGES.orderNumber(order.number)}
                    </Link>
                  </>
                )}
              </span>
            </div>
            <span className={`font-semibold tabular-nums ${entry.amount < 0 ? '' : 'text-success'}`}>
              {signed(entry.amount)}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

function GiftCards({ cards }: { cards: AccountWallet['gift_cards'] }) {
  if (cards.length === 0) {
    return (
      <>
        <p className="text-sm text-ink-muted">{MESSAGES.noGiftCards}</p>
        <Link to={PATHS.giftCards} className={buttonStyles('plain', 'self-start py-2')}>
          {MESSAGES.buyGiftCard}
        </Link>
      </>
    );
  }
  return (
    <ul className="flex flex-col divide-y divide-line">
      {cards.map((card) => (
        <li key={card.id} className="flex items-start justify-between gap-4 py-3 text-sm">
          <div className="flex flex-col gap-0.5">
            <span className="font-semibold">{MESSAGES.giftCardEnding(card.last4)}</span>
            <span className="text-ink-muted">
              <LocalTime at={card.created_at} format="day" words={MESSAGES.boughtOn} />
              {card.recipient_email && ` · ${MESSAGES.giftCardSentTo(card.recipient_email)}`}
            </span>
          </div>
          <span className="text-right font-semibold tabular-nums">
            {MESSAGES.giftCardBalanceOf(formatMoney(card.balance), formatMoney(card.initial))}
          </span>
        </li>
      ))}
    </ul>
  );
}

export interface WalletProps {
  wallet: AccountWallet;
  /** The customer's orders, for the store credit history to name the order of an entry. */
  orders: AccountOrder[];
  /** The card whose removal's confirm step is open. */
  removingId: string | null;
  reply: AccountFormReply | null;
  /** The outcome a removal left in the query (?wallet=ok:cardRemoved). */
  flash: FormReply | null;
}

/** The customer's saved cards (with remove), store credit with its history, and the gift cards they bought. */
export function Wallet({ wallet, orders, removingId, reply, flash }: WalletProps) {
  const byId = ordersById(orders);
  return (
    <AccountPage title={MESSAGES.accountSectionNames.wallet}>
      {flash?.notice && <Notice id={FORM_IDS.wallet} text={flash.notice} className="" />}
      <Panel id="wallet-cards" heading={MESSAGES.savedCards}>
        {wallet.cards.length === 0 ? (
          <p className="text-sm text-ink-muted">{MESSAGES.noSavedCards}</p>
        ) : (
          <ul className="flex flex-col gap-4">
            {wallet.cards.map((card) => (
              <CardRow key={card.id} card={card} removing={card.id === removingId} reply={reply} />
            ))}
          </ul>
        )}
      </Panel>
      <div className="grid items-start gap-6 xl:grid-cols-2">
        <Panel id="wallet-store-credit" heading={MESSAGES.storeCredit}>
          <p className="font-display text-3xl font-black tabular-nums">{formatMoney(wallet.store_credit.balance)}</p>
          <h3 className="text-sm font-semibold">{MESSAGES.storeCreditHistory}</h3>
          <StoreCreditHistory history={wallet.store_credit.history} orders={byId} />
        </Panel>
        <Panel id="wallet-gift-cards" heading={MESSAGES.giftCards}>
          <GiftCards cards={wallet.gift_cards} />
        </Panel>
      </div>
    </AccountPage>
  );
}
