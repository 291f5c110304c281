import { Link } from 'react-router';
import * as z from 'zod/mini';
import { MESSAGES } from '../../../shared/messages.ts';
import { orderPagePath, type OrderView } from '../../../shared/order.ts';
import { orderUpdateAddressPath } from '../../../shared/paths.ts';
import type { FormReply } from '../../lib/forms/form-reply.ts';
import { useShopForm } from '../../lib/forms/use-shop-form.ts';
import { Button, buttonStyles } from '../../ui/button.tsx';
import { LocalTime } from '../../ui/local-time.tsx';

/** The cancellation's form id: its element, its fetcher and the flash its outcome leaves on the order page. */
export const ORDER_CANCEL_FORM_ID = 'order-cancel';

/** The query that opens the cancellation's confirm step (?cancel), a link that works before the app has started. */
export const CONFIRM_CANCEL_PARAM = 'cancel';

/** Cancelling asks nothing: the order's link is all the action needs. */
export const cancelSchema = z.lazy(() => z.object({}));

const actionLink = buttonStyles('outline', 'inline-flex w-full items-center justify-center px-4 py-3');

function CancelConfirm({ order, initialReply }: { order: OrderView; initialReply: FormReply | null }) {
  const path = orderPagePath(order.id, order.hash);
  const { form, pending, formProps } = useShopForm({
    id: ORDER_CANCEL_FORM_ID,
    action: `${path}?${CONFIRM_CANCEL_PARAM}`,
    schema: cancelSchema,
    processingType: 'overlay',
    initialReply,
  });
  const error = pending ? null : (form.errors?.[0] ?? null);
  return (
    <form
      {...formProps}
      aria-busy={pending}
      aria-describedby={`${form.id}-question`}
      className="flex flex-col gap-3 border-t border-line pt-4"
    >
      <p id={`${form.id}-question`} className="text-sm">
        {MESSAGES.cancelOrderQuestion}
      </p>
      <Button type="submit" variant="primary" pending={pending} className="px-4 py-3">
        {pending ? MESSAGES.cancellingOrder : MESSAGES.confirmCancelOrder}
      </Button>
      <Link to={path} replace preventScrollReset className={buttonStyles('plain', 'self-center')}>
        {MESSAGES.keepOrder}
      </Link>
      <p id={form.errorId} role="alert" className="min-h-5 text-sm text-danger">
        {error}
      </p>
    </form>
  );
}

export interface OrderActionsProps {
  order: OrderView;
  /** The confirm step of the cancellation is open. */
  confirming: boolean;
  /** The cancellation's answer the page was rendered with (a post made before the app had started). */
  cancelReply: FormReply | null;
}

/** What the shopper may still do with an order, shown only while it is possible. */
export function OrderActions({ order, confirming, cancelReply }: OrderActionsProps) {
  if (!order.can_change_address && !order.can_cancel) return null;
  return (
    <div className="mt-5 flex flex-col gap-4">
      {order.can_change_address && (
        <div className="flex flex-col gap-2">
          <Link to={orderUpdateAddressPath(order.id, order.hash)} className={actionLink}>
            {MESSAGES.changeShippingAddress}
          </Link>
          <p className="text-xs text-ink-muted">{MESSAGES.addressChangeUntilShipped}</p>
        </div>
      )}
      {order.can_cancel && (
        <div className="flex flex-col gap-2">
          {confirming ? (
            <CancelConfirm order={order} initialReply={cancelReply} />
          ) : (
            <Link to={`?${CONFIRM_CANCEL_PARAM}`} replace preventScrollReset className={actionLink}>
              {MESSAGES.cancelOrder}
            </Link>
          )}
          {order.cancel_until && (
            <p className="text-xs text-ink-muted">
              <LocalTime at={order.cancel_until} format="moment" words={MESSAGES.cancelUntil} />
            </p>
          )}
        </div>
      )}
    </div>
  );
}
