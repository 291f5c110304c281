import { data } from 'react-router';
import { websiteConfigEndpoint } from '../../shared/api/website-config.ts';
import { earnsBonusCard, giftCardPromo } from '../../shared/gift-card.ts';
import { giftCardSchema } from '../../shared/validators.ts';
import { GiftCardDetailsStep } from '../features/gift-cards/gift-card-details-step.tsx';
import { answerOrFail, readForm } from '../lib/forms/form-action.ts';
import { GIFT_CARD_BONUS_TO_ME_FIELD } from '../lib/gift-cards/gift-card-forms.ts';
import { parseForm, type FormReply } from '../lib/forms/form-reply.ts';
import { loadOptionalEndpoint } from '../lib/load-api.server.ts';
import type { Route } from './+types/gift-card-details';
import { AfterStart } from '../ui/after-start.tsx';

/**
 * The details step: checked with the shared schema, the bonus card's recipient asked for when the website
 * config's promotion gives one for the amount and the buyer chose to send it to someone else. Nothing is stored on the server until the buyer pays: the page
 * keeps the details in its draft and moves on once they pass.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request);
  const config = await loadOptionalEndpoint(context, websiteConfigEndpoint, {});
  const amount = Number(formData.get('amount'));
  const bonusCard = config ? earnsBonusCard(amount, giftCardPromo(config)) : false;
  const submission = parseForm(
    formData,
    giftCardSchema({ bonusToSomeoneElse: bonusCard && !formData.has(GIFT_CARD_BONUS_TO_ME_FIELD) }),
  );
  return data<FormReply>({ result: submission.reply() }, { status: submission.status === 'success' ? 200 : 400 });
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => answerOrFail(serverAction);

export default function GiftCardDetails({ actionData }: Route.ComponentProps) {
  return (
    <AfterStart>
      <GiftCardDetailsStep initialReply={actionData ?? null} />
    </AfterStart>
  );
}
