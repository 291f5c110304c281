import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { MESSAGES } from '../../../shared/messages.ts';
import { PATHS } from '../../../shared/paths.ts';
import { accountVerifySchema } from '../../../shared/validators.ts';
import { useShopForm } from '../../lib/forms/use-shop-form.ts';
import { Button, buttonStyles } from '../../ui/button.tsx';
import type { SignedInReply } from '../../lib/forms/signed-in-answer.ts';
import { useSignedIn } from './use-signed-in.ts';

/** The confirmation's form id: its element and its fetcher. */
export const ACCOUNT_VERIFY_FORM_ID = 'account-verify';

/**
 * The e-mail confirmation link's page. Confirming signs in, so it is a post, never the link's GET (a mail
 * scanner that opens links confirms nothing): once the app has started it posts by itself, and before that the
 * button does. Confirmed, the shopper is signed in here; a link that has expired or was used says what to do.
 */
export function AccountVerify({ initialReply }: { initialReply: SignedInReply | null }) {
  const { pathname } = useLocation();
  const { form, pending, reply, formProps } = useShopForm({
    id: ACCOUNT_VERIFY_FORM_ID,
    action: pathname,
    schema: accountVerifySchema,
    processingType: 'overlay',
    initialReply,
  });
  const user = reply?.user;
  useSignedIn(user, { goOn: false });

  const formElement = useRef<HTMLFormElement>(null);
  const asked = useRef(initialReply !== null);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    formElement.current?.requestSubmit();
  }, []);

  if (user) {
    return (
      <div role="status" className="mt-8 flex flex-col gap-4">
        <p>{MESSAGES.accountVerified}</p>
        <Link to={PATHS.accountHome} className={buttonStyles('primary', 'px-8 py-3 text-center')}>
          {MESSAGES.goToMyAccount}
        </Link>
      </div>
    );
  }
  const formError = pending ? null : (form.errors?.[0] ?? null);
  return (
    <form ref={formElement} {...formProps} aria-busy={pending} className="mt-8 flex flex-col gap-4">
      {/* After a refusal, trying the link again is the lesser choice beside the ways forward below. */}
      <Button type="submit" variant={formError ? 'outline' : 'primary'} pending={pending} className="px-8 py-3">
        {pending ? MESSAGES.confirmingEmailAddress : MESSAGES.confirmEmailAddress}
      </Button>
      <div id={form.errorId} role="alert" className="flex min-h-5 flex-col gap-3 text-sm">
        {formError && (
          <>
            <p className="text-danger">{formError}</p>
            <p>{MESSAGES.verifyLinkHelp}</p>
            <p className="flex flex-wrap gap-x-6 gap-y-2">
              <Link to={PATHS.login} className="font-semibold underline underline-offset-4">
                {MESSAGES.signIn}
              </Link>
              <Link to={PATHS.accountForgot} className="underline underline-offset-4">
                {MESSAGES.forgotPassword}
              </Link>
            </p>
          </>
        )}
      </div>
    </form>
  );
}
