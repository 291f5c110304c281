import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonStyles } from '../../ui/button.tsx';

/** An account page's body beside the section navigation: its heading, a line under it, and its sections. */
export function AccountPage({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  return (
    <main id="main" className="min-w-0">
      <h1 className="font-display text-3xl font-black uppercase tracking-tight md:text-4xl">{title}</h1>
      {intro && <p className="mt-2 text-ink-muted">{intro}</p>}
      <div className="mt-8 flex flex-col gap-8">{children}</div>
    </main>
  );
}

/** The small heading of a panel or a section: 'DEFAULT SHIPPING ADDRESS'. */
export const PANEL_HEADING = 'text-xs font-bold uppercase tracking-widest';

/** A bordered panel with its heading, and a link to where the panel's things are managed. */
export function Panel({
  id,
  heading,
  link,
  children,
}: {
  id: string;
  heading: string;
  link?: { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4 border border-line p-5">
      <h2 id={id} className={PANEL_HEADING}>
        {heading}
      </h2>
      <div className="flex flex-1 flex-col gap-3">{children}</div>
      {link && (
        <Link to={link.to} className={buttonStyles('plain', 'self-start py-2')}>
          {link.label}
        </Link>
      )}
    </section>
  );
}

/** The look of a link or button that acts on one thing of a list (Edit, Delete, Make default): a large tap target. */
export const ITEM_ACTION = buttonStyles('outline', 'inline-flex min-h-11 items-center justify-center px-4', 'sm');
