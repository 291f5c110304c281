import { describe, expect, it } from 'vitest';
import { UsZipCodes, usZipCodes } from './us-zip-codes.ts';

const row = (zip: string, place: string, stateName: string, state: string) =>
  `US\t${zip}\t${place}\t${stateName}\t${state}\tCounty\t001\t\t\t0\t0\t4`;

describe('UsZipCodes.parse', () => {
  it('keeps the ZIP codes of listed states, the first row of a code winning', () => {
    const zipCodes = UsZipCodes.parse(
      [
        row('96860', 'Jbphh', 'Hawaii', 'HI'),
        row('96860', 'FPO AA', '', ''),
        row('09012', 'APO AE', '', ''),
        row('96960', 'Marshall Islands', 'Marshall Islands', 'MH'),
        row('00501', 'Holtsville', 'New York', 'NY'),
        '',
      ].join('\n'),
    );
    expect(zipCodes.size).toBe(2);
    expect(zipCodes.place('96860')).toEqual({ zip: '96860', city: 'Jbphh', state: 'HI' });
    expect(zipCodes.place('00501')).toEqual({ zip: '00501', city: 'Holtsville', state: 'NY' });
    expect(zipCodes.place('09012')).toBeNull();
    expect(zipCodes.place('96960')).toBeNull();
  });
});

describe('the shipped ZIP codes', () => {
  const zipCodes = usZipCodes();

  it('hold the ZIP codes of the 50 states and DC', () => {
    expect(zipCodes.size).toBeGreaterThan(40_000);
    expect(usZipCodes()).toBe(zipCodes);
  });

  it('name the city and state of a ZIP code, ZIP+4 too', () => {
    expect(zipCodes.place('90210')).toEqual({ zip: '90210', city: 'Beverly Hills', state: 'CA' });
    expect(zipCodes.place('10001-2062')).toEqual({ zip: '10001', city: 'New York', state: 'NY' });
    expect(zipCodes.place('20500')).toEqual({ zip: '20500', city: 'Washington', state: 'DC' });
    expect(zipCodes.place('99501')?.state).toBe('AK');
    expect(zipCodes.place('96813')?.city).toBe('Honolulu');
  });

  it('know no ZIP code that is not one', () => {
    expect(zipCodes.place('00000')).toBeNull();
    expect(zipCodes.place('9021')).toBeNull();
    expect(zipCodes.place('hello')).toBeNull();
  });

  it("tell whether a ZIP code is a state's", () => {
    expect(zipCodes.isInState('90210', 'CA')).toBe(true);
    expect(zipCodes.isInState('90210', 'NY')).toBe(false);
    expect(zipCodes.isInState('05401', 'VT')).toBe(true);
    expect(zipCodes.isInState('00000', 'CA')).toBe(false);
  });
});
