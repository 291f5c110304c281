import { data } from 'react-router';
import { orderLookupEndpoint } from '../../shared/api/orders.ts';
import { MESSAGES } from '../../shared/messages.ts';
import { orderLookupSchema } from '../../shared/validators.ts';
import { OrderLookupForm } from '../features/orders/order-lookup-form.tsx';
import { answerOrFail, askEndpoint, readForm } from '../lib/forms/form-action.ts';
import { parseForm, replyFromApi, replyStatus, type FormReply } from '../lib/forms/form-reply.ts';
import { pageMeta } from '../lib/navigation/meta.ts';
import type { Route } from './+types/order-lookup';

/**
 * The lookup: the API answers one message whether or not an order matches (and e-mails the link when one does);
 * a 429 says the shopper has looked up too often, at the form.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request);
  const submission = parseForm(formData, orderLookupSchema);
  if (submission.status !== 'success') return data<FormReply>({ result: submission.reply() }, { status: 400 });
  const { number, email } = submission.value;
  const answer = await askEndpoint(context.api, orderLookupEndpoint, { body: { number: Number(number), email } });
  if (answer.data) return data<FormReply>({ result: submission.reply(), notice: answer.data.message }, { status: 200 });
  return data(replyFromApi(submission, answer, { success: MESSAGES.apiFailure }), { status: replyStatus(answer) });
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => answerOrFail(serverAction);

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({ matches, title: MESSAGES.orderLookupHeading, description: MESSAGES.orderLookupDescription });
}

export default function OrderLookup({ actionData }: Route.ComponentProps) {
  return (
    <main id="main" className="mx-auto w-full max-w-lg px-4 pb-16 pt-10 md:pt-16">
      <h1 className="font-display text-3xl font-black uppercase tracking-tight md:text-5xl">
        {MESSAGES.orderLookupHeading}
      </h1>
      <p className="mt-3 text-ink-muted">{MESSAGES.orderLookupIntro}</p>
      <OrderLookupForm initialReply={actionData ?? null} />
    </main>
  );
}
