import { useId, useState, type KeyboardEvent } from 'react';
import { MAX_CODE_LENGTH } from '../../shared/constants.ts';
import { Button } from './button.tsx';

export interface CodeEntryProps {
  label: string;
  buttonLabel: string;
  /** Applies the typed code; true when it was taken, which empties the field. */
  onApply: (code: string) => Promise<boolean> | boolean;
}

/**
 * A code field with its button (a promo code, a gift card). It is no form of its own, so it can sit inside
 * another form: Enter in the field applies the code instead of submitting the form around it.
 */
export function CodeEntry({ label, buttonLabel, onApply }: CodeEntryProps) {
  const id = useId();
  const [code, setCode] = useState('');
  const [applying, setApplying] = useState(false);

  const apply = async () => {
    if (applying || code.trim() === '') return;
    setApplying(true);
    const taken = await onApply(code);
    setApplying(false);
    if (taken) setCode('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void apply();
  };

  return (
    <div className="flex gap-2">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        onKeyDown={onKeyDown}
        placeholder={label}
        maxLength={MAX_CODE_LENGTH}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        className="min-h-11 min-w-0 flex-1 border border-line bg-surface px-3 text-base uppercase placeholder:normal-case placeholder:text-ink-muted md:text-sm"
      />
      <Button variant="outline" pending={applying} onClick={() => void apply()} className="min-h-11 px-5">
        {buttonLabel}
      </Button>
    </div>
  );
}
