import { data, redirect } from 'react-router';
import { placeOrderEndpoint } from '../../shared/api/checkout.ts';
import { checkoutSchema } from '../../shared/validators.ts';
import { CheckoutPage } from '../features/checkout/checkout-page.tsx';
import {
  checkoutReply,
  placeOrderRequest,
  readCheckoutAttempt,
  successRedirect,
  type CheckoutReply,
} from '../lib/checkout/checkout-form.ts';
import { loadCheckoutAccount } from '../lib/checkout/checkout-account.server.ts';
import { loadCheckoutAccountOnClient } from '../lib/checkout/checkout-account.ts';
import { askEndpoint, readForm } from '../lib/forms/form-action.ts';
import { failedReply, parseForm, replyStatus } from '../lib/forms/form-reply.ts';
import { pageMeta } from '../lib/navigation/meta.ts';
import { MESSAGES } from '../../shared/messages.ts';
import type { Route } from './+types/checkout';

/** The signed-in customer's saved cards and addresses, with the page. */
export const loader = ({ context }: Route.LoaderArgs) => loadCheckoutAccount(context);

export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => loadCheckoutAccountOnClient(serverLoader);

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({ matches, title: MESSAGES.checkout, noindex: true });
}

/**
 * Place order: the form checked with the shared schema, then the order placed through the API in process with
 * the attempt's idempotency key. A placed order goes to its success page; a refusal comes back to the form.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request);
  const submission = parseForm(formData, checkoutSchema);
  if (submission.status !== 'success') return data<CheckoutReply>({ result: submission.reply() }, 400);
  const attempt = readCheckoutAttempt(formData);
  if (!attempt) return data<CheckoutReply>(failedReply(), 400);
  const answer = await askEndpoint(context.api, placeOrderEndpoint, {
    body: placeOrderRequest(submission.value, attempt),
  });
  const placed = successRedirect(answer);
  if (placed) return redirect(placed, 303);
  return data(checkoutReply(submission, answer), replyStatus(answer));
}

/**
 * A fetch that never got an answer (offline, a dropped connection) is said on the form, not on an error page;
 * the redirect to a placed order's success page goes on.
 */
export async function clientAction({ serverAction }: Route.ClientActionArgs): Promise<CheckoutReply> {
  try {
    return await serverAction();
  } catch (error) {
    if (error instanceof Response) throw error;
    return failedReply();
  }
}

export default function Checkout({ loaderData }: Route.ComponentProps) {
  return <CheckoutPage account={loaderData} />;
}
