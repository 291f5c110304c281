/**
 * Errors that mean the database cannot be reached just now (stopped, restarting, failing over, or a connection cut
 * under a query) rather than that a query was wrong: a request that meets one is answered 503, and the pool
 * connects afresh at the next checkout (docs/decisions/037-surviving-the-database.md).
 */

/**
 * The errors PostgreSQL connections failed with (connection-watch.ts hears them): a socket error such as
 * ECONNRESET is the database's only when it came from its connection, not from the card gateway's or SMTP's.
 */
const connectionFailures = new WeakSet<Error>();

/** Notes that a connection failed with this error; false when it was noted already. */
export function noteConnectionFailure(error: Error): boolean {
  if (connectionFailures.has(error)) return false;
  connectionFailures.add(error);
  return true;
}

/**
 * PostgreSQL's SQLSTATEs of a server that is shutting down or not taking connections yet: admin_shutdown (a
 * fast stop, or pg_terminate_backend), crash_shutdown, cannot_connect_now (starting up, shutting down, in
 * recovery) and too_many_connections. Class 08, connection exceptions, is matched by its prefix.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
const CONNECTION_EXCEPTION = /^08[0-9A-Z]{3}$/;

/** node-postgres's own errors for a connection lost or never made, which carry no code. */
const LOST_CONNECTION_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];

/** How deep causes and an AggregateError's errors are looked into. */
const MAX_DEPTH = 4;

export function isDatabaseUnreachable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > MAX_DEPTH) return false;
  if (connectionFailures.has(error)) return true;
  const code: unknown = Reflect.get(error, 'code');
  if (typeof code === 'string' && (UNAVAILABLE_SQLSTATES.has(code) || CONNECTION_EXCEPTION.test(code))) return true;
  if (code === undefined && LOST_CONNECTION_MESSAGES.some((message) => error.message.startsWith(message))) return true;
  if (error instanceof AggregateError && error.errors.some((inner) => isDatabaseUnreachable(inner, depth + 1))) {
    return true;
  }
  return isDatabaseUnreachable(error.cause, depth + 1);
}

/**
 * Runs a start-up step again while the database cannot be reached, until `patienceMs` has passed: a server started
 * during a database restart or failover starts once the database is back, without a supervisor. Any other error,
 * and the last one once patience runs out, is thrown.
 */
export async function retryWhileDatabaseAway<T>(
  run: () => Promise<T>,
  {
    patienceMs,
    retryEveryMs = 1000,
    onRetry,
  }: { patienceMs: number; retryEveryMs?: number; onRetry?: (error: Error) => void },
): Promise<T> {
  const giveUpAt = Date.now() + patienceMs;
  for (;;) {
    try {
      return await run();
    } catch (error) {
      if (!(error instanceof Error) || !isDatabaseUnreachable(error) || Date.now() + retryEveryMs > giveUpAt)
        throw error;
      onRetry?.(error);
      await new Promise((resolve) => setTimeout(resolve, retryEveryMs));
    }
  }
}
