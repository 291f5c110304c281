import type { ComponentProps } from 'react';
import { MESSAGES } from '../../../shared/messages.ts';
import { RETURN_TO_FIELD } from '../../lib/forms/flash-query.ts';
import { Button } from '../../ui/button.tsx';

interface SignupFieldsProps {
  formProps: ComponentProps<'form'>;
  /** The e-mail input's own props: its id, name and, once the form's code runs, its value and state. */
  input: ComponentProps<'input'> & { id: string };
  /** Changed by the form's code to start the input afresh (after a reset). */
  inputKey?: string | undefined;
  /** The id of the line under the field that says what happened. */
  messageId: string;
  returnTo: string;
  pending: boolean;
  message: string;
  failed: boolean;
}

/** The sign-up form's markup, the same before the form's code has loaded and after. */
export function SignupFields({
  formProps,
  input,
  inputKey,
  messageId,
  returnTo,
  pending,
  message,
  failed,
}: SignupFieldsProps) {
  return (
    <form {...formProps} className="mt-5" aria-busy={pending}>
      <input type="hidden" name={RETURN_TO_FIELD} value={returnTo} />
      <label htmlFor={input.id} className="text-xs font-bold uppercase tracking-[0.14em]">
        {MESSAGES.emailAddress}
      </label>
      <div className="mt-2 flex border border-ink focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-ink">
        <input
          key={inputKey}
          {...input}
          type="email"
          inputMode="email"
          autoComplete="email"
          spellCheck={false}
          aria-invalid={failed || undefined}
          aria-describedby={messageId}
          placeholder={MESSAGES.emailPlaceholder}
          className="min-w-0 flex-1 bg-transparent px-4 py-3 text-sm outline-none! placeholder:text-ink-muted/70"
        />
        <Button type="submit" variant="ink" size="sm" pending={pending} className="shrink-0 px-5">
          {pending ? MESSAGES.signingUp : MESSAGES.signUp}
        </Button>
      </div>
      <p id={messageId} role="status" className={`mt-2 min-h-5 text-sm ${failed ? 'text-danger' : 'text-success'}`}>
        {message}
      </p>
    </form>
  );
}
