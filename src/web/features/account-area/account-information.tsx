import { useEffect } from 'react';
import { MESSAGES } from '../../../shared/messages.ts';
import { PATHS } from '../../../shared/paths.ts';
import type { User } from '../../../shared/user.ts';
import { accountInformationSchema, passwordChangeSchema } from '../../../shared/validators.ts';
import { useShopForm } from '../../lib/forms/use-shop-form.ts';
import { userStore } from '../../lib/user-store.ts';
import { Button } from '../../ui/button.tsx';
import { EmailField, TextField } from '../../ui/form-field.tsx';
import { NewPasswordFields } from '../../ui/new-password-fields.tsx';
import { FORM_IDS, INFORMATION_INTENTS, INTENT_FIELD, replyFor, type AccountFormReply } from './account-area.ts';
import { AccountPage, PANEL_HEADING } from './account-page.tsx';

/** What a form says under its button: the refusal, or what the server said once it took the form. */
function FormOutcome({ id, error, notice }: { id: string; error: string | null; notice: string | undefined }) {
  return (
    <p id={id} role="status" className={`min-h-5 text-sm ${error ? 'text-danger' : 'text-success'}`}>
      {error ?? notice ?? ''}
    </p>
  );
}

const FORM_CLASSES = 'flex flex-col gap-4 border border-line p-5';

/** The names and the sign-in e-mail; a new e-mail is the customer's once confirmed through the link mailed to it. */
function InformationForm({ user, initialReply }: { user: User; initialReply: AccountFormReply | null }) {
  const { form, fields, pending, reply, formProps } = useShopForm({
    id: FORM_IDS.information,
    action: PATHS.accountInformation,
    schema: accountInformationSchema,
    initialReply,
  });
  // The names the server saved are the browser's user too (the footer and checkout read it).
  const saved = reply?.user;
  useEffect(() => {
    if (saved) userStore().set(saved);
  }, [saved]);
  const error = pending ? null : (form.errors?.[0] ?? null);
  return (
    <form {...formProps} aria-busy={pending} aria-labelledby={`${form.id}-heading`} className={FORM_CLASSES}>
      <h2 id={`${form.id}-heading`} className={PANEL_HEADING}>
        {MESSAGES.yourDetails}
      </h2>
      <input type="hidden" name={INTENT_FIELD} value={INFORMATION_INTENTS.information} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={MESSAGES.firstName}
          name={fields.first_name.name}
          defaultValue={fields.first_name.initialValue ?? user.first_name}
          error={fields.first_name.errors?.[0]}
          autoComplete="given-name"
        />
        <TextField
          label={MESSAGES.lastName}
          name={fields.last_name.name}
          defaultValue={fields.last_name.initialValue ?? user.last_name}
          error={fields.last_name.errors?.[0]}
          autoComplete="family-name"
        />
      </div>
      <EmailField
        label={MESSAGES.emailAddress}
        name={fields.email.name}
        defaultValue={fields.email.initialValue ?? user.username}
        error={fields.email.errors?.[0]}
      />
      <p className="text-sm text-ink-muted">{MESSAGES.emailChangeNote}</p>
      <Button type="submit" variant="primary" pending={pending} className="min-h-12 px-8 sm:self-start">
        {pending ? MESSAGES.saving : MESSAGES.saveInformation}
      </Button>
      <FormOutcome id={form.errorId} error={error} notice={reply?.notice} />
    </form>
  );
}

/** The password change: the current password, then the new one twice. Done, the fields are emptied. */
function PasswordForm({ initialReply }: { initialReply: AccountFormReply | null }) {
  const { form, fields, pending, reply, formProps } = useShopForm({
    id: FORM_IDS.password,
    action: PATHS.accountInformation,
    schema: passwordChangeSchema,
    // A password change changes nothing the page shows.
    revalidate: false,
    initialReply,
  });
  const error = pending ? null : (form.errors?.[0] ?? null);
  return (
    <form {...formProps} aria-busy={pending} aria-labelledby={`${form.id}-heading`} className={FORM_CLASSES}>
      <h2 id={`${form.id}-heading`} className={PANEL_HEADING}>
        {MESSAGES.changePassword}
      </h2>
      <input type="hidden" name={INTENT_FIELD} value={INFORMATION_INTENTS.password} />
      <TextField
        label={MESSAGES.currentPassword}
        name={fields.current.name}
        error={fields.current.errors?.[0]}
        type="password"
        autoComplete="current-password"
      />
      <NewPasswordFields password={fields.password} confirm={fields.password_confirm} />
      <Button type="submit" variant="primary" pending={pending} className="min-h-12 px-8 sm:self-start">
        {pending ? MESSAGES.changingPassword : MESSAGES.changePassword}
      </Button>
      <FormOutcome id={form.errorId} error={error} notice={reply?.notice} />
    </form>
  );
}

/** The account's information page: the names and e-mail, and the password. */
export function AccountInformation({ user, reply }: { user: User; reply: AccountFormReply | null }) {
  return (
    <AccountPage title={MESSAGES.accountSectionNames.information}>
      <div className="grid items-start gap-6 xl:grid-cols-2">
        <InformationForm user={user} initialReply={replyFor(reply, INFORMATION_INTENTS.information)} />
        <PasswordForm initialReply={replyFor(reply, INFORMATION_INTENTS.password)} />
      </div>
    </AccountPage>
  );
}
