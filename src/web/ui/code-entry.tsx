import { useId, useState, type KeyboardEvent } from 'react';
import { MAX_CODE_LENGTH } from '../../shared/constants.ts';
import { Button } from './button.tsx';

/** What came of a typed code: taken (the field empties), or refused with the reason to show under it (null: nothing to say). */
export interface CodeOutcome {
  applied: boolean;
  refusal: string | null;
}

export interface CodeEntryProps {
  label: string;
  buttonLabel: string;
  onApply: (code: string) => Promise<CodeOutcome> | CodeOutcome;
}

/**
 * A code field with its button (a promo code, a gift card). It is no form of its own, so it can sit inside
 * another form: Enter in the field applies the code instead of submitting the form around it.
 */
export function CodeEntry({ label, buttonLabel, onApply }: CodeEntryProps) {
  const id = useId();
  const errorId = useId();
  const [code, setCode] = useState('');
  const [applying, setApplying] = useState(false);
  /** Why the typed code was refused, shown under the field until the code changes or one applies. */
  const [refusal, setRefusal] = useState<string | null>(null);

  const apply = async () => {
    if (applying || code.trim() === '') return;
    setApplying(true);
    setRefusal(null);
    const outcome = await onApply(code);
    setApplying(false);
    setRefusal(outcome.refusal);
    if (outcome.applied) setCode('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void apply();
  };

  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex gap-2">
        <label htmlFor={id} className="sr-only">
          {label}
        </label>
        <input
          id={id}
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
            setRefusal(null);
          }}
          onKeyDown={onKeyDown}
          aria-invalid={refusal ? true : undefined}
          aria-describedby={refusal ? errorId : undefined}
          placeholder={label}
          maxLength={MAX_CODE_LENGTH}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          className="min-h-11 min-w-0 flex-1 border border-line bg-surface px-3 text-base uppercase placeholder:normal-case placeholder:text-ink-muted aria-invalid:border-danger md:text-sm"
        />
        <Button variant="outline" pending={applying} onClick={() => void apply()} className="min-h-11 px-5">
          {buttonLabel}
        </Button>
      </div>
      {refusal && (
        <p id={errorId} role="alert" className="text-sm text-danger">
          {refusal}
        </p>
      )}
    </div>
  );
}
