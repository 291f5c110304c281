import { describe, expect, it } from 'vitest';
import { caretAfterDigits, typedDigits } from './digit-entry.ts';

describe('typedDigits', () => {
  it('reads the digits typed and how many sit before the caret', () => {
    expect(typedDigits('4242', '42424', 5)).toEqual({ digits: '42424', digitsBefore: 5 });
    expect(typedDigits('(555) 1', '(555) 12', 8)).toEqual({ digits: '55512', digitsBefore: 5 });
  });

  it('deletes the digit before a separator the shopper deleted, rather than bringing the separator back', () => {
    // Backspace after the space of '4242 4': the space goes, and with it the 2 before it.
    expect(typedDigits('4242 4', '42424', 4)).toEqual({ digits: '4244', digitsBefore: 3 });
    expect(typedDigits('(555) 555', '(555 555', 4)).toEqual({ digits: '55555', digitsBefore: 2 });
  });

  it('takes a pasted or autofilled value whole', () => {
    expect(typedDigits('', '4242-4242-4242-4242', 19)).toEqual({ digits: '4242424242424242', digitsBefore: 16 });
  });
});

describe('caretAfterDigits', () => {
  it('puts the caret after as many digits as were before it, past none of the separators after them', () => {
    expect(caretAfterDigits('4242 4', 5)).toBe(6);
    expect(caretAfterDigits('4242 4', 4)).toBe(4);
    expect(caretAfterDigits('(555) 555', 3)).toBe(4);
    expect(caretAfterDigits('(555) 555', 0)).toBe(0);
    expect(caretAfterDigits('(555', 9)).toBe(4);
  });
});
