/**
 * Phone numbers as the address form shows and keeps them: a US number reads (555) 555-0100 as it is typed and
 * is kept as its ten digits; a number of another country is kept as typed, since its grouping varies.
 */

/** A US number's digits: at most ten, without the country code 1 a shopper may type first. */
function usDigits(value: string): string {
  const digits = value.replace(/\D/g, '');
  return (digits.length > 10 && digits.startsWith('1') ? digits.slice(1) : digits).slice(0, 10);
}

/** What the address keeps: a US number's digits, another country's number as typed. */
export function phoneToKeep(value: string, country: string): string {
  return country === 'US' ? usDigits(value) : value;
}

/** What the field shows: a US number grouped as far as it is typed ('555555' reads '(555) 555'). */
export function formatPhone(value: string, country: string): string {
  if (country !== 'US') return value;
  const digits = usDigits(value);
  if (digits.length === 0) return '';
  if (digits.length <= 3) return `(${digits}`;
  if (digits.length <= 6) return `(${digits.slice(0, 3)}) ${digits.slice(3)}`;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}
