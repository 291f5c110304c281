import { data } from 'react-router';
import * as z from 'zod/mini';
import { orderLookupAnswerSchema } from '../../shared/api-schemas.ts';
import { MESSAGES } from '../../shared/messages.ts';
import { ORDER_LOOKUP_PATH } from '../../shared/order.ts';
import { orderLookupSchema } from '../../shared/validators.ts';
import { OrderLookupForm } from '../features/orders/order-lookup-form.tsx';
import { answerOrFail, readForm } from '../lib/forms/form-action.ts';
import {
  failedReply,
  parseForm,
  replyFromApi,
  replyStatus,
  type ApiAnswer,
  type FormReply,
} from '../lib/forms/form-reply.ts';
import { pageMeta } from '../lib/navigation/meta.ts';
import type { Route } from './+types/order-lookup';

const lookupResponseSchema = z.lazy(() => z.object({ data: orderLookupAnswerSchema }));

/**
 * The lookup: the API answers one message whether or not an order matches (and e-mails the link when one does);
 * a 429 says the shopper has looked up too often, at the form.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request);
  const submission = parseForm(formData, orderLookupSchema);
  if (submission.status !== 'success') return data<FormReply>({ result: submission.reply() }, { status: 400 });
  const { number, email } = submission.value;
  const answer: ApiAnswer = await context
    .api(ORDER_LOOKUP_PATH, { method: 'POST', body: { number: Number(number), email } })
    .catch(() => ({ status: null, body: undefined }));
  if (answer.status === 200) {
    const answered = lookupResponseSchema.safeParse(answer.body);
    if (!answered.success) return data(failedReply(), { status: 503 });
    return data<FormReply>({ result: submission.reply(), notice: answered.data.data.message }, { status: 200 });
  }
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
