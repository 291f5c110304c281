import { useEffect, useState } from 'react';
import {
  HOME_STORE_CODE,
  homeCountry,
  parseIgnoreFlag,
  promptedStoreCode,
  storeCountries,
  type Country,
  type RegionalStoreCode,
} from '../../../shared/countries.ts';
import { MESSAGES } from '../../../shared/messages.ts';
import { storageKeys } from '../../../shared/storage-keys.ts';
import { createStore, persistedStore, useStore } from '../../lib/store.ts';
import { useShop } from '../../lib/use-shop.ts';
import { ArrowUpRightIcon } from '../../ui/icons.tsx';
import { Button, buttonStyles } from '../../ui/button.tsx';
import { Modal } from '../../ui/modal.tsx';
import { useHydrated } from '../../ui/browser.ts';

/** Whether the country selector is open; the footer's country line opens it. */
export const countrySelectorStore = createStore<boolean>(false);

/** Set once the shopper has answered the country prompt, so it never asks again (spec 4). */
const countryCheckIgnoredStore = (brand: string) =>
  persistedStore(storageKeys(brand).countrySelect, false, parseIgnoreFlag);

function CountryCode({ country }: { country: Country }) {
  return (
    <span
      aria-hidden="true"
      className="grid size-10 shrink-0 place-items-center rounded-full border border-line font-display text-xs font-black tracking-wider"
    >
      {country.countryCode}
    </span>
  );
}

const rowClass = 'group flex w-full items-center gap-4 py-4 text-left transition-colors hover:text-ink';

/** The stores (spec 2.4): this one closes the dialog, each configured other one leads to its own site. */
export function CountrySelector() {
  const { publicUrl, regionalStoreUrls } = useShop();
  const open = useStore(countrySelectorStore);
  const countries = storeCountries(publicUrl, regionalStoreUrls);
  const close = () => countrySelectorStore.set(false);
  return (
    <Modal open={open} onOpenChange={countrySelectorStore.set} title={MESSAGES.selectLocation}>
      <ul className="divide-y divide-line border-y border-line">
        {countries.map((country) => (
          <li key={country.code}>
            {country.code === HOME_STORE_CODE ? (
              <button type="button" className={rowClass} aria-current="true" onClick={close}>
                <CountryCode country={country} />
                <span className="flex-1 font-bold uppercase tracking-[0.08em]">{country.name}</span>
                <span className="rounded-full bg-accent px-2.5 py-1 text-[0.6875rem] font-bold uppercase tracking-wider text-accent-ink">
                  {MESSAGES.currentStore}
                </span>
              </button>
            ) : (
              <a href={country.url} className={rowClass} hrefLang={country.code}>
                <CountryCode country={country} />
                <span className="flex-1 font-bold uppercase tracking-[0.08em]">{country.name}</span>
                <ArrowUpRightIcon className="size-5 text-ink-muted transition-transform group-hover:translate-x-0.5 group-hover:-translate-y-0.5" />
              </a>
            )}
          </li>
        ))}
      </ul>
    </Modal>
  );
}

/**
 * The country prompt (spec 2.4 and 4): a browser that prefers en-AU or en-NZ is offered that store once.
 * Staying, closing or switching all set the ignore flag. The layout leaves it out on the checkout and
 * simple themes.
 */
export function CountryPrompt() {
  const { brand, publicUrl, regionalStoreUrls } = useShop();
  const hydrated = useHydrated();
  const ignoredStore = countryCheckIgnoredStore(brand);
  const ignored = useStore(ignoredStore);
  const [code, setCode] = useState<RegionalStoreCode | null>(null);

  useEffect(() => {
    setCode(promptedStoreCode(navigator.languages.length > 0 ? navigator.languages : [navigator.language]));
  }, []);

  const countries = storeCountries(publicUrl, regionalStoreUrls);
  const regional = countries.find((country) => country.code === code);
  const home = homeCountry(countries);
  if (!hydrated || ignored || !regional || !home) return null;

  const dismiss = () => ignoredStore.set(true);
  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open) dismiss();
      }}
      title={MESSAGES.selectLocation}
      description={`It looks like you are shopping from ${regional.name}. Our ${regional.name} store has local prices, shipping and returns.`}
    >
      <div className="flex flex-col gap-3">
        <a
          href={regional.url}
          hrefLang={regional.code}
          onClick={dismiss}
          className={buttonStyles('primary', 'inline-flex min-h-12 items-center justify-center gap-2 px-4 text-center')}
        >
          {MESSAGES.shopStore(regional.name)}
          <ArrowUpRightIcon className="size-4" strokeWidth={2} />
        </a>
        <Button
          variant="outline"
          onClick={dismiss}
          className="inline-flex min-h-12 items-center justify-center px-4 text-center"
        >
          {MESSAGES.stayOnStore(home.name)}
        </Button>
      </div>
    </Modal>
  );
}
