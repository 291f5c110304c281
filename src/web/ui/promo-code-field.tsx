import { MESSAGES } from '../../shared/messages.ts';
import { CodeEntry, type CodeOutcome } from './code-entry.tsx';

export interface PromoCodeFieldProps {
  /** The code the bag holds, or null. */
  applied: string | null;
  /** Whether the shop runs any promo now: without one and without an applied code, nothing is shown. */
  offered: boolean;
  apply: (code: string) => Promise<CodeOutcome>;
  remove: () => void;
}

/** The bag's promo code: the applied code with its removal, or the field to enter one. */
export function PromoCodeField({ applied, offered, apply, remove }: PromoCodeFieldProps) {
  if (applied) {
    return (
      <p className="flex items-center justify-between gap-3 bg-surface-muted px-3 py-2 text-sm">
        <span>{MESSAGES.promoApplied(applied)}</span>
        <button
          type="button"
          onClick={remove}
          className="min-h-9 underline underline-offset-4"
          aria-label={MESSAGES.removePromo(applied)}
        >
          {MESSAGES.remove}
        </button>
      </p>
    );
  }
  return offered ? <CodeEntry label={MESSAGES.promoCode} buttonLabel={MESSAGES.applyPromo} onApply={apply} /> : null;
}
