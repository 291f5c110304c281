/** Small text helpers for names, slugs and HTML the demo writes. */

/** Slugs are made by the rule the shop reads its paths by, so a page's slug and its tags' path segments agree. */
export { tagSlug as slugify } from '../shared/catalogue-search/catalogue-page.ts';

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Whole days before `now`, as an ISO time. */
export function daysBefore(now: Date, days: number, hours = 0): string {
  return new Date(now.getTime() - (days * 24 + hours) * 3_600_000).toISOString();
}

export function daysAfter(now: Date, days: number, hours = 0): string {
  return daysBefore(now, -days, -hours);
}
