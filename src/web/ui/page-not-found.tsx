import { isRouteErrorResponse, Link } from 'react-router';
import { MESSAGES } from '../../shared/messages.ts';
import { PATHS } from '../../shared/paths.ts';
import { buttonStyles } from './button.tsx';

/** The not-found page's message and way back to the shop (spec 2.5), for every page that answers 404. */
export function NotFoundMessage() {
  return (
    <div className="mx-auto flex max-w-2xl flex-col items-center px-6 py-20 text-center md:py-28">
      <p className="font-display text-7xl font-black text-ink-muted md:text-9xl" aria-hidden>
        404
      </p>
      <h1 className="mt-4 font-display text-3xl font-black uppercase tracking-tight md:text-4xl">
        {MESSAGES.pageNotFoundTitle}
      </h1>
      <p className="mt-4 max-w-md text-ink-muted">{MESSAGES.pageNotFoundText}</p>
      <Link
        to={PATHS.shop}
        className={buttonStyles('primary', 'mt-8 inline-flex items-center justify-center px-8 py-3')}
      >
        {MESSAGES.returnToShop}
      </Link>
    </div>
  );
}

/** A page that failed for another reason than a missing thing. */
export function PageUnavailable() {
  return (
    <main id="main" className="mx-auto max-w-xl px-6 py-24 text-center">
      <h1 className="font-display text-3xl font-black uppercase">{MESSAGES.apiFailure}</h1>
    </main>
  );
}

/** The error boundary of a page whose thing may be missing: the not-found message for a 404, else unavailable. */
export function NotFoundBoundary({ error }: { error: unknown }) {
  if (!isRouteErrorResponse(error) || error.status !== 404) return <PageUnavailable />;
  return (
    <main id="main">
      <NotFoundMessage />
    </main>
  );
}
