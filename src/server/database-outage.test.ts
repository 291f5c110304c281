import { createServer, connect, type Server, type Socket } from 'node:net';
import { Writable } from 'node:stream';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { recordCatalogueChange } from './catalogue/product-changes.ts';
import { recordContentChange } from './content/content-changes.ts';
import { DATABASE_UNREACHABLE } from './http/errors.ts';
import type { RenderedPageCache } from './http/page-cache.ts';
import { SearchEngine } from './search/engine.ts';
import { createTestDatabase, testConfig, type TestDatabase } from './test-support.ts';
import { isDatabaseUnreachable, noteConnectionFailure } from './db/connection-errors.ts';
import { openDatabase, type OpenedDatabase } from './db/database.ts';

describe('isDatabaseUnreachable', () => {
  const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

  it('knows PostgreSQL going away or not taking connections, and node-postgres losing a connection', () => {
    expect(isDatabaseUnreachable(withCode('terminating connection due to administrator command', '57P01'))).toBe(true);
    expect(isDatabaseUnreachable(withCode('the database system is starting up', '57P03'))).toBe(true);
    expect(isDatabaseUnreachable(withCode('could not connect', '08006'))).toBe(true);
    expect(isDatabaseUnreachable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnreachable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnreachable(new Error('Placing the order failed', { cause: withCode('x', '57P01') }))).toBe(true);
  });

  it('takes a socket error for the database’s only when a database connection failed with it', () => {
    const refused = withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED');
    expect(isDatabaseUnreachable(withCode('connect ECONNREFUSED 127.0.0.1:443', 'ECONNREFUSED'))).toBe(false);
    noteConnectionFailure(refused);
    expect(isDatabaseUnreachable(refused)).toBe(true);
    expect(isDatabaseUnreachable(new AggregateError([refused]))).toBe(true);
  });

  it('leaves a query’s own failures alone', () => {
    expect(isDatabaseUnreachable(withCode('duplicate key value violates unique constraint', '23505'))).toBe(false);
    expect(isDatabaseUnreachable(withCode('canceling statement due to statement timeout', '57014'))).toBe(false);
    expect(isDatabaseUnreachable(new Error('Something else'))).toBe(false);
  });
});

/**
 * A TCP relay in front of PostgreSQL that the test takes down (listening no more, every connection cut) and brings
 * back on the same port: the database as a restart or a failover looks to the shop.
 */
