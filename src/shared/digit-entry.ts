/**
 * Typing into a field that groups its digits as they are typed (a card number, a US phone number): which digits
 * an edit leaves and where the caret goes, so a deleted space or bracket deletes the digit before it rather than
 * coming straight back, and the caret stays after the digit just typed.
 */

export interface DigitEdit {
  digits: string;
  /** How many of the digits sit before the caret. */
  digitsBefore: number;
}

const onlyDigits = (text: string) => text.replace(/\D/g, '');

/** The digits after the shopper changed `shown` into `typed`, with the caret at `caret` in `typed`. */
export function typedDigits(shown: string, typed: string, caret: number): DigitEdit {
  let digitsBefore = onlyDigits(typed.slice(0, caret)).length;
  let digits = onlyDigits(typed);
  // Only a separator went: the digit before it goes with it.
  if (typed.length < shown.length && digits === onlyDigits(shown) && digitsBefore > 0) {
    digits = digits.slice(0, digitsBefore - 1) + digits.slice(digitsBefore);
    digitsBefore -= 1;
  }
  return { digits, digitsBefore };
}

/** Where the caret goes in a formatted value so that `digitsBefore` digits sit before it. */
export function caretAfterDigits(formatted: string, digitsBefore: number): number {
  if (digitsBefore <= 0) return 0;
  let seen = 0;
  for (let index = 0; index < formatted.length; index += 1) {
    if (/\d/.test(formatted[index] ?? '')) seen += 1;
    if (seen === digitsBefore) return index + 1;
  }
  return formatted.length;
}
