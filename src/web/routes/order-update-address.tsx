import { data, redirect } from 'react-router';
import { orderAddressChangeEndpoint, orderViewEndpoint } from '../../shared/api/orders.ts';
import { MESSAGES } from '../../shared/messages.ts';
import { FAILED_ADDRESS_CHANGE_PATH, orderPagePath } from '../../shared/order.ts';
import { shippingAddressFormSchema } from '../../shared/validators.ts';
import { ORDER_ADDRESS_FORM_ID, OrderAddressForm } from '../features/orders/order-address-form.tsx';
import { answerOrFail, askEndpoint, readForm } from '../lib/forms/form-action.ts';
import { flashUrl } from '../lib/forms/form-flash.ts';
import { parseForm, replyFromApi, replyStatus, type FormReply } from '../lib/forms/form-reply.ts';
import { loadEndpoint } from '../lib/load-api.server.ts';
import { notFoundMeta, pageMeta } from '../lib/navigation/meta.ts';
import { NotFoundBoundary } from '../ui/page-not-found.tsx';
import type { Route } from './+types/order-update-address';

/** The order behind the link (a wrong hash is the page's 404); once it has shipped, the failure page says why. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const order = await loadEndpoint(context, orderViewEndpoint, { params }, { notFound: [400, 404] });
  if (!order.can_change_address) throw redirect(FAILED_ADDRESS_CHANGE_PATH);
  return { order };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The 422's messages by field, named as the form names them (`shipping_address.postcode`). */
function fieldErrorsOf(body: unknown): Record<string, string[]> {
  const fields = isRecord(body) && isRecord(body.fields) ? body.fields : {};
  return Object.fromEntries(
    Object.entries(fields).flatMap(([name, text]) => (typeof text === 'string' ? [[name, [text]]] : [])),
  );
}

/**
 * The new address, checked with the shared schema and then by the API (which re-validates and re-taxes it).
 * Saved, the shopper is back on the order with a success message; too late, the failure page says why.
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const formData = await readForm(request);
  const submission = parseForm(formData, shippingAddressFormSchema);
  if (submission.status !== 'success') return data<FormReply>({ result: submission.reply() }, { status: 400 });
  const shipping_address = { ...submission.value.shipping_address, _id: null, is_validated: false };
  const answer = await askEndpoint(context.api, orderAddressChangeEndpoint, { params, body: { shipping_address } });
  if (answer.status === 409) return redirect(FAILED_ADDRESS_CHANGE_PATH, 303);
  if (answer.status === 200) {
    const saved: FormReply = { result: submission.reply(), notice: MESSAGES.orderAddressSaved };
    return redirect(flashUrl(orderPagePath(params.id, params.hash), ORDER_ADDRESS_FORM_ID, saved), 303);
  }
  const fieldErrors = answer.status === 422 ? fieldErrorsOf(answer.body) : {};
  const reply: FormReply = Object.keys(fieldErrors).length
    ? { result: submission.reply({ fieldErrors }) }
    : replyFromApi(submission, answer, { success: MESSAGES.orderAddressSaved });
  return data(reply, { status: replyStatus(answer) });
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => answerOrFail(serverAction);

export function meta({ matches, error }: Route.MetaArgs) {
  if (error) return notFoundMeta(matches);
  return pageMeta({ matches, title: MESSAGES.updateAddressHeading, noindex: true });
}

export default function OrderUpdateAddress({ loaderData, actionData }: Route.ComponentProps) {
  const { order } = loaderData;
  return (
    <main id="main" className="mx-auto w-full max-w-2xl px-4 pb-16 pt-6 md:px-8 md:pt-10">
      <h1 className="font-display text-3xl font-black uppercase tracking-tight md:text-5xl">
        {MESSAGES.updateAddressHeading}
      </h1>
      <p className="mt-3 text-ink-muted">{MESSAGES.updateAddressIntro(order.number)}</p>
      <OrderAddressForm order={order} initialReply={actionData ?? null} />
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <NotFoundBoundary error={error} />;
}