class DatabaseRelay {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  async up(): Promise<void> {
    const server = createServer((client) => {
      const upstream = connect(this.target.port, this.target.host);
      // A reset on one side is a reset on the other, as it would be with no relay between them.
      for (const [socket, other] of [
        [client, upstream],
        [upstream, client],
      ] as const) {
        this.sockets.add(socket);
        socket.on('error', () => undefined);
        socket.on('close', () => {
          this.sockets.delete(socket);
          other.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    const address = server.address();
    if (address && typeof address === 'object') this.port = address.port;
    this.server = server;
  }

  async down(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const socket of this.sockets) socket.destroy();
    if (server) await new Promise((resolve) => server.close(resolve));
  }
}

interface LogLine {
  level: number;
  msg: string;
  [key: string]: unknown;
}

describe.runIf(process.env.TEST_DATABASE_URL)('a shop whose PostgreSQL restarts', () => {
  let database: TestDatabase;
  let relay: DatabaseRelay;
  let shopDatabase: OpenedDatabase;
  let app: FastifyInstance;
  let pageCache: RenderedPageCache | null = null;
  const logText: string[] = [];
  const logLines = () => logText.map((line) => JSON.parse(line) as LogLine);
  const connectionWarnings = () => logLines().filter((line) => line.msg.startsWith('database: a connection failed'));
  const get = async (url: string) => {
    const response = await app.inject({ method: 'GET', url });
    return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
  };
  const terminateShopConnections = async () => {
    const admin = new pg.Client({ connectionString: database.databaseUrl ?? '' });
    await admin.connect();
    const { rows } = await admin.query<{ terminated: boolean }>(
      `SELECT pg_terminate_backend(pid) AS terminated FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid()`,
    );
    await admin.end();
    return rows.length;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    const direct = new URL(database.databaseUrl ?? '');
    relay = new DatabaseRelay({ host: direct.hostname, port: Number(direct.port) });
    await relay.up();
    // A password the log must never show (the test server trusts every connection, so any will do).
    const throughRelay = new URL(direct);
    throughRelay.port = String(relay.port);
    throughRelay.password = 'relay-secret';
    shopDatabase = openDatabase({ databaseUrl: throughRelay.toString(), dataDir: database.dataDir });
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logText.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    app = await buildApp({
      config: testConfig(database.dataDir),
      database: shopDatabase,
      logger: { level: 'info', stream },
      searchEngine: new SearchEngine(),
      // The cache both feeds' followers empty: how the test sees that they follow.
      registerWebApp: async (_app, services) => {
        pageCache = services.pageCache;
      },
    });
  });
  afterAll(async () => {
    await app.close();
    await shopDatabase.db.destroy();
    await relay.down();
    await database.close();
  });

  it('lives through its connections being terminated, idle or in a query, and connects again', async () => {
    await Promise.all(Array.from({ length: 5 }, () => get('/healthz')));
    const slowQuery = sql`SELECT pg_sleep(10)`.execute(shopDatabase.db).then(
      () => null,
      (error: unknown) => error,
    );
    await expect.poll(terminateShopConnections).toBeGreaterThan(1);
    expect(isDatabaseUnreachable(await slowQuery)).toBe(true);
    await expect.poll(async () => (await get('/healthz')).status).toBe(200);
    expect(await get('/readyz')).toEqual({ status: 200, body: { status: 'ready' } });
  });

  it('answers 503 while the database is down, logs that once, and serves again by itself once it is back', async () => {
    const warningsBefore = connectionWarnings().length;
    await relay.down();
    for (const url of ['/healthz', '/readyz', '/api/posts?kind=news', '/healthz']) {
      expect(await get(url), url).toEqual({ status: 503, body: { error: DATABASE_UNREACHABLE } });
    }
    // The background loops try again meanwhile: the content change follower every 250 ms.
    await new Promise((resolve) => setTimeout(resolve, 600));
    await relay.up();
    await expect.poll(async () => (await get('/readyz')).status, { timeout: 10_000 }).toBe(200);
    expect((await get('/api/posts?kind=news')).status).toBe(200);

    const warnings = connectionWarnings().slice(warningsBefore);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ level: 40, error: { message: expect.any(String) } });
    expect(logLines().filter((line) => line.msg === 'database: connected again').length).toBeGreaterThan(0);
    expect(logText.join('\n')).not.toContain('relay-secret');
  });

  it('keeps its background loops: each follows its feed again once the database is back, logging once', async () => {
    const emptied = () => pageCache?.generation ?? 0;
    const contentChange = async () => {
      const before = emptied();
      await database.db.transaction().execute((trx) => recordContentChange(trx));
      await expect.poll(emptied, { timeout: 10_000 }).toBeGreaterThan(before);
    };
    // The content change follower reads the counter again before the outage, so its failures begin a new run.
    await contentChange();
    const linesBefore = logText.length;
    await relay.down();
    // Four rounds of the content change follower, a few more of the search index's.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await relay.up();
    await contentChange();
    // The search index's follower waits longer after each failure in a row (up to 30 s).
    const before = emptied();
    await database.db.transaction().execute((trx) => recordCatalogueChange(trx));
    await expect.poll(emptied, { timeout: 10_000 }).toBeGreaterThan(before);
    const failures = logLines()
      .slice(linesBefore)
      .filter((line) => line.level >= 40 && !line.msg.startsWith('database:'))
      .map((line) => line.msg);
    expect(failures.filter((msg) => msg === 'page cache: reading the content change counter failed')).toHaveLength(1);
    expect(failures).toContain('search index: applying product changes failed');
  });
});
