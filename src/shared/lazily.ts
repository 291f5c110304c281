/**
 * A value made the first time it is asked for, then kept. For what is costly to make and not needed by every
 * page that loads the module: an Intl format loads locale data, and a phone pays for everything a module makes
 * as it loads in one block of main-thread time before the page responds.
 */
export function lazily<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => {
    made ??= { value: make() };
    return made.value;
  };
}
