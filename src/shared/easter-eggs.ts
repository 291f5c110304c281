/** Searching this term turns the easter eggs on (spec 1), and with them the local light and dark toggle. */
export const EASTER_EGG_TERM = 'easter egg';

/**
 * The spec asks for 'the exact term': same letters, same case, one space. Only the spaces around the term are
 * ignored, as the search box ignores them for every term.
 */
export function isEasterEggTerm(term: string): boolean {
  return term.trim() === EASTER_EGG_TERM;
}
