import { useId, useState, type FormEvent } from 'react';
import { FOOTER_SIGNUP_FORM_ID } from '../../../shared/forms.ts';
import { email as emailRule, required, validate } from '../../../shared/validators.ts';
import { ApiError, type ApiClient } from '../../lib/api-client.ts';
import { useApi } from '../api.ts';
import { signupOutcome, type SignupOutcome } from './signup-response.ts';

/** The endpoint is named after the form's fixed id. */
const ENDPOINT = `/api/forms/${FOOTER_SIGNUP_FORM_ID}`;

type Status = { state: 'idle' } | { state: 'pending' } | { state: 'invalid'; text: string } | ({ state: 'done' } & SignupOutcome);

/** The answer is shown inline, so a failure raises no danger message of its own. */
async function send(api: ApiClient, address: string): Promise<SignupOutcome> {
  try {
    const body = await api.post<unknown>(ENDPOINT, { form_id: FOOTER_SIGNUP_FORM_ID, email: address }, { suppressNotification: true });
    return signupOutcome(200, body);
  } catch (error) {
    return error instanceof ApiError ? signupOutcome(error.status, error.body) : signupOutcome(null, undefined);
  }
}

/** The footer's e-mail sign-up: validated with the shared rules, answered inline. */
export function FooterSignup({ className = '' }: { className?: string }) {
  const [address, setAddress] = useState('');
  const [status, setStatus] = useState<Status>({ state: 'idle' });
  const api = useApi();
  const inputId = useId();
  const messageId = useId();
  const headingId = useId();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status.state === 'pending') return;
    const trimmed = address.trim();
    const problem = validate(trimmed, [required, emailRule]);
    if (problem) {
      setStatus({ state: 'invalid', text: problem });
      return;
    }
    setStatus({ state: 'pending' });
    setStatus({ state: 'done', ...(await send(api(), trimmed)) });
  };

  const pending = status.state === 'pending';
  const failed = status.state === 'invalid' || (status.state === 'done' && !status.ok);
  const message = status.state === 'invalid' || status.state === 'done' ? status.text : '';

  return (
    <section aria-labelledby={headingId} className={className}>
      <h2 id={headingId} className="font-display text-2xl font-black uppercase leading-none tracking-tight lg:text-3xl">
        Join the list
      </h2>
      <p className="mt-3 max-w-sm text-sm text-ink-muted">New drops, restocks and members-only sales, straight to your inbox.</p>
      <form id={FOOTER_SIGNUP_FORM_ID} noValidate onSubmit={submit} className="mt-5" aria-busy={pending}>
        <label htmlFor={inputId} className="text-xs font-bold uppercase tracking-[0.14em]">
          Email address
        </label>
        <div className="mt-2 flex border border-ink focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-ink">
          <input
            id={inputId}
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            spellCheck={false}
            value={address}
            onChange={(event) => {
              setAddress(event.target.value);
              if (status.state === 'invalid') setStatus({ state: 'idle' });
            }}
            aria-invalid={failed || undefined}
            aria-describedby={messageId}
            placeholder="you@example.com"
            className="min-w-0 flex-1 bg-transparent px-4 py-3 text-sm outline-none! placeholder:text-ink-muted/70"
          />
          <button
            type="submit"
            disabled={pending}
            className="shrink-0 bg-ink px-5 text-xs font-bold uppercase tracking-[0.14em] text-page transition-opacity hover:opacity-85 disabled:cursor-progress disabled:opacity-60"
          >
            {pending ? 'Signing up…' : 'Sign Up'}
          </button>
        </div>
        <p id={messageId} role="status" className={`mt-2 min-h-5 text-sm ${failed ? 'text-danger' : 'text-success'}`}>
          {message}
        </p>
      </form>
    </section>
  );
}
