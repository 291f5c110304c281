import { data, useSearchParams } from 'react-router';
import { accountOrdersEndpoint, accountWalletEndpoint, cardDeleteEndpoint } from '../../shared/api/accounts.ts';
import { MESSAGES } from '../../shared/messages.ts';
import { PATHS } from '../../shared/paths.ts';
import {
  chosenIdSchema,
  FORM_IDS,
  STEP_PARAMS,
  WALLET_INTENTS,
  type AccountFormReply,
} from '../features/account-area/account-area.ts';
import { Wallet } from '../features/account-area/wallet.tsx';
import { answerChange, answerOrFail, askEndpoint, readForm } from '../lib/forms/form-action.ts';
import { readFlash } from '../lib/forms/form-flash.ts';
import { parseForm } from '../lib/forms/form-reply.ts';
import { loadEndpoint, loadOptionalEndpoint } from '../lib/load-api.server.ts';
import { loginPathFrom } from '../lib/navigation/login-destination.ts';
import { pageMeta } from '../lib/navigation/meta.ts';
import { revalidateAfterForms } from '../lib/navigation/revalidation.ts';
import type { Route } from './+types/account-wallet';

const SIGNED_OUT_TO = loginPathFrom(PATHS.accountWallet);

/** The wallet, and the orders its store credit history names (the history shows without them). */
export async function loader({ context }: Route.LoaderArgs) {
  const [wallet, orders] = await Promise.all([
    loadEndpoint(context, accountWalletEndpoint, {}, { signedOutTo: SIGNED_OUT_TO }),
    loadOptionalEndpoint(context, accountOrdersEndpoint, {}),
  ]);
  return { wallet, orders: orders ?? [] };
}

/** Removing a saved card (its confirm step's form): done, the wallet again with the card gone and a notice. */
export async function action({ request, context }: Route.ActionArgs) {
  const intent = WALLET_INTENTS.removeCard;
  const submission = parseForm(await readForm(request), chosenIdSchema);
  if (submission.status !== 'success')
    return data<AccountFormReply>({ intent, result: submission.reply() }, { status: 400 });
  const { id } = submission.value;
  const answer = await askEndpoint(context.api, cardDeleteEndpoint, { params: { id } });
  return answerChange(submission, answer, {
    back: PATHS.accountWallet,
    flashId: FORM_IDS.wallet,
    success: MESSAGES.cardRemoved,
    signedOutTo: SIGNED_OUT_TO,
    extra: { intent, id },
  });
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => answerOrFail(serverAction);

/** Opening or closing a card’s confirm step, or a flash in the query, changes nothing the loader read. */
export const shouldRevalidate = revalidateAfterForms;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({ matches, title: MESSAGES.accountSectionNames.wallet, noindex: true });
}

export default function AccountWallet({ loaderData, actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  return (
    <Wallet
      {...loaderData}
      removingId={searchParams.get(STEP_PARAMS.removeCard)}
      reply={actionData ?? null}
      flash={readFlash(searchParams, FORM_IDS.wallet)}
    />
  );
}
