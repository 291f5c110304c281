/** The signed-in user as local storage keeps it (spec section 3, key etk-user). */
import * as z from 'zod/mini';

export interface User {
  _id: string;
  /** The sign-in e-mail; signed in means it is present. */
  username: string;
  first_name: string;
  last_name: string;
}

/** The user of GET /session-api/refresh-user, and of local storage. */
export const userSchema = z.lazy(() =>
  z.object({ _id: z.string(), username: z.string(), first_name: z.string(), last_name: z.string() }),
);

export const isSignedIn = (user: User | null): user is User => Boolean(user?.username);

/** Accepts only a well-formed user record; anything else in storage counts as signed out. */
export function parseUser(raw: unknown): User | null | undefined {
  if (raw === null) return null;
  const parsed = userSchema.safeParse(raw);
  return parsed.success ? parsed.data : undefined;
}
