import { useId, useMemo } from 'react';
import { useLocation } from 'react-router';
import { FOOTER_SIGNUP_FORM_ID } from '../../../shared/forms.ts';
import { MESSAGES } from '../../../shared/messages.ts';
import { signupSchema } from '../../../shared/validators.ts';
import { readFlash, RETURN_TO_FIELD } from '../../lib/forms/form-flash.ts';
import { useShopForm } from '../../lib/forms/use-shop-form.ts';
import { Button } from '../../ui/button.tsx';

/** The footer sign-up's action, named after its fixed form id (spec 2.4) like the API's endpoint. */
export const FOOTER_SIGNUP_ACTION = `/forms/${FOOTER_SIGNUP_FORM_ID}`;

/** The footer's e-mail sign-up: validated with the shared schema on both sides, answered inline. */
export function FooterSignup({ className = '' }: { className?: string }) {
  const location = useLocation();
  const flash = useMemo(() => readFlash(new URLSearchParams(location.search), FOOTER_SIGNUP_FORM_ID), [location.search]);
  const { form, fields, pending, reply, formProps } = useShopForm({
    id: FOOTER_SIGNUP_FORM_ID,
    action: FOOTER_SIGNUP_ACTION,
    schema: signupSchema,
    // A sign-up changes nothing the page shows.
    revalidate: false,
    initialReply: flash,
  });
  const headingId = useId();
  const email = fields.email;

  // One line under the field says what happened: its error, the form's, or the server's thanks.
  const error = pending ? null : (email.errors?.[0] ?? form.errors?.[0] ?? null);
  const message = error ?? reply?.notice ?? '';
  const failed = error !== null;

  return (
    <section aria-labelledby={headingId} className={className}>
      <h2 id={headingId} className="font-display text-2xl font-black uppercase leading-none tracking-tight lg:text-3xl">
        {MESSAGES.signupHeading}
      </h2>
      <p className="mt-3 max-w-sm text-sm text-ink-muted">{MESSAGES.signupPitch}</p>
      <form {...formProps} className="mt-5" aria-busy={pending}>
        <input type="hidden" name={RETURN_TO_FIELD} value={`${location.pathname}${location.search}`} />
        <label htmlFor={email.id} className="text-xs font-bold uppercase tracking-[0.14em]">
          {MESSAGES.emailAddress}
        </label>
        <div className="mt-2 flex border border-ink focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-ink">
          <input
            key={email.key}
            id={email.id}
            name={email.name}
            defaultValue={email.initialValue}
            type="email"
            inputMode="email"
            autoComplete="email"
            spellCheck={false}
            aria-invalid={failed || undefined}
            aria-describedby={email.errorId}
            placeholder={MESSAGES.emailPlaceholder}
            className="min-w-0 flex-1 bg-transparent px-4 py-3 text-sm outline-none! placeholder:text-ink-muted/70"
          />
          <Button type="submit" variant="ink" size="sm" pending={pending} className="shrink-0 px-5">
            {pending ? MESSAGES.signingUp : MESSAGES.signUp}
          </Button>
        </div>
        <p id={email.errorId} role="status" className={`mt-2 min-h-5 text-sm ${failed ? 'text-danger' : 'text-success'}`}>
          {message}
        </p>
      </form>
    </section>
  );
}
