/** The document title template of spec section 1: 'page | site | tagline', leaving out what is empty. */
export function documentTitle(page: string | null | undefined, site: string, tagline: string): string {
  return [page, site, tagline].map((part) => part?.trim()).filter(Boolean).join(' | ');
}
