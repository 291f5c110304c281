import { formSubmissionEndpoint } from '../../shared/api/content.ts';
import { MESSAGES } from '../../shared/messages.ts';
import { signupSchema } from '../../shared/validators.ts';
import { answerForm, answerOrFail, askEndpoint, postOnly, readForm } from '../lib/forms/form-action.ts';
import { parseForm, replyFromApi, replyStatus } from '../lib/forms/form-reply.ts';
import { FOOTER_SIGNUP_FORM_ID } from '../../shared/forms.ts';
import type { Route } from './+types/footer-signup';

/** The API's texts that belong to the address field rather than to the form. */
const EMAIL_TEXTS = new Set<string>([MESSAGES.valueRequired, MESSAGES.invalidEmail]);

export const loader = postOnly;

/**
 * The footer's e-mail sign-up (/forms/footer-signup, a form's action and no page): validated with the shared
 * schema, then kept through the forms API in process.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request);
  const submission = parseForm(formData, signupSchema);
  if (submission.status !== 'success')
    return answerForm(formData, FOOTER_SIGNUP_FORM_ID, { result: submission.reply() }, 400);
  const answer = await askEndpoint(context.api, formSubmissionEndpoint, {
    params: { formId: FOOTER_SIGNUP_FORM_ID },
    body: { form_id: FOOTER_SIGNUP_FORM_ID, email: submission.value.email },
  });
  const reply = replyFromApi(submission, answer, {
    success: MESSAGES.signupThanks,
    fieldOf: (text) => (EMAIL_TEXTS.has(text) ? 'email' : undefined),
  });
  return answerForm(formData, FOOTER_SIGNUP_FORM_ID, reply, replyStatus(answer));
}

/** A fetch that never got an answer (offline, a dropped connection) is said on the form, not on an error page. */
export const clientAction = ({ serverAction }: Route.ClientActionArgs) => answerOrFail(serverAction);
