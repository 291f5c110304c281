import * as Dialog from '@radix-ui/react-dialog';
import { useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { isEasterEggTerm } from '../../../shared/easter-eggs.ts';
import { MESSAGES, SEARCH_SUGGESTIONS } from '../../../shared/messages.ts';
import type { ProductDocument } from '../../../shared/product.ts';
import { addRecentSearch, removeRecentSearch, shownRecentSearches } from '../../../shared/recent-searches.ts';
import { shopSearchPath } from '../../../shared/paths.ts';
import { remainingNote, showsViewAll } from '../../../shared/site-search.ts';
import { CloseIcon, SearchIcon } from '../../ui/icons.tsx';
import { buttonStyles } from '../../ui/button.tsx';
import { SEARCH_OVERLAY_ID, searchOverlayStore } from '../../lib/search/search-overlay-store.ts';
import { useProcessing } from '../../lib/processing/processing.ts';
import { enableEasterEggs } from '../../lib/theme.ts';
import { useShop } from '../../lib/use-shop.ts';
import { useStore } from '../../lib/store.ts';
import { recentSearchesStore } from './recent-searches-store.ts';
import { SITE_SEARCH_PROCESSING_KEY, useSiteSearch, type SiteSearchResult } from './use-site-search.ts';
import { ProductCard } from './product-card.tsx';

const closeOverlay = () => searchOverlayStore.set(false);

const chip =
  'inline-flex min-h-10 items-center rounded-full border border-line bg-surface px-4 text-sm font-semibold transition-colors hover:border-ink hover:bg-surface-muted';

const sectionHeading = 'font-display text-xs font-extrabold uppercase tracking-[0.14em] text-ink-muted';

/** The result images are drawn about 6 rem wide beside the text, half the overlay on phones. */
const RESULT_IMAGE_SIZES = '(min-width: 40rem) 6rem, 45vw';
/** 45vw of a 430 px phone at 3x. */
const RESULT_IMAGE_MAX_WIDTH = 640;

/** A term the shopper searched before: clicking it fills the box; the cross removes it from the list. */
function RecentTerm({
  term,
  onChoose,
  onRemove,
}: {
  term: string;
  onChoose: (term: string) => void;
  onRemove: (term: string) => void;
}) {
  return (
    <li className="flex items-center rounded-full border border-line bg-surface transition-colors hover:border-ink">
      <button
        type="button"
        className="min-h-10 max-w-[14rem] truncate pr-2 pl-4 text-sm font-semibold"
        onClick={() => onChoose(term)}
      >
        {term}
      </button>
      <button
        type="button"
        aria-label={MESSAGES.removeRecentSearch(term)}
        className="mr-1 inline-flex size-8 shrink-0 items-center justify-center rounded-full text-ink-muted transition-colors hover:bg-surface-muted hover:text-ink"
        onClick={() => onRemove(term)}
      >
        <CloseIcon className="size-4" strokeWidth={2} />
      </button>
    </li>
  );
}

/** With an empty box: the 5 most recent searches, or 'No recent searches' and the suggestion terms (spec 2.4). */
function StartingPoints({ brand, onChoose }: { brand: string; onChoose: (term: string) => void }) {
  const store = recentSearchesStore(brand);
  const recent = shownRecentSearches(useStore(store));
  if (recent.length) {
    return (
      <section aria-labelledby="search-overlay-recent">
        <h2 id="search-overlay-recent" className={sectionHeading}>
          {MESSAGES.recentSearches}
        </h2>
        <ul className="mt-3 flex flex-wrap gap-2">
          {recent.map((term) => (
            <RecentTerm
              key={term}
              term={term}
              onChoose={onChoose}
              onRemove={(gone) => store.set((list) => removeRecentSearch(list, gone))}
            />
          ))}
        </ul>
      </section>
    );
  }
  return (
    <section aria-labelledby="search-overlay-recent">
      <h2 id="search-overlay-recent" className="text-sm text-ink-muted">
        {MESSAGES.noRecentSearches}
      </h2>
      <ul aria-label={MESSAGES.suggestedSearches} className="mt-3 flex flex-wrap gap-2">
        {SEARCH_SUGGESTIONS.map((term) => (
          <li key={term}>
            <button type="button" className={chip} onClick={() => onChoose(term)}>
              {term}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** One product of the results: it opens the product page with the product as state, from source search. */
function ResultItem({ product }: { product: ProductDocument }) {
  const remaining = remainingNote(product);
  return (
    <li>
      <Link
        to={product.url}
        state={{ product, source: 'search' }}
        prefetch="intent"
        onClick={closeOverlay}
        className="group flex h-full flex-col gap-2.5 rounded-sm md:flex-row md:gap-4"
      >
        <ProductCard
          product={product}
          imageClassName="w-full shrink-0 md:w-24"
          sizes={RESULT_IMAGE_SIZES}
          maxWidth={RESULT_IMAGE_MAX_WIDTH}
          detailsClassName="min-w-0 md:py-1"
        >
          {remaining !== null && (
            <span className="text-xs font-semibold text-sale">{MESSAGES.remaining(remaining)}</span>
          )}
        </ProductCard>
      </Link>
    </li>
  );
}

/** With text: the Products list in two columns, or 'No Matches', and 'View all N matches' above 5. */
function Results({ result }: { result: SiteSearchResult }) {
  if (!result.products.length)
    return (
      <p className="py-6 text-center font-display text-lg font-black uppercase tracking-wide">{MESSAGES.noMatches}</p>
    );
  return (
    <section aria-labelledby="search-overlay-products">
      <h2 id="search-overlay-products" className={sectionHeading}>
        {MESSAGES.products}
      </h2>
      <ul className="mt-4 grid grid-cols-2 gap-x-3 gap-y-6 md:gap-x-8">
        {result.products.map((product) => (
          <ResultItem key={product._id} product={product} />
        ))}
      </ul>
      {showsViewAll(result.found) && (
        <Link
          to={shopSearchPath(result.term)}
          onClick={closeOverlay}
          className={buttonStyles(
            'primary',
            'mt-8 flex w-full items-center justify-center px-6 py-3.5 md:mx-auto md:w-auto md:min-w-80',
          )}
        >
          {MESSAGES.viewAllMatches(result.found)}
        </Link>
      )}
    </section>
  );
}

/** The overlay's content; it mounts when the overlay opens, so every opening starts with an empty box. */
function SearchPanel() {
  const { brand } = useShop();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const result = useSiteSearch(text);
  const pending = useProcessing(SITE_SEARCH_PROCESSING_KEY);
  const empty = text.trim() === '';

  const choose = (term: string) => {
    setText(term);
    input.current?.focus();
  };

  // Submitting searches the shop for the term, however short, and remembers it (spec 2.4 and 5).
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const term = text.trim();
    if (!term) return;
    recentSearchesStore(brand).set((recent) => addRecentSearch(recent, term));
    if (isEasterEggTerm(term)) enableEasterEggs(brand);
    closeOverlay();
    void navigate(shopSearchPath(term));
  };

  return (
    <>
      <div className="border-b border-line">
        <div className="mx-auto flex w-full max-w-6xl items-center gap-1 px-3 pt-[max(0.75rem,env(safe-area-inset-top))] pb-3 md:gap-3 md:px-8 md:py-5">
          <form
            role="search"
            onSubmit={submit}
            className="flex min-w-0 flex-1 items-center gap-1 border-b-2 border-ink md:gap-2"
          >
            <input
              ref={input}
              type="search"
              name="q"
              value={text}
              onChange={(event) => setText(event.target.value)}
              placeholder={MESSAGES.searchPlaceholder}
              aria-label={MESSAGES.search}
              aria-controls="search-overlay-body"
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              enterKeyHint="search"
              className="h-12 min-w-0 flex-1 bg-transparent px-1 font-display text-lg font-bold tracking-tight outline-none! placeholder:font-semibold placeholder:text-ink-muted/70 md:h-14 md:text-3xl [&::-webkit-search-cancel-button]:appearance-none"
            />
            {/* While a search is pending the submit button's icon turns into the site-search indicator. */}
            <button
              type="submit"
              aria-label={MESSAGES.submitSearch}
              className="inline-flex size-10 shrink-0 items-center justify-center rounded-full transition-colors hover:bg-surface-muted md:size-11"
            >
              {pending ? (
                <span
                  aria-hidden="true"
                  className="size-5 animate-spin rounded-full border-2 border-line border-t-ink motion-reduce:animate-[spin_2s_linear_infinite]"
                />
              ) : (
                <SearchIcon />
              )}
            </button>
          </form>
          <Dialog.Close
            aria-label={MESSAGES.close}
            className="inline-flex size-10 shrink-0 items-center justify-center rounded-full transition-colors hover:bg-surface-muted md:size-11"
          >
            <CloseIcon />
          </Dialog.Close>
        </div>
      </div>
      <div
        id="search-overlay-body"
        aria-busy={pending}
        className="relative min-h-0 flex-1 overflow-y-auto overscroll-contain"
      >
        <div className="mx-auto w-full max-w-6xl px-4 pt-5 pb-[max(2rem,env(safe-area-inset-bottom))] md:px-8 md:pt-8 md:pb-10">
          {empty ? <StartingPoints brand={brand} onChoose={choose} /> : result && <Results result={result} />}
        </div>
      </div>
      <p role="status" className="sr-only">
        {result && (result.products.length ? MESSAGES.matchCount(result.found) : MESSAGES.noMatches)}
      </p>
    </>
  );
}

/** The overlay itself (search-overlay.tsx has its story), loaded with Radix Dialog the first time it opens. */
export default function SearchOverlaySheet({ open }: { open: boolean }) {
  // Radix hands focus back only to a Dialog.Trigger; the opener here is the header's icon, so it is kept by
  // hand. Layout effects run before Radix moves focus into the dialog, so this still sees the opener.
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (!open) return;
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
  }, [open]);
  const returnFocus = (event: Event) => {
    event.preventDefault();
    if (opener.current?.isConnected) opener.current.focus({ preventScroll: true });
    opener.current = null;
  };

  return (
    <Dialog.Root open={open} onOpenChange={(next) => searchOverlayStore.set(next)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/55 transition-opacity duration-300 ease-out starting:opacity-0 motion-reduce:transition-none" />
        <Dialog.Content
          id={SEARCH_OVERLAY_ID}
          aria-describedby={undefined}
          onCloseAutoFocus={returnFocus}
          className="fixed inset-x-0 top-0 z-50 flex max-h-dvh flex-col bg-surface text-ink shadow-2xl outline-none! transition duration-300 ease-[cubic-bezier(0.32,0.72,0,1)] starting:-translate-y-6 starting:opacity-0 motion-reduce:transition-none"
        >
          <Dialog.Title className="sr-only">{MESSAGES.search}</Dialog.Title>
          <SearchPanel />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
