import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { FOOTER_SIGNUP_FORM_ID } from '../../../shared/forms.ts';
import { signupSchema } from '../../../shared/validators.ts';
import { readFlash } from '../../lib/forms/form-flash.ts';
import { useShopForm } from '../../lib/forms/use-shop-form.ts';
import { FOOTER_SIGNUP_ACTION } from './footer-signup.tsx';
import { SignupFields } from './footer-signup-fields.tsx';

/**
 * The sign-up form with its code (footer-signup.tsx loads it): validated with the shared schema on both sides,
 * answered inline. What the shopper typed before it loaded is kept.
 */
export default function FooterSignupForm({ typed, returnTo }: { typed: string; returnTo: string }) {
  const location = useLocation();
  const flash = useMemo(
    () => readFlash(new URLSearchParams(location.search), FOOTER_SIGNUP_FORM_ID),
    [location.search],
  );
  const { form, fields, pending, reply, formProps } = useShopForm({
    id: FOOTER_SIGNUP_FORM_ID,
    action: FOOTER_SIGNUP_ACTION,
    schema: signupSchema,
    // A sign-up changes nothing the page shows.
    revalidate: false,
    initialReply: flash,
  });
  const email = fields.email;

  // One line under the field says what happened: its error, the form's, or the server's thanks.
  const error = pending ? null : (email.errors?.[0] ?? form.errors?.[0] ?? null);
  return (
    <SignupFields
      formProps={formProps}
      input={{ id: email.id, name: email.name, defaultValue: email.initialValue ?? typed }}
      inputKey={email.key}
      messageId={email.errorId}
      returnTo={returnTo}
      pending={pending}
      message={error ?? reply?.notice ?? ''}
      failed={error !== null}
    />
  );
}
