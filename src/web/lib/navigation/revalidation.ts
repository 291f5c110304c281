import type { ShouldRevalidateFunctionArgs } from 'react-router';

/**
 * The shouldRevalidate of a page whose query only opens a step (?cancel, ?edit=…) or holds a form's outcome:
 * moving within the page reads nothing again; a form posted on it, or another page, does.
 */
export function revalidateAfterForms({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs): boolean {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname) return false;
  return defaultShouldRevalidate;
}
