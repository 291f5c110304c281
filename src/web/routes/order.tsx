import { useMemo } from 'react';
import { data, redirect, useSearchParams } from 'react-router';
import { orderCancellationEndpoint, orderViewEndpoint } from '../../shared/api/orders.ts';
import { MESSAGES } from '../../shared/messages.ts';
import { FAILED_CANCELLATION_PATH, orderPagePath } from '../../shared/order.ts';
import { ORDER_ADDRESS_FORM_ID } from '../features/orders/order-address-form.tsx';
import {
  cancelSchema,
  CONFIRM_CANCEL_PARAM,
  ORDER_CANCEL_FORM_ID,
  OrderActions,
} from '../features/orders/order-actions.tsx';
import { OrderView } from '../features/orders/order-view.tsx';
import { answerOrFail, askEndpoint, readForm } from '../lib/forms/form-action.ts';
import { flashUrl, readFlash } from '../lib/forms/form-flash.ts';
import { parseForm, replyFromApi, replyStatus, type FormReply } from '../lib/forms/form-reply.ts';
import { loadEndpoint } from '../lib/load-api.server.ts';
import { notFoundMeta, pageMeta } from '../lib/navigation/meta.ts';
import { revalidateAfterForms } from '../lib/navigation/revalidation.ts';
import { Notice } from '../ui/notice.tsx';
import { NotFoundBoundary } from '../ui/page-not-found.tsx';
import type { Route } from './+types/order';

/** The order behind the link; an unknown order or a wrong hash is the page's 404. */
export async function loader({ params, context }: Route.LoaderArgs) {
  return {
    order: await loadEndpoint(context, orderViewEndpoint, { params }, { notFound: [400, 404] }),
  };
}

/**
 * Cancelling the order (the confirm step's form). Done, the shopper sees the order again with the cancelled
 * status and its refunds; too late (shipped, the window closed), the failure page says why.
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const formData = await readForm(request);
  const submission = parseForm(formData, cancelSchema);
  const answer = await askEndpoint(context.api, orderCancellationEndpoint, { params });
  if (answer.status === 409) return redirect(FAILED_CANCELLATION_PATH, 303);
  if (answer.status === 200) {
    const done: FormReply = { result: submission.reply(), notice: MESSAGES.orderCancelledNotice };
    return redirect(flashUrl(orderPagePath(params.id, params.hash), ORDER_CANCEL_FORM_ID, done), 303);
  }
  return data(replyFromApi(submission, answer, { success: MESSAGES.orderCancelledNotice }), {
    status: replyStatus(answer),
  });
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => answerOrFail(serverAction);

/** Opening or closing the cancellation’s confirm step, or a flash in the query, changes nothing the loader read. */
export const shouldRevalidate = revalidateAfterForms;

export function meta({ data: loaded, matches, error }: Route.MetaArgs) {
  if (error || !loaded) return notFoundMeta(matches);
  return pageMeta({ matches, title: MESSAGES.orderNumber(loaded.order.number), noindex: true });
}

/** The outcome a change left in the query (?order-address=ok:…), shown at the top of the order. */
function useFlashNotice(): { id: string; text: string } | null {
  const [searchParams] = useSearchParams();
  return useMemo(() => {
    for (const id of [ORDER_CANCEL_FORM_ID, ORDER_ADDRESS_FORM_ID]) {
      const text = readFlash(searchParams, id)?.notice;
      if (text) return { id, text };
    }
    return null;
  }, [searchParams]);
}

export default function OrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const flash = useFlashNotice();
  const { order } = loaderData;
  const cancelReply: FormReply | null = actionData ?? null;
  return (
    <OrderView
      order={order}
      notice={flash && <Notice id={flash.id} text={flash.text} />}
      actions={
        <OrderActions order={order} confirming={searchParams.has(CONFIRM_CANCEL_PARAM)} cancelReply={cancelReply} />
      }
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <NotFoundBoundary error={error} />;
}
