/**
 * The rules a new password keeps: the shared form rule (8 to 128 characters) and, on the server only, not one
 * of the common passwords in Mozilla's list (fxa-common-password-list, the passwords of 8 characters or more
 * that Firefox Accounts refuses), compared as typed and in lower case.
 */
import { createRequire } from 'node:module';
import type commonPasswordList from 'fxa-common-password-list';
import { lazily } from '../../shared/lazily.ts';
import { MESSAGES } from '../../shared/messages.ts';
import { checkForm, newPassword } from '../../shared/validators.ts';

/** The list (some 2 MB once loaded) loads at the first password checked (docs/performance/024-server-memory.md). */
const commonPasswords = lazily(
  () => createRequire(import.meta.url)('fxa-common-password-list') as typeof commonPasswordList,
);

export const isCommonPassword = (password: string) =>
  commonPasswords().test(password) || commonPasswords().test(password.toLowerCase());

/** What is wrong with a new password, or null when it may be used. */
export function passwordProblem(password: string): string | null {
  const checked = checkForm(newPassword(), password);
  if (!checked.ok) return checked.message;
  return isCommonPassword(password) ? MESSAGES.passwordTooCommon : null;
}
