/**
 * The scale test's machine (scripts/scale-test.ts): its PostgreSQL database, the image's files, the shop servers
 * started as the image starts them, and nginx with the repository's configuration.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, cpSync, mkdirSync, openSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { Client } from './shop-client.ts';

export const ROOT = path.resolve(import.meta.dirname, '..', '..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no free port')),
      );
    });
  });
}

/** A database of its own on the test's PostgreSQL server, empty, as a first deployment finds it. */
export async function createDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `acme_shop_scale_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/**
 * Restarts the test's PostgreSQL server (pg_ctl restart -m fast: every connection ends, as in an operator's restart
 * or a failover), through what scripts/with-postgres.sh exports. Answers how long pg_ctl took.
 */
export async function restartPostgres(): Promise<number> {
  const pgCtl = process.env.TEST_PG_CTL;
  const data = process.env.TEST_PG_DATA;
  if (!pgCtl || !data) throw new Error('TEST_PG_CTL and TEST_PG_DATA are not set: run scripts/scale-test.sh');
  const started = performance.now();
  // PostgreSQL refuses to run as root.
  const [command = '', ...options] = [
    ...(process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--'] : []),
    pgCtl,
    '-D',
    data,
    '-l',
    path.join(path.dirname(data), 'server.log'),
    '-m',
    'fast',
    '-w',
    'restart',
  ];
  const restart = spawn(command, options, { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  restart.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => restart.once('exit', resolve));
  if (code !== 0) throw new Error(`pg_ctl restart failed: ${errors}`);
  return Math.round(performance.now() - started);
}

/**
 * The image's files, as the Dockerfile's `COPY --from=build /app/…` lines put them: a file or folder named by a
 * destination ending in / keeps its name there. The production packages are the repository's own, linked.
 * Answers what was copied.
 */
export function assembleImage(appDir: string): string[] {
  const copied: string[] = [];
  for (const line of readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8').split('\n')) {
    const words = line.trim().split(/\s+/);
    if (words[0] !== 'COPY' || words[1] !== '--from=build') continue;
    const destination = words.at(-1) ?? '';
    for (const source of words.slice(2, -1)) {
      const relative = path.relative('/app', source);
      const target = destination.endsWith('/')
        ? path.join(appDir, destination, path.basename(relative))
        : path.join(appDir, destination);
      mkdirSync(path.dirname(target), { recursive: true });
      if (relative === 'node_modules') symlinkSync(path.join(ROOT, 'node_modules'), target);
      else cpSync(path.join(ROOT, relative), target, { recursive: true });
      copied.push(relative);
    }
  }
  return copied;
}

/** One shop server, started as the image's command starts it: `node scripts/start.mjs` in the image's folder. */
/** When a server was killed: the signal sent, and the process gone. */
export interface KillWindow {
  sent: number;
  exited: number;
}

export class ShopServer {
  private child: ChildProcess | null = null;
  readonly client: Client;
  readonly log: string;

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly appDir: string,
    private readonly env: Record<string, string>,
    publicUrl: string,
    logDir: string,
  ) {
    this.client = new Client(`http://127.0.0.1:${port}`, publicUrl);
    this.log = path.join(logDir, `${name}.log`);
  }

  start(): void {
    const output = openSync(this.log, 'a');
    this.child = spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: this.appDir,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...this.env, PORT: String(this.port) },
      stdio: ['ignore', output, output],
    });
  }

  get running(): boolean {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Waits until /readyz says the server takes traffic (/healthz where a server has no /readyz). */
  async ready(withinMs: number): Promise<void> {
    const started = performance.now();
    while (performance.now() - started < withinMs) {
      if (!this.running) throw new Error(`${this.name} exited; its log: ${this.log}`);
      const status = await fetch(`${this.client.origin}/readyz`).then(
        (response) => response.status,
        () => 0,
      );
      if (status === 200) return;
      if (status === 404) {
        const healthy = await fetch(`${this.client.origin}/healthz`).then((response) => response.ok);
        if (healthy) return;
      }
      await sleep(100);
    }
    throw new Error(`${this.name} was not ready within ${withinMs} ms; its log: ${this.log}`);
  }

  kill(signal: NodeJS.Signals): void {
    this.child?.kill(signal);
  }

  /**
   * Kills the server with SIGKILL; resolves with when the signal was sent and when the process had exited. A
   * request sent between the two may still have reached it: it was in flight at the kill.
   */
  async killNow(): Promise<KillWindow> {
    const { child } = this;
    const exited = new Promise<void>((resolve) => {
      if (child && this.running) child.once('exit', () => resolve());
      else resolve();
    });
    const sent = performance.now();
    this.kill('SIGKILL');
    await exited;
    return { sent, exited: performance.now() };
  }

  async stop(): Promise<void> {
    if (!this.running) return;
    const exited = new Promise((resolve) => this.child?.once('exit', resolve));
    this.kill('SIGTERM');
    await Promise.race([exited, sleep(15_000)]);
    if (this.running) this.kill('SIGKILL');
  }
}

