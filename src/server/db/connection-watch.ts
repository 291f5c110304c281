/**
 * Keeps a PostgreSQL restart or failover from ending the process: node-postgres raises an `error` event on the
 * pool when an idle connection dies, and on the client when a checked-out one does, and an `error` event nobody
 * listens to is thrown. Both are heard here; the pool has already dropped the connection and opens a new one at
 * the next checkout, so all that is left is to say so in the log, once an outage rather than once a connection
 * (docs/decisions/037-surviving-the-database.md).
 */
import type { PostgresPool } from 'kysely';
import type pg from 'pg';
import { noteConnectionFailure } from './connection-errors.ts';

export interface ConnectionLog {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

/** Further connection errors within this long of a logged one are counted, not logged. */
export const QUIET_AFTER_WARNING_MS = 60_000;

/** Until the app's logger is given (ConnectionWatch.logTo), one JSON line on stderr, as pino would write it. */
const stderrLog: ConnectionLog = {
  warn: (details, message) => console.warn(JSON.stringify({ level: 40, ...details, msg: message })),
  info: (details, message) => console.warn(JSON.stringify({ level: 30, ...details, msg: message })),
};

export class ConnectionWatch {
  private log: ConnectionLog = stderrLog;
  /** When the first connection failed since the last new connection; null while none has. */
  private lostAt: number | null = null;
  private warnedAt: number | null = null;
  private unlogged = 0;

  constructor(private readonly now: () => number = Date.now) {}

  logTo(log: ConnectionLog): void {
    this.log = log;
  }

  /**
   * Hears the errors of the pool's connections, idle or checked out, and its failed checkouts; answers the pool
   * as Kysely's dialect takes it.
   */
  watch(pool: pg.Pool): PostgresPool {
    pool.on('error', (error) => this.connectionFailed(error));
    pool.on('connect', (client) => {
      client.on('error', (error) => this.connectionFailed(error));
      this.connected();
    });
    return {
      connect: () =>
        pool.connect().catch((error: unknown) => {
          if (error instanceof Error) this.connectionFailed(error);
          throw error;
        }),
      end: () => pool.end(),
    };
  }

  connectionFailed(error: Error): void {
    // The pool raises an idle connection's error again, the same object the connection raised.
    if (!noteConnectionFailure(error)) return;
    const now = this.now();
    this.lostAt ??= now;
    if (this.warnedAt !== null && now - this.warnedAt < QUIET_AFTER_WARNING_MS) {
      this.unlogged += 1;
      return;
    }
    this.warnedAt = now;
    // Only the code and message: the pool hangs the client, and with it the connection's password, on the error.
    const code: unknown = Reflect.get(error, 'code');
    this.log.warn(
      {
        error: { message: error.message, ...(typeof code === 'string' ? { code } : {}) },
        downMs: now - this.lostAt,
        errorsNotLogged: this.unlogged,
      },
      'database: a connection failed; requests that need the database answer 503 until it is back',
    );
    this.unlogged = 0;
  }

  private connected(): void {
    if (this.lostAt === null) return;
    this.log.info({ downMs: this.now() - this.lostAt, errorsNotLogged: this.unlogged }, 'database: connected again');
    this.lostAt = null;
    this.warnedAt = null;
    this.unlogged = 0;
  }
}
