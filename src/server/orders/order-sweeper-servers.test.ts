/** The order sweeper on two servers of one database: one sweeps, and the other once the first stops. */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSharedTestDatabase, type SharedTestDatabase } from '../jobs/jobs-test-support.ts';
import { testConfig } from '../test-support.ts';
import { createOrderContext, type OrderContext } from './order-context.ts';
import { ORDER_SWEEPER_JOB, startOrderSweeper } from './order-sweeper.ts';

describe('the order sweeper on two servers', () => {
  let shared: SharedTestDatabase;
  let first: OrderContext;
  let second: OrderContext;
  beforeAll(async () => {
    shared = await createSharedTestDatabase();
    const config = testConfig(shared.database.dataDir);
    const { dialect } = shared.database;
    first = createOrderContext(config, shared.connect(), { serverName: 'server-a', dialect });
    second = createOrderContext(config, shared.connect(), { serverName: 'server-b', dialect });
  });
  afterAll(() => shared.close());

  it('sweeps on the server holding the lease only, and on the other once the first stops', async () => {
    // Every sweep ends by sending what is left in the outbox.
    const sweepsOf = (orders: OrderContext) => vi.spyOn(orders.mailer, 'deliverPending');
    const [firstSweeps, secondSweeps] = [sweepsOf(first), sweepsOf(second)];
    const timing = { everyMs: 50, leaseMs: 600 };

    const a = startOrderSweeper(first, 'server-a', timing);
    await a.firstSweep;
    const b = startOrderSweeper(second, 'server-b', timing);
    await b.firstSweep;
    await sleep(400);
    expect(firstSweeps.mock.calls.length).toBeGreaterThan(2);
    expect(secondSweeps).not.toHaveBeenCalled();
    const holder = () =>
      first.db.selectFrom('job_leases').select('holder').where('job', '=', ORDER_SWEEPER_JOB).executeTakeFirst();
    expect(await holder()).toEqual({ holder: 'server-a' });

    await a.stop();
    const sweptByA = firstSweeps.mock.calls.length;
    for (let waited = 0; secondSweeps.mock.calls.length === 0; waited += 50) {
      if (waited > 5000) throw new Error('server b never took over the sweeps');
      await sleep(50);
    }
    await b.stop();
    expect(firstSweeps.mock.calls.length).toBe(sweptByA);
    expect(await holder()).toBeUndefined();
  });
});
