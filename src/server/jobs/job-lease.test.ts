/** Job leases between servers, each with its own connection to one database, as two processes have. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/database.ts';
import { JobLease } from './job-lease.ts';
import { createSharedTestDatabase, type SharedTestDatabase } from './jobs-test-support.ts';

const LEASE_MS = 30_000;
const silent = { warn: () => undefined };

describe('job leases across servers', () => {
  let shared: SharedTestDatabase;
  let first: Db;
  let second: Db;
  beforeAll(async () => {
    shared = await createSharedTestDatabase();
    first = shared.connect();
    second = shared.connect();
  });
  afterAll(() => shared.close());

  const at = (start: Date, ms: number) => new Date(start.getTime() + ms);

  it('gives a job to one server, which keeps it while it renews', async () => {
    const a = new JobLease(first, 'sweep', 'server-a', LEASE_MS);
    const b = new JobLease(second, 'sweep', 'server-b', LEASE_MS);
    const start = new Date();
    expect(await a.hold(start)).toBe(true);
    expect(await b.hold(at(start, 1000))).toBe(false);
    expect(await a.hold(at(start, 20_000))).toBe(true);
    // Past a's first lease, within its renewal.
    expect(await b.hold(at(start, 40_000))).toBe(false);
    expect(a.isHeld(at(start, 40_000).getTime())).toBe(true);
    expect(b.isHeld(at(start, 40_000).getTime())).toBe(false);
  });

  it('hands the job of a holder that stops renewing to another once its lease runs out', async () => {
    const a = new JobLease(first, 'index', 'server-a', LEASE_MS);
    const b = new JobLease(second, 'index', 'server-b', LEASE_MS);
    const start = new Date();
    expect(await a.hold(start)).toBe(true);
    expect(await b.hold(at(start, LEASE_MS - 1))).toBe(false);
    expect(await b.hold(at(start, LEASE_MS + 1))).toBe(true);
    // The old holder, back from a pause, finds the job taken and knows it.
    expect(await a.hold(at(start, LEASE_MS + 2))).toBe(false);
    expect(a.isHeld(at(start, LEASE_MS + 2).getTime())).toBe(false);
  });

  it('gives one of many servers asking at once the job', async () => {
    const servers = Array.from(
      { length: 8 },
      (_, index) => new JobLease(index % 2 ? second : first, 'render', `server-${index}`, LEASE_MS),
    );
    const now = new Date();
    const answers = await Promise.all(servers.map((lease) => lease.hold(now)));
    expect(answers.filter(Boolean)).toHaveLength(1);
  });

  it('lets another server take a job at once when its holder stops and gives it up', async () => {
    const a = new JobLease(first, 'gift-cards', 'server-a', LEASE_MS);
    const b = new JobLease(second, 'gift-cards', 'server-b', LEASE_MS);
    expect(await a.start(silent)).toBe(true);
    expect(await b.start(silent)).toBe(false);
    await a.stop(silent);
    expect(await b.hold()).toBe(true);
    await b.stop(silent);
    expect(await first.selectFrom('job_leases').select('job').where('job', '=', 'gift-cards').execute()).toEqual([]);
  });

  it('keeps the progress the holder records for the servers that wait on it and for the next holder', async () => {
    const a = new JobLease(first, 'search-index', 'server-a', LEASE_MS);
    const b = new JobLease(second, 'search-index', 'server-b', LEASE_MS);
    const start = new Date();
    await a.hold(start);
    expect(await b.readProgress()).toBeNull();
    await a.recordProgress(41);
    // Only the holder records.
    await b.recordProgress(7);
    expect(await b.readProgress()).toBe(41);
    await b.hold(at(start, LEASE_MS + 1));
    expect(await b.readProgress()).toBe(41);
  });
});
