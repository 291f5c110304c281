import type { Kysely } from 'kysely';

/**
 * One runner per job across servers (docs/decisions/039-one-runner-per-job.md). A message in the outbox is claimed
 * by the server that sends it until lease_until; a lease that runs out (its server died) is taken over. A
 * background job (the order sweeper, the search cluster's indexer, rendering ahead) runs on the server named in
 * its job_leases row while that server renews the lease; progress is how far the holder has got, for the servers
 * that wait on it (the indexer's last applied product change).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('outbox').addColumn('claimed_by', 'text').execute();
  await db.schema.alterTable('outbox').addColumn('lease_until', 'text').execute();

  await db.schema
    .createTable('job_leases')
    .addColumn('job', 'text', (c) => c.primaryKey())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('lease_until', 'text', (c) => c.notNull())
    .addColumn('progress', 'bigint')
    .execute();
}
