import { data } from 'react-router';
import { giftCardBalanceEndpoint } from '../../shared/api/gift-cards.ts';
import { MESSAGES } from '../../shared/messages.ts';
import { formatMoney } from '../../shared/money.ts';
import { giftCardBalanceSchema } from '../../shared/validators.ts';
import { GiftCardInfo } from '../features/gift-cards/gift-card-info.tsx';
import { answerOrFail, askEndpoint, readForm } from '../lib/forms/form-action.ts';
import { parseForm, replyFromApi, replyStatus } from '../lib/forms/form-reply.ts';
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
  const answer = await askEndpoint(context.api, giftCardBalanceEndpoint, { body: { code: submission.value.code } });
  if (answer.data) {
    const card = answer.data;
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