/** nginx with deploy/nginx/shop.conf.template, filled in for loopback as an operator fills it in. */
export class Proxy {
  private child: ChildProcess | null = null;
  readonly dir: string;

  constructor(
    private readonly variables: Record<string, string>,
    work: string,
  ) {
    this.dir = path.join(work, 'nginx');
    mkdirSync(path.join(this.dir, 'temp'), { recursive: true });
    // nginx's workers run as nobody when it is started as root: they write the asset cache and temp files.
    chmodSync(work, 0o711);
  }

  start(): void {
    const template = readFileSync(path.join(ROOT, 'deploy', 'nginx', 'shop.conf.template'), 'utf8');
    // The command the template's header gives: only the listed variables are replaced.
    const filled = spawnSync(
      'envsubst',
      [
        Object.keys(this.variables)
          .map((name) => `\${${name}}`)
          .join(' '),
      ],
      {
        input: template,
        env: { ...process.env, ...this.variables },
        encoding: 'utf8',
      },
    );
    if (filled.status !== 0) throw new Error(`envsubst failed: ${filled.stderr}`);
    const unfilled = /\$\{[A-Z_0-9]+\}/.exec(filled.stdout);
    if (unfilled) throw new Error(`deploy/nginx/shop.conf.template needs ${unfilled[0]}, which the test does not set`);
    writeFileSync(path.join(this.dir, 'shop.conf'), filled.stdout);
    // What the distribution's nginx.conf holds around conf.d, with every file of the run in the test's folder,
    // and the servers each request was sent to in the access log.
    const temp = path.join(this.dir, 'temp');
    writeFileSync(
      path.join(this.dir, 'nginx.conf'),
      [
        'worker_processes 2;',
        `pid ${path.join(this.dir, 'nginx.pid')};`,
        `error_log ${path.join(this.dir, 'error.log')} warn;`,
        'events { worker_connections 1024; }',
        'http {',
        '  include /etc/nginx/mime.types;',
        "  log_format upstream '$status|$request_method|$request_uri|$upstream_addr|$upstream_status';",
        `  access_log ${path.join(this.dir, 'access.log')} upstream;`,
        ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
          (kind) => `  ${kind}_temp_path ${path.join(temp, kind)};`,
        ),
        `  include ${path.join(this.dir, 'shop.conf')};`,
        '}',
        '',
      ].join('\n'),
    );
    if (process.getuid?.() === 0) spawnSync('chown', ['-R', 'nobody:nogroup', this.dir]);
    const nginx = process.env.NGINX ?? '/usr/sbin/nginx';
    const options = ['-p', this.dir, '-c', path.join(this.dir, 'nginx.conf')];
    const tested = spawnSync(nginx, [...options, '-t'], { encoding: 'utf8' });
    if (tested.status !== 0) throw new Error(`nginx refused the configuration:\n${tested.stderr}`);
    this.child = spawn(nginx, [...options, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'inherit'] });
  }

  /** How many requests each server answered, by the access log, and how many nginx passed on to another. */
  requestsByServer(): { answered: Map<string, number>; passedOn: number } {
    const answered = new Map<string, number>();
    let passedOn = 0;
    for (const line of readFileSync(path.join(this.dir, 'access.log'), 'utf8').split('\n')) {
      // $upstream_addr lists every server tried, the one that answered last.
      const tried = (line.split('|')[3] ?? '').split(', ');
      const last = tried.at(-1);
      if (!last || last === '-') continue;
      answered.set(last, (answered.get(last) ?? 0) + 1);
      if (tried.length > 1) passedOn += 1;
    }
    return { answered, passedOn };
  }

  async stop(): Promise<void> {
    if (!this.child || this.child.exitCode !== null) return;
    const exited = new Promise((resolve) => this.child?.once('exit', resolve));
    this.child.kill('SIGQUIT');
    await Promise.race([exited, sleep(5_000)]);
    this.child.kill('SIGKILL');
  }
}
