import { Link } from 'react-router';
import { MESSAGES } from '../../../shared/messages.ts';
import { PATHS } from '../../../shared/paths.ts';
import { useShop } from '../../lib/use-shop.ts';
import { buttonStyles } from '../../ui/button.tsx';

export interface OrderProblemProps {
  heading: string;
  /** Why the shopper's change could not be made. */
  reason: string;
}

/**
 * A change to an order that can no longer be made (/order/failed-cancellation, /order/failed-address-change):
 * why, how to reach support (the website config's e-mail and phone), and the ways on.
 */
export function OrderProblem({ heading, reason }: OrderProblemProps) {
  const { websiteConfig } = useShop();
  const email = websiteConfig?.support_email ?? '';
  const phone = websiteConfig?.support_phone ?? '';
  const displayPhone = websiteConfig?.support_display_phone || phone;
  return (
    <main id="main" className="mx-auto w-full max-w-2xl px-4 pb-16 pt-10 md:px-8 md:pt-16">
      <h1 className="font-display text-3xl font-black uppercase tracking-tight md:text-5xl">{heading}</h1>
      <p className="mt-4 text-lg leading-relaxed text-ink-muted">{reason}</p>
      <section aria-labelledby="order-help" className="mt-10 border border-line p-5 md:p-6">
        <h2 id="order-help" className="text-xs font-bold uppercase tracking-widest">
          {MESSAGES.orderHelpHeading}
        </h2>
        <p className="mt-3">{MESSAGES.orderHelpText}</p>
        <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
          {email && (
            <>
              <dt className="font-semibold">{MESSAGES.supportEmailLabel}</dt>
              <dd>
                <a href={`mailto:${email}`} className="underline underline-offset-4">
                  {email}
                </a>
              </dd>
            </>
          )}
          {phone && (
            <>
              <dt className="font-semibold">{MESSAGES.supportPhoneLabel}</dt>
              <dd>
                <a href={`tel:${phone}`} className="underline underline-offset-4">
                  {displayPhone}
                </a>
              </dd>
            </>
          )}
        </dl>
      </section>
      <div className="mt-10 flex flex-col gap-3 sm:flex-row">
        <Link
          to={PATHS.orderLookup}
          className={buttonStyles('outline', 'inline-flex items-center justify-center px-8 py-3')}
        >
          {MESSAGES.findAnotherOrder}
        </Link>
        <Link to={PATHS.shop} className={buttonStyles('primary', 'inline-flex items-center justify-center px-8 py-3')}>
          {MESSAGES.continueShopping}
        </Link>
      </div>
    </main>
  );
}
