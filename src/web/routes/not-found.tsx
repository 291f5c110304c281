import { data, Link } from 'react-router';
import { MESSAGES } from '../../shared/messages.ts';
import { pageMeta } from '../navigation/meta.ts';
import type { Route } from './+types/not-found';

export function loader() {
  return data(null, { status: 404 });
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    matches,
    title: MESSAGES.pageNotFoundTitle,
    noindex: true,
    // Prerender services read the status the page would have had.
    extra: [{ name: 'prerender-status-code', content: '404' }],
  });
}

export default function NotFound() {
  return (
    <main id="main" className="mx-auto flex max-w-2xl flex-col items-center px-6 py-20 text-center md:py-28">
      <p className="font-display text-7xl font-black text-ink-muted md:text-9xl" aria-hidden>
        404
      </p>
      <h1 className="mt-4 font-display text-3xl font-black uppercase tracking-tight md:text-4xl">{MESSAGES.pageNotFoundTitle}</h1>
      <p className="mt-4 max-w-md text-ink-muted">{MESSAGES.pageNotFoundText}</p>
      <Link
        to="/shop"
        className="mt-8 inline-flex items-center justify-center bg-accent px-8 py-3 text-sm font-bold uppercase tracking-widest text-accent-ink hover:opacity-90"
      >
        {MESSAGES.returnToShop}
      </Link>
    </main>
  );
}
