import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { MESSAGES } from '../../../shared/messages.ts';
import { PATHS } from '../../../shared/paths.ts';
import { Button } from '../../ui/button.tsx';

/** What a form says once the server has taken it and mailed a link: the form's place, with the way back to sign in. */
export function MailedNotice({ text }: { text: string }) {
  return (
    <div role="status" className="mt-8 flex flex-col gap-4 border border-line bg-surface-muted p-5">
      <p>{text}</p>
      <Link to={PATHS.login} className="self-start text-sm font-semibold underline underline-offset-4">
        {MESSAGES.backToSignIn}
      </Link>
    </div>
  );
}

/** The links under an entry form: to sign in, and what else the page offers. */
export function EntryLinks({ children }: { children?: ReactNode }) {
  return (
    <p className="flex flex-wrap justify-between gap-4 text-sm">
      <Link to={PATHS.login} className="underline underline-offset-4">
        {MESSAGES.backToSignIn}
      </Link>
      {children}
    </p>
  );
}

export interface SubmitWithErrorProps {
  label: string;
  pendingLabel: string;
  pending: boolean;
  /** The form's error id (Conform's form.errorId), which describes the form. */
  errorId: string;
  error: string | null;
}

/** An entry form's submit button, saying when it is at work, and the form's own error under it. */
export function SubmitWithError({ label, pendingLabel, pending, errorId, error }: SubmitWithErrorProps) {
  return (
    <>
      <Button type="submit" variant="primary" pending={pending} className="px-8 py-3">
        {pending ? pendingLabel : label}
      </Button>
      <p id={errorId} role="alert" className="min-h-5 text-sm text-danger">
        {error ?? ''}
      </p>
    </>
  );
}
