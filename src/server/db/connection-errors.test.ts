import { describe, expect, it } from 'vitest';
import { retryWhileDatabaseAway } from './connection-errors.ts';

/** An error as node-postgres reports PostgreSQL's fast shutdown to a query under way. */
const adminShutdown = () =>
  Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });

describe('a start-up step while the database is away', () => {
  it('runs again until the database answers', async () => {
    let tries = 0;
    const retried: string[] = [];
    const result = await retryWhileDatabaseAway(
      async () => {
        tries += 1;
        if (tries < 3) throw adminShutdown();
        return 'started';
      },
      { patienceMs: 10_000, retryEveryMs: 1, onRetry: (error) => retried.push(error.message) },
    );
    expect(result).toBe('started');
    expect(tries).toBe(3);
    expect(retried).toHaveLength(2);
  });

  it('throws any other error at once', async () => {
    let tries = 0;
    const wrong = retryWhileDatabaseAway(
      async () => {
        tries += 1;
        throw Object.assign(new Error('relation "orders" does not exist'), { code: '42P01' });
      },
      { patienceMs: 10_000, retryEveryMs: 1 },
    );
    await expect(wrong).rejects.toThrow('relation "orders" does not exist');
    expect(tries).toBe(1);
  });

  it('gives up once its patience has run out, with the database still away', async () => {
    let tries = 0;
    const away = retryWhileDatabaseAway(
      async () => {
        tries += 1;
        throw adminShutdown();
      },
      { patienceMs: 30, retryEveryMs: 5 },
    );
    await expect(away).rejects.toThrow('administrator command');
    expect(tries).toBeGreaterThan(1);
  });
});
