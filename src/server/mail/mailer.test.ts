/**
 * The outbox on several servers: two mailers on one database (each with its own connection, as two servers have)
 * send every message exactly once, however slow the SMTP server, and a message claimed by a server killed with
 * SIGKILL is sent by another once the claim runs out.
 */
import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, Dialect } from '../db/database.ts';
import { createSharedTestDatabase, type SharedTestDatabase } from '../jobs/jobs-test-support.ts';
import { ColumnNode, UpdateQueryNode, type KyselyPlugin } from 'kysely';
import { MAIL_LEASE_MS, Mailer, messageIdOf, type MailTransport } from './mailer.ts';

/** An SMTP server that takes delayMs to accept a message, and what it accepted, by sender. */
function slowSmtp(delayMs: () => number) {
  const accepted: Array<{ sender: string; subject: string }> = [];
  const transportOf = (sender: string): MailTransport => ({
    async sendMail(message) {
      await sleep(delayMs());
      accepted.push({ sender, subject: message.subject });
    },
  });
  return { accepted, transportOf };
}

describe('the outbox on several servers', () => {
  let shared: SharedTestDatabase;
  let first: Db;
  let second: Db;
  let dialect: Dialect;
  beforeAll(async () => {
    shared = await createSharedTestDatabase();
    first = shared.connect();
    second = shared.connect();
    dialect = shared.database.dialect;
  });
  afterAll(() => shared.close());

  const mailerOn = (db: Db, sender: string, transport: MailTransport, leaseMs?: number) =>
    new Mailer(db, { smtpUrl: null, from: 'shop@example.com', sender, transport, dialect, leaseMs });

  const enqueue = async (mailer: Mailer, subjects: readonly string[]) => {
    const ids: string[] = [];
    for (const subject of subjects) {
      ids.push(
        await mailer.enqueue(
          first,
          { kind: 'test', to: 'shopper@example.com', subject, text: subject, html: `<p>${subject}</p>` },
          new Date(),
        ),
      );
    }
    return ids;
  };

  const outboxRow = (id: string) =>
    first
      .selectFrom('outbox')
      .select(['sent_at', 'attempts', 'claimed_by', 'lease_until', 'last_error'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('sends a message once while another server sweeps during its slow send', async () => {
    const smtp = slowSmtp(() => 400);
    const a = mailerOn(first, 'server-a', smtp.transportOf('server-a'));
    const b = mailerOn(second, 'server-b', smtp.transportOf('server-b'));
    const [id = ''] = await enqueue(a, ['Your order']);

    const delivering = a.deliver([id]);
    await sleep(100);
    await b.deliverPending(new Date());
    await b.deliver([id]);
    await delivering;
    await b.deliverPending(new Date());

    expect(smtp.accepted).toEqual([{ sender: 'server-a', subject: 'Your order' }]);
    expect(await outboxRow(id)).toMatchObject({ attempts: 0, claimed_by: 'server-a', lease_until: null });
    expect((await outboxRow(id)).sent_at).not.toBeNull();
  });

  it('sends 200 messages across two senders, each once', async () => {
    const smtp = slowSmtp(() => 1 + Math.floor(Math.random() * 4));
    const a = mailerOn(first, 'server-a', smtp.transportOf('server-a'));
    const b = mailerOn(second, 'server-b', smtp.transportOf('server-b'));
    const subjects = Array.from({ length: 200 }, (_, index) => `Message ${index}`);
    const ids = await enqueue(a, subjects);

    // Server a delivers what its requests wrote while both sweep the outbox.
    const sweep = async (mailer: Mailer) => {
      for (let round = 0; round < 4; round++) await mailer.deliverPending(new Date());
    };
    await Promise.all([a.deliver(ids.slice(0, 100)), sweep(a), sweep(b)]);

    const sent = smtp.accepted.map((message) => message.subject);
    expect(sent).toHaveLength(200);
    expect(new Set(sent).size).toBe(200);
    expect(smtp.accepted.some((message) => message.sender === 'server-a')).toBe(true);
    expect(smtp.accepted.some((message) => message.sender === 'server-b')).toBe(true);
    const unsent = await first
      .selectFrom('outbox')
      .select('id')
      .where('id', 'in', ids)
      .where('sent_at', 'is', null)
      .execute();
    expect(unsent).toEqual([]);
  });

  it('keeps its claim through a send slower than the lease, renewing it', async () => {
    const smtp = slowSmtp(() => 1200);
    const a = mailerOn(first, 'server-a', smtp.transportOf('server-a'), 300);
    const b = mailerOn(second, 'server-b', smtp.transportOf('server-b'), 300);
    const [id = ''] = await enqueue(a, ['Your gift card']);

    const delivering = a.deliver([id]);
    for (let sweep = 0; sweep < 10; sweep++) {
      await sleep(100);
      await b.deliverPending(new Date());
    }
    await delivering;

    expect(smtp.accepted).toEqual([{ sender: 'server-a', subject: 'Your gift card' }]);
  });

  it('releases the claim of a failed send with the attempt counted, for any server to send again', async () => {
    const refusing: MailTransport = {
      sendMail: () => Promise.reject(new Error('451 try again later')),
    };
    const smtp = slowSmtp(() => 1);
    const a = mailerOn(first, 'server-a', refusing);
    const b = mailerOn(second, 'server-b', smtp.transportOf('server-b'));
    const [id = ''] = await enqueue(a, ['Your refund']);

    await a.deliver([id]);
    expect(await outboxRow(id)).toEqual({
      sent_at: null,
      attempts: 1,
      claimed_by: null,
      lease_until: null,
      last_error: '451 try again later',
    });
    await b.deliverPending(new Date());
    expect(smtp.accepted).toEqual([{ sender: 'server-b', subject: 'Your refund' }]);
  });

  it('records a sent message once the database is back, and no other server sends it meanwhile', async () => {
    // The database away for the first three tries at recording the message sent, as during a restart.
    let refusals = 3;
    const awayWhileRecording: KyselyPlugin = {
      transformQuery({ node }) {
        const recordsSent =
          UpdateQueryNode.is(node) &&
          (node.updates ?? []).some(
            (update) => ColumnNode.is(update.column) && update.column.column.name === 'sent_at',
          );
        if (recordsSent && refusals > 0) {
          refusals -= 1;
          throw new Error('Connection terminated unexpectedly');
        }
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    const smtp = slowSmtp(() => 1);
    const a = mailerOn(first.withPlugin(awayWhileRecording), 'server-a', smtp.transportOf('server-a'));
    const b = mailerOn(second, 'server-b', smtp.transportOf('server-b'));
    const [id = ''] = await enqueue(b, ['Your order, once']);

    const delivering = a.deliver([id]);
    while (smtp.accepted.length === 0) await sleep(10);
    await b.deliverPending(new Date());
    await delivering;
    await b.deliverPending(new Date(Date.now() + MAIL_LEASE_MS + 1000));

    expect(refusals).toBe(0);
    expect(smtp.accepted).toEqual([{ sender: 'server-a', subject: 'Your order, once' }]);
    expect(await outboxRow(id)).toMatchObject({ attempts: 0, claimed_by: 'server-a', lease_until: null });
    expect((await outboxRow(id)).sent_at).not.toBeNull();
  });

  it('gives a message the same Message-ID on every try, at the domain of the From address', () => {
    expect(messageIdOf('3f2a', 'ACME <orders@acme.example>')).toBe('<3f2a@acme.example>');
    expect(messageIdOf('3f2a', 'orders@acme.example')).toBe('<3f2a@acme.example>');
    expect(messageIdOf('3f2a', 'no address')).toBe('<3f2a@localhost>');
  });

  it('sends a message claimed by a server killed with SIGKILL once its claim runs out', async () => {
    const smtp = slowSmtp(() => 1);
    const b = mailerOn(second, 'server-b', smtp.transportOf('server-b'));
    const [id = ''] = await enqueue(b, ['Your cancellation']);

    const killed = spawn(process.execPath, ['--import', 'tsx', 'src/server/mail/kill-test-sender.ts'], {
      env: {
        ...process.env,
        DATABASE_URL: shared.database.databaseUrl ?? '',
        DATA_DIR: shared.database.dataDir,
        OUTBOX_ID: id,
        SENDER: 'server-killed',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const exited = new Promise((resolve) => killed.once('exit', resolve));
    for (let waited = 0; (await outboxRow(id)).claimed_by !== 'server-killed'; waited += 50) {
      if (waited > 20_000) throw new Error('the process never claimed the message');
      await sleep(50);
    }
    killed.kill('SIGKILL');
    await exited;

    await b.deliverPending(new Date());
    expect(smtp.accepted).toEqual([]);
    await b.deliverPending(new Date(Date.now() + MAIL_LEASE_MS + 1000));
    expect(smtp.accepted).toEqual([{ sender: 'server-b', subject: 'Your cancellation' }]);
    expect(await outboxRow(id)).toMatchObject({ attempts: 0, claimed_by: 'server-b' });
  });
});
