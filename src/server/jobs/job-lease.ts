/**
 * One runner per job across servers (docs/decisions/039-one-runner-per-job.md). A job runs on the server whose
 * name its job_leases row holds, while that server renews the lease; a lease left to run out (its server died, or
 * lost the database) is taken by the next server that asks. Leases are timed by the servers' clocks, which agree
 * to well under a second where NTP runs, against leases of seconds to minutes.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Db } from '../db/database.ts';

/**
 * A server's name in leases and claims: its host and port, the address a proxy knows it by. It stays the same
 * across a restart, so a server restarted after a kill -9 takes its own jobs back at once.
 */
export function serverName(port: number): string {
  return `${hostname()}:${port}`;
}

/** A name no other process has, for what runs outside a server (the command line, tests). */
export function uniqueName(): string {
  return `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
}

interface LeaseLog {
  warn(details: object, message: string): void;
}

export class JobLease {
  /** When the lease this server took last runs out, by its own clock; 0 when it holds none. */
  private heldUntil = 0;
  private timer: NodeJS.Timeout | null = null;
  private renewing: Promise<boolean> | null = null;

  constructor(
    private readonly db: Db,
    /** The job's name, one row of job_leases. */
    readonly job: string,
    /** This server's name (serverName). */
    readonly holder: string,
    /** How long a lease lasts unless renewed: how long a dead server's job waits before another takes it. */
    readonly leaseMs: number,
  ) {}

  /**
   * Takes the lease when no one holds it or its holder let it run out, or renews this server's, in one statement:
   * of two servers asking at once, one gets it. True when this server holds it now.
   */
  async hold(now = new Date()): Promise<boolean> {
    const until = new Date(now.getTime() + this.leaseMs).toISOString();
    const taken = await this.db
      .insertInto('job_leases')
      .values({ job: this.job, holder: this.holder, lease_until: until })
      .onConflict((conflict) =>
        conflict
          .column('job')
          .doUpdateSet({ holder: this.holder, lease_until: until })
          .where((eb) =>
            eb.or([eb('job_leases.holder', '=', this.holder), eb('job_leases.lease_until', '<', now.toISOString())]),
          ),
      )
      .returning('job')
      .executeTakeFirst();
    this.heldUntil = taken ? now.getTime() + this.leaseMs : 0;
    return taken !== undefined;
  }

  /** True while the lease this server took last is running. */
  isHeld(now = Date.now()): boolean {
    return now < this.heldUntil;
  }

  /**
   * Asks for the lease now and every third of its length until stop(): a holder keeps it, the others take it over
   * once its holder stops renewing. Resolves with the first answer.
   */
  start(log: LeaseLog): Promise<boolean> {
    this.timer = setInterval(() => void this.ask(log), this.leaseMs / 3);
    this.timer.unref();
    return this.ask(log);
  }

  /** Stops renewing and gives the lease up, so another server takes the job at its next try. */
  async stop(log: LeaseLog): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.renewing;
    if (this.heldUntil === 0) return;
    // Not given up, the lease runs out on its own.
    await this.release().catch((error: unknown) =>
      log.warn({ err: error, job: this.job }, 'could not give up the lease of a background job'),
    );
  }

  /** One request at a time; a failed renewal is logged and the lease taken last runs until its time. */
  private ask(log: LeaseLog): Promise<boolean> {
    this.renewing ??= this.hold()
      .catch((error: unknown) => {
        log.warn({ err: error, job: this.job }, 'could not renew the lease of a background job');
        return this.isHeld();
      })
      .finally(() => {
        this.renewing = null;
      });
    return this.renewing;
  }

  /** Gives the lease up now. */
  async release(): Promise<void> {
    this.heldUntil = 0;
    await this.db.deleteFrom('job_leases').where('job', '=', this.job).where('holder', '=', this.holder).execute();
  }

  /** Records how far this server has got with the job, while it holds the lease. */
  async recordProgress(progress: number): Promise<void> {
    await this.db
      .updateTable('job_leases')
      .set({ progress })
      .where('job', '=', this.job)
      .where('holder', '=', this.holder)
      .execute();
  }

  /** How far the job's holder has got, or null before any holder recorded it. */
  async readProgress(): Promise<number | null> {
    const row = await this.db
      .selectFrom('job_leases')
      .select('progress')
      .where('job', '=', this.job)
      .executeTakeFirst();
    return row?.progress ?? null;
  }
}

/**
 * Runs work while renew() is called every renewEveryMs, so a claim on the work outlives the work however slow it
 * is, and runs out soon after the process dies. A renewal that fails is left to the next.
 */
export async function whileRenewing<T>(
  renew: () => Promise<unknown>,
  renewEveryMs: number,
  work: () => Promise<T>,
): Promise<T> {
  const timer = setInterval(() => void renew().catch(() => undefined), renewEveryMs);
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}
