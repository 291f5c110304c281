import type { ReactNode } from 'react';

/** The frame of the pages a shopper signs in, creates an account or recovers it on: a narrow column under its heading. */
export function AccountEntryPage({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  return (
    <main id="main" className="mx-auto w-full max-w-lg px-4 pb-16 pt-10 md:pt-16">
      <h1 className="font-display text-3xl font-black uppercase tracking-tight md:text-5xl">{title}</h1>
      {intro && <p className="mt-3 text-ink-muted">{intro}</p>}
      {children}
    </main>
  );
}
