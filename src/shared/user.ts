/** The signed-in user as local storage keeps it (spec section 3, key etk-user). */
export interface User {
  _id: string;
  /** The sign-in e-mail; signed in means it is present. */
  username: string;
  first_name: string;
  last_name: string;
}

export const isSignedIn = (user: User | null): user is User => Boolean(user?.username);

/** Accepts only a well-formed user record; anything else in storage counts as signed out. */
export function parseUser(raw: unknown): User | null | undefined {
  if (raw === null) return null;
  if (typeof raw !== 'object') return undefined;
  const candidate = raw as Record<string, unknown>;
  const fields = ['_id', 'username', 'first_name', 'last_name'] as const;
  if (!fields.every((field) => typeof candidate[field] === 'string')) return undefined;
  return {
    _id: candidate._id as string,
    username: candidate.username as string,
    first_name: candidate.first_name as string,
    last_name: candidate.last_name as string,
  };
}
