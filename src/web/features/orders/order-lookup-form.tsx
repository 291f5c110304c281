import { MESSAGES } from '../../../shared/messages.ts';
import { PATHS } from '../../../shared/paths.ts';
import { orderLookupSchema } from '../../../shared/validators.ts';
import type { FormReply } from '../../lib/forms/form-reply.ts';
import { useShopForm } from '../../lib/forms/use-shop-form.ts';
import { Button } from '../../ui/button.tsx';

/** The lookup's form id: its element and its fetcher. */
export const ORDER_LOOKUP_FORM_ID = 'order-lookup';

const inputLook =
  'h-12 w-full border border-ink bg-transparent px-3 text-base outline-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink aria-invalid:border-danger';

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
    <form {...formProps} aria-busy={pending} className="mt-8 flex flex-col gap-2">
      {[
        { field: fields.number, label: MESSAGES.orderNumber, inputMode: 'numeric' as const, autoComplete: 'off', type: 'text' },
        { field: fields.email, label: MESSAGES.emailAddress, inputMode: 'email' as const, autoComplete: 'email', type: 'email' },
      ].map(({ field, label, inputMode, autoComplete, type }) => (
        <div key={field.name} className="flex flex-col gap-1.5">
          <label htmlFor={field.id} className="text-xs font-bold uppercase tracking-[0.14em]">
            {label}
          </label>
          <input
            key={field.key}
            id={field.id}
            name={field.name}
            type={type}
            defaultValue={field.initialValue}
            inputMode={inputMode}
            autoComplete={autoComplete}
            spellCheck={false}
            aria-invalid={field.errors ? true : undefined}
            aria-describedby={field.errorId}
            className={inputLook}
          />
          <p id={field.errorId} className="min-h-5 text-sm text-danger">
            {field.errors?.[0]}
          </p>
        </div>
      ))}
      <Button type="submit" variant="primary" pending={pending} className="px-8 py-3">
        {pending ? MESSAGES.findingOrder : MESSAGES.findOrder}
      </Button>
      <p id={form.errorId} role="status" className={`mt-2 min-h-5 text-sm ${formError ? 'text-danger' : 'text-success'}`}>
        {answer}
      </p>
    </form>
  );
}
