import { useCallback, useEffect, useId, useRef, useState, type ComponentType, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { FOOTER_SIGNUP_FORM_ID } from '../../../shared/forms.ts';
import { MESSAGES } from '../../../shared/messages.ts';
import { onFirstInteraction } from '../../lib/first-interaction.ts';
import { readFlashQuery } from '../../lib/forms/flash-query.ts';
import { SignupFields } from './footer-signup-fields.tsx';

/** The footer sign-up's action, named after its fixed form id (spec 2.4) like the API's endpoint. */
export const FOOTER_SIGNUP_ACTION = `/forms/${FOOTER_SIGNUP_FORM_ID}`;

interface Enhanced {
  Form: ComponentType<{ typed: string; returnTo: string }>;
  /** What the plain form held when the code arrived. */
  typed: string;
  focused: boolean;
  /** Sign Up was pressed before the code came: the form sends itself once it has. */
  submit: boolean;
}

/**
 * The footer's e-mail sign-up (spec 2.4). The page arrives with a plain form that posts to the sign-up's
 * action, so it works before any code has run; the form's code (Conform and the shared schema) loads at the
 * shopper's first touch or key, or at once when the page holds the answer of a post, and takes over with what
 * was typed and the focus kept.
 */
export function FooterSignup({ className = '' }: { className?: string }) {
  const location = useLocation();
  // The answer of a post made before the app had started, shown by the plain form until the form's code comes.
  const flash = readFlashQuery(new URLSearchParams(location.search), FOOTER_SIGNUP_FORM_ID);
  const answered = flash !== null;
  const [enhanced, setEnhanced] = useState<Enhanced | null>(null);
  const plainInput = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const inputId = useId();
  const returnTo = `${location.pathname}${location.search}`;

  const loading = useRef(false);
  const submitOnArrival = useRef(false);
  const enhance = useCallback((submit: boolean) => {
    if (loading.current) {
      if (submit) submitOnArrival.current = true;
      return;
    }
    loading.current = true;
    submitOnArrival.current = submit;
    void import('./footer-signup-form.tsx').then(({ default: Form }) => {
      const input = plainInput.current;
      setEnhanced({
        Form,
        typed: input?.value ?? '',
        focused: input !== null && input === document.activeElement,
        submit: submitOnArrival.current,
      });
    });
  }, []);

  useEffect(() => {
    if (enhanced) return;
    if (answered) {
      enhance(false);
      return;
    }
    return onFirstInteraction(() => enhance(false));
  }, [enhanced, answered, enhance]);

  const formRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (enhanced?.focused) formRef.current?.querySelector<HTMLInputElement>('input[type="email"]')?.focus();
    if (enhanced?.submit) formRef.current?.querySelector('form')?.requestSubmit();
  }, [enhanced]);

  // Once the page's code runs, a sign-up sent before the form's own code has come waits for it, so it is
  // checked and answered in the page like any other.
  const sendWhenEnhanced = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    enhance(true);
  };

  return (
    <section aria-labelledby={headingId} className={className}>
      <h2 id={headingId} className="font-display text-2xl font-black uppercase leading-none tracking-tight lg:text-3xl">
        {MESSAGES.signupHeading}
      </h2>
      <p className="mt-3 max-w-sm text-sm text-ink-muted">{MESSAGES.signupPitch}</p>
      <div ref={formRef}>
        {enhanced ? (
          <enhanced.Form typed={enhanced.typed} returnTo={returnTo} />
        ) : (
          <SignupFields
            formProps={{
              id: FOOTER_SIGNUP_FORM_ID,
              method: 'post',
              action: FOOTER_SIGNUP_ACTION,
              noValidate: true,
              onSubmit: sendWhenEnhanced,
            }}
            input={{ id: inputId, name: 'email', ref: plainInput }}
            messageId={`${inputId}-message`}
            returnTo={returnTo}
            pending={false}
            message={flash?.text ?? ''}
            failed={flash?.ok === false}
          />
        )}
      </div>
    </section>
  );
}
