import { data } from 'react-router';
import { giftCardBalanceAnswerSchema } from '../../shared/api-schemas.ts';
import { GIFT_CARD_BALANCE_PATH } from '../../shared/gift-card.ts';
import { MESSAGES } from '../../shared/messages.ts';
import { formatMoney } from '../../shared/money.ts';
import { giftCardBalanceSchema } from '../../shared/validators.ts';
import { GiftCardInfo } from '../features/gift-cards/gift-card-info.tsx';
import { answerOrFail, readForm } from '../lib/forms/form-action.ts';
import { failedReply, parseForm, replyFromApi, replyStatus, type ApiAnswer } from '../lib/forms/form-reply.ts';
import type { GiftCardBalanceReply } from '../lib/gift-cards/gift-card-forms.ts';
import { pageMeta } from '../lib/navigation/meta.ts';
import type { Route } from './+types/gift-card-info';

/**
 * The balance check: the API answers the card's last four and balance, one message for any code that is not a
 * card (at the code field), and 429 once the address has tried too many.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request);
  const submission = parseForm(formData, giftCardBalanceSchema);
  if (submission.status !== 'success')
    return data<GiftCardBalanceReply>({ result: submission.reply() }, { status: 400 });
  const answer: ApiAnswer = await context
    .api(GIFT_CARD_BALANCE_PATH, { method: 'POST', body: { code: submission.value.code } })
    .catch(() => ({ status: null, body: undefined }));
  if (answer.status === 200) {
    const answered = giftCardBalanceAnswerSchema.safeParse(answer.body);
    if (!answered.success) return data(failedReply(), { status: 503 });
    const card = answered.data.data;
    return data<GiftCardBalanceReply>({
      result: submission.reply(),
      notice: MESSAGES.giftCardBalanceIs(formatMoney(card.balance), card.last4),
      card,
    });
  }
  return data(replyFromApi(submission, answer, { success: MESSAGES.apiFailure, fieldOf: () => 'code' }), {
    status: replyStatus(answer),
  });
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => answerOrFail(serverAction);

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({ matches, title: MESSAGES.giftCardInfoTitle, description: MESSAGES.giftCardInfoDescription });
}

export default function GiftCardInfoPage({ actionData }: Route.ComponentProps) {
  return <GiftCardInfo initialReply={actionData ?? null} />;
}
