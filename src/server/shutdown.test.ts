import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDemoStore } from '../demo/demo-store.ts';
import { SHUTTING_DOWN } from './http/readiness.ts';
import { createTestDatabase, DEMO_NOW, type TestDatabase } from './test-support.ts';

const GRACE_MS = 1500;

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Whether the request went on a connection an earlier request had used (kept alive). */
  reusedConnection: boolean;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Sends a request and reads its answer whole; with `restOnceResolved`, the body's second half waits for it. */
function send(
  port: number,
  options: { method?: string; path: string; agent?: http.Agent; body?: string; restOnceResolved?: Promise<void> },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const length = Buffer.byteLength(options.body ?? '');
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method: options.method ?? 'GET',
        path: options.path,
        agent: options.agent ?? false,
        headers: { 'content-type': 'application/json', 'content-length': String(length) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString(),
            reusedConnection: request.reusedSocket,
          }),
        );
      },
    );
    request.on('error', reject);
    const body = options.body ?? '';
    if (!options.restOnceResolved) {
      request.end(body);
      return;
    }
    const half = Math.floor(body.length / 2);
    request.write(body.slice(0, half));
    void options.restOnceResolved.then(() => request.end(body.slice(half)));
  });
}

/**
 * The real server (main.ts) as a load balancer sees it stop: a process on a database on disk, with a stand-in for
 * the web app's build (no request here reaches a page), sent SIGTERM.
 */
describe('SIGTERM', () => {
  let database: TestDatabase;
  let server: ChildProcess;
  let port: number;
  let stderr = '';

  beforeAll(async () => {
    database = await createTestDatabase({ onDisk: true });
    // A store is there, so the server loads no demo store.
    const { websiteConfig } = generateDemoStore({ brand: 'acme', productCount: 1, now: DEMO_NOW });
    await database.db.insertInto('website_config').values(websiteConfig).execute();
    const buildDir = path.join(database.dataDir, 'build');
    mkdirSync(path.join(buildDir, 'server'), { recursive: true });
    mkdirSync(path.join(buildDir, 'client'), { recursive: true });
    writeFileSync(path.join(buildDir, 'server', 'index.js'), 'export const routes = {};\n');
    // The server opens SQLite's file itself.
    if (database.dialect === 'sqlite') await database.db.destroy();
    port = await freePort();
    server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: {
        ...process.env,
        DATA_DIR: database.dataDir,
        BUILD_DIR: buildDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
        DATABASE_URL: database.databaseUrl ?? '',
        SEARCH_API_KEY: 'shutdown-test-search',
        SEARCH_ADMIN_KEY: 'shutdown-test-admin',
        RENDER_AHEAD: 'off',
        SHUTDOWN_GRACE_MS: String(GRACE_MS),
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    server.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    for (let waited = 0; ; waited += 100) {
      const ready = await send(port, { path: '/readyz' }).then(
        (answer) => answer.status === 200,
        () => false,
      );
      if (ready) break;
      if (server.exitCode !== null || waited > 60_000) throw new Error(`the server did not start: ${stderr}`);
      await sleep(100);
    }
  }, 90_000);

  afterAll(async () => {
    server.kill('SIGKILL');
    if (database.dialect === 'sqlite') rmSync(database.dataDir, { recursive: true, force: true });
    else await database.close();
  });

  it('turns /readyz 503 first, serves through the grace period, then finishes what is in flight and exits', async () => {
    const exited = new Promise<number | null>((resolve) => server.on('exit', (code) => resolve(code)));
    const keptAlive = new http.Agent({ keepAlive: true, maxSockets: 1 });
    expect((await send(port, { path: '/healthz', agent: keptAlive })).status).toBe(200);
    // A sign-up whose body is half sent when the signal comes, and whose rest comes once the server has stopped
    // listening: a request in flight.
    let sendTheRest: () => void = () => undefined;
    const inFlight = send(port, {
      method: 'POST',
      path: '/api/forms/footer-signup',
      body: JSON.stringify({ email: 'in-flight@example.com' }),
      restOnceResolved: new Promise<void>((resolve) => (sendTheRest = resolve)),
    });
    await sleep(100);
    const signalled = Date.now();
    server.kill('SIGTERM');

    await expect.poll(async () => (await send(port, { path: '/readyz' })).status, { timeout: 1000 }).toBe(503);
    expect(JSON.parse((await send(port, { path: '/readyz' })).body)).toEqual({ error: SHUTTING_DOWN });
    // A request on a kept-alive connection that was idle when the signal came is served, and closes it.
    const onIdleConnection = await send(port, { path: '/healthz', agent: keptAlive });
    expect(onIdleConnection).toMatchObject({ status: 200, reusedConnection: true });
    expect(onIdleConnection.headers.connection).toBe('close');
    expect(Date.now() - signalled).toBeLessThan(GRACE_MS);

    // Past the grace period the server no longer takes connections.
    await expect
      .poll(
        () =>
          send(port, { path: '/healthz' }).then(
            () => 'answered',
            (error: NodeJS.ErrnoException) => error.code,
          ),
        { timeout: GRACE_MS + 3000, interval: 100 },
      )
      .toBe('ECONNREFUSED');
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(GRACE_MS);
    sendTheRest();
    const finished = await inFlight;
    expect(finished.status, finished.body).toBe(200);
    expect(await exited).toBe(0);
    keptAlive.destroy();
  }, 30_000);
});
