import { MESSAGES } from '../../../shared/messages.ts';
import { PATHS } from '../../../shared/paths.ts';
import { orderLookupSchema } from '../../../shared/validators.ts';
import type { FormReply } from '../../lib/forms/form-reply.ts';
import { useShopForm } from '../../lib/forms/use-shop-form.ts';
import { Button } from '../../ui/button.tsx';
import { EmailField, TextField } from '../../ui/form-field.tsx';

/** The lookup's form id: its element and its fetcher. */
export const ORDER_LOOKUP_FORM_ID = 'order-lookup';

/**
 * The order lookup: a number and an e-mail. The answer is the API's one message whether or not an order
 * matches (its link is e-mailed), so the form says it and keeps nothing else to show.
 */
export function OrderLookupForm({ initialReply }: { initialReply: FormReply | null }) {
  const { form, fields, pending, reply, formProps } = useShopForm({
    id: ORDER_LOOKUP_FORM_ID,
    action: PATHS.orderLookup,
    schema: orderLookupSchema,
    // A lookup changes nothing the page shows.
    revalidate: false,
    initialReply,
  });
  const formError = pending ? null : (form.errors?.[0] ?? null);
  const answer = formError ?? reply?.notice ?? '';
  return (
    <form {...formProps} aria-busy={pending} className="mt-8 flex flex-col gap-4">
      <TextField
        label={MESSAGES.orderNumberLabel}
        name={fields.number.name}
        defaultValue={fields.number.initialValue}
        error={fields.number.errors?.[0]}
        inputMode="numeric"
        autoComplete="off"
      />
      <EmailField
        label={MESSAGES.emailAddress}
        name={fields.email.name}
        defaultValue={fields.email.initialValue}
        error={fields.email.errors?.[0]}
      />
      <Button type="submit" variant="primary" pending={pending} className="px-8 py-3">
        {pending ? MESSAGES.findingOrder : MESSAGES.findOrder}
      </Button>
      <p
        id={form.errorId}
        role="status"
        className={`mt-2 min-h-5 text-sm ${formError ? 'text-danger' : 'text-success'}`}
      >
        {answer}
      </p>
    </form>
  );
}
