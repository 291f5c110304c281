import { useEffect, useId, useRef, useState, type ComponentType } from 'react';
import { useLocation } from 'react-router';
import { FOOTER_SIGNUP_FORM_ID } from '../../../shared/forms.ts';
import { MESSAGES } from '../../../shared/messages.ts';
import { onFirstInteraction } from '../../lib/first-interaction.ts';
import { SignupFields } from './footer-signup-fields.tsx';

/** The footer sign-up's action, named after its fixed form id (spec 2.4) like the API's endpoint. */
export const FOOTER_SIGNUP_ACTION = `/forms/${FOOTER_SIGNUP_FORM_ID}`;

interface Enhanced {
  Form: ComponentType<{ typed: string; returnTo: string }>;
  /** What the plain form held when the code arrived. */
  typed: string;
  focused: boolean;
}

/**
 * The footer's e-mail sign-up (spec 2.4). The page arrives with a plain form that posts to the sign-up's
 * action, so it works before any code has run; the form's code (Conform and the shared schema) loads at the
 * shopper's first touch or key, or at once when the page holds the answer of a post, and takes over with what
 * was typed and the focus kept.
 */
export function FooterSignup({ className = '' }: { className?: string }) {
  const location = useLocation();
  const answered = new URLSearchParams(location.search).has(FOOTER_SIGNUP_FORM_ID);
  const [enhanced, setEnhanced] = useState<Enhanced | null>(null);
  const plainInput = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const inputId = useId();
  const returnTo = `${location.pathname}${location.search}`;

  useEffect(() => {
    if (enhanced) return;
    const load = () =>
      void import('./footer-signup-form.tsx').then(({ default: Form }) => {
        const input = plainInput.current;
        setEnhanced({ Form, typed: input?.value ?? '', focused: input !== null && input === document.activeElement });
      });
    if (answered) {
      load();
      return;
    }
    return onFirstInteraction(load);
  }, [enhanced, answered]);

  const formRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (enhanced?.focused) formRef.current?.querySelector('input')?.focus();
  }, [enhanced]);

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
            formProps={{ id: FOOTER_SIGNUP_FORM_ID, method: 'post', action: FOOTER_SIGNUP_ACTION }}
            input={{ id: inputId, name: 'email', ref: plainInput }}
            messageId={`${inputId}-message`}
            returnTo={returnTo}
            pending={false}
            message=""
            failed={false}
          />
        )}
      </div>
    </section>
  );
}
