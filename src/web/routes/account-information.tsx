import { data, redirect } from 'react-router';
import { accountInformationEndpoint, accountPasswordEndpoint } from '../../shared/api/accounts.ts';
import { refreshUserEndpoint } from '../../shared/api/sessions.ts';
import type { ServerApi } from '../../shared/load-context.ts';
import { MESSAGES } from '../../shared/messages.ts';
import { PATHS } from '../../shared/paths.ts';
import { accountInformationSchema, passwordChangeSchema } from '../../shared/validators.ts';
import { AccountInformation } from '../features/account-area/account-information.tsx';
import { INFORMATION_INTENTS, INTENT_FIELD, type AccountFormReply } from '../features/account-area/account-area.ts';
import { answerOrFail, askEndpoint, readForm } from '../lib/forms/form-action.ts';
import { parseForm, replyFromApi, replyStatus } from '../lib/forms/form-reply.ts';
import { loadEndpoint } from '../lib/load-api.server.ts';
import { loginPathFrom } from '../lib/navigation/login-destination.ts';
import { pageMeta } from '../lib/navigation/meta.ts';
import type { Route } from './+types/account-information';

/** The passwords never go back into the page, whatever the answer. */
const PASSWORD_FIELDS = ['current', 'password', 'password_confirm'];

const SIGNED_OUT_TO = loginPathFrom(PATHS.accountInformation);

export async function loader({ context }: Route.LoaderArgs) {
  return { user: await loadEndpoint(context, refreshUserEndpoint, {}, { signedOutTo: SIGNED_OUT_TO }) };
}

/** The names and e-mail: the names are saved at once, a new e-mail once confirmed through the link the API mails to it. */
async function saveInformation(api: ServerApi, formData: FormData) {
  const intent = INFORMATION_INTENTS.information;
  const submission = parseForm(formData, accountInformationSchema);
  if (submission.status !== 'success')
    return data<AccountFormReply>({ intent, result: submission.reply() }, { status: 400 });
  const answer = await askEndpoint(api, accountInformationEndpoint, { body: submission.value });
  if (answer.status === 401) return redirect(SIGNED_OUT_TO, 303);
  const reply = replyFromApi(submission, answer, { success: MESSAGES.informationSaved });
  return data<AccountFormReply>(
    { ...reply, intent, ...(answer.data ? { user: answer.data.data.user } : {}) },
    { status: replyStatus(answer) },
  );
}

/** The password change: the API checks the current one and the new one's rules, and ends the customer's other sessions. */
async function changePassword(api: ServerApi, formData: FormData) {
  const intent = INFORMATION_INTENTS.password;
  const submission = parseForm(formData, passwordChangeSchema);
  if (submission.status !== 'success')
    return data<AccountFormReply>(
      { intent, result: submission.reply({ hideFields: PASSWORD_FIELDS }) },
      { status: 400 },
    );
  const { current, password } = submission.value;
  const answer = await askEndpoint(api, accountPasswordEndpoint, { body: { current, password } });
  if (answer.status === 401) return redirect(SIGNED_OUT_TO, 303);
  const reply = replyFromApi(submission, answer, { success: MESSAGES.passwordChanged, hideFields: PASSWORD_FIELDS });
  // Done, the form is emptied for the next change.
  const result = answer.status === 200 ? submission.reply({ resetForm: true }) : reply.result;
  return data<AccountFormReply>({ ...reply, result, intent }, { status: replyStatus(answer) });
}

/** The page's two forms post here; the hidden intent says which. */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request);
  if (formData.get(INTENT_FIELD) === INFORMATION_INTENTS.password) return changePassword(context.api, formData);
  return saveInformation(context.api, formData);
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => answerOrFail(serverAction);

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({ matches, title: MESSAGES.accountSectionNames.information, noindex: true });
}

export default function AccountInformationPage({ loaderData, actionData }: Route.ComponentProps) {
  return <AccountInformation user={loaderData.user} reply={actionData ?? null} />;
}
