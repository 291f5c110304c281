import { useLayoutEffect, useRef, type ChangeEvent } from 'react';
import { caretAfterDigits, typedDigits } from '../../shared/digit-entry.ts';

/**
 * A text input whose digits are grouped as they are typed (a card number, a US phone number): the change
 * handler reads the digits the shopper meant, and the caret is put back after the digit just typed once React
 * has written the grouped value, rather than jumping to the end.
 */
export function useGroupedDigits(format: (digits: string) => string) {
  const caret = useRef<{ input: HTMLInputElement; position: number } | null>(null);
  useLayoutEffect(() => {
    const pending = caret.current;
    if (!pending) return;
    caret.current = null;
    pending.input.setSelectionRange(pending.position, pending.position);
  });
  /** The digits of the edit that changed `shown`, the value the field showed. */
  return (event: ChangeEvent<HTMLInputElement>, shown: string): string => {
    const input = event.target;
    const edit = typedDigits(shown, input.value, input.selectionStart ?? input.value.length);
    if (input.ownerDocument.activeElement === input)
      caret.current = { input, position: caretAfterDigits(format(edit.digits), edit.digitsBefore) };
    return edit.digits;
  };
}
