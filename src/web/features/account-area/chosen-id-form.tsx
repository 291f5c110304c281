import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useShopForm } from '../../lib/forms/use-shop-form.ts';
import { Button, buttonStyles, type ButtonVariant } from '../../ui/button.tsx';
import { chosenIdSchema, INTENT_FIELD, type AccountFormReply } from './account-area.ts';

export interface ChosenIdFormProps {
  /** The form's own id: one a thing and an intent, so each button shows its own pending state. */
  formId: string;
  /** The page whose action takes it (with the query that keeps the page's step open before the app has started). */
  action: string;
  intent: string;
  /** The address or card it acts on. */
  id: string;
  label: ReactNode;
  pendingLabel: string;
  variant: ButtonVariant;
  buttonClassName: string;
  initialReply: AccountFormReply | null;
  className?: string;
  /** What comes before the button: the question a confirmation asks. */
  children?: ReactNode;
  /** What comes after it: the way back of a confirmation. */
  after?: ReactNode;
}

/** A form of one button that acts on one of the customer's addresses or cards (make default, delete, remove). */
export function ChosenIdForm({
  formId,
  action,
  intent,
  id,
  label,
  pendingLabel,
  variant,
  buttonClassName,
  initialReply,
  className = '',
  children,
  after,
}: ChosenIdFormProps) {
  const { form, pending, formProps } = useShopForm({ id: formId, action, schema: chosenIdSchema, initialReply });
  const error = pending ? null : (form.errors?.[0] ?? null);
  return (
    <form {...formProps} aria-busy={pending} className={className}>
      <input type="hidden" name={INTENT_FIELD} value={intent} />
      <input type="hidden" name="id" value={id} />
      {children}
      <Button type="submit" variant={variant} pending={pending} className={buttonClassName}>
        {pending ? pendingLabel : label}
      </Button>
      {after}
      <p id={form.errorId} role="alert" className="basis-full text-sm text-danger empty:hidden">
        {error}
      </p>
    </form>
  );
}

export interface ConfirmStepProps extends Omit<
  ChosenIdFormProps,
  'variant' | 'buttonClassName' | 'children' | 'after' | 'className'
> {
  question: string;
  /** The link that closes the step and keeps the thing. */
  keep: { to: string; label: string };
}

/** The confirm step of taking something away (an address, a card): the question, the button that does it, and a way back. */
export function ConfirmStep({ question, keep, ...form }: ConfirmStepProps) {
  return (
    <ChosenIdForm
      {...form}
      variant="primary"
      buttonClassName="min-h-12 px-6"
      className="flex flex-col gap-3 border-t border-line pt-4 sm:flex-row sm:flex-wrap sm:items-center"
      after={
        <Link
          to={keep.to}
          replace
          preventScrollReset
          className={buttonStyles('plain', 'inline-flex min-h-12 items-center justify-center px-4')}
        >
          {keep.label}
        </Link>
      }
    >
      <p className="basis-full text-sm">{question}</p>
    </ChosenIdForm>
  );
}
