/**
 * The shop's mail: every message is written to the outbox table, in the transaction of what it tells about (an
 * order's confirmation commits with the order), and delivered after commit. With SMTP_URL set, nodemailer sends
 * it and the row records when; without, the outbox row is the record and the log says one was kept (its kind,
 * id and subject only: bodies carry order links, which are secrets).
 *
 * Several servers deliver from one outbox, so a message is claimed before it is sent: the claim names the server
 * and holds until lease_until, renewed while a slow send runs; a claim left to run out (its server died) is
 * taken over (docs/decisions/039-one-runner-per-job.md).
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { createRequire } from 'node:module';
import type { ExpressionBuilder, Selectable, UpdateQueryBuilder, UpdateResult } from 'kysely';
import type nodemailer from 'nodemailer';
import type { BaseLogger } from 'pino';
import type { Db, Dialect } from '../db/database.ts';
import type { Database, OutboxTable } from '../db/schema.ts';
import { uniqueName, whileRenewing } from '../jobs/job-lease.ts';

export interface MailMessage {
  /** What the message is, e.g. order-confirmation. */
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** What sends a message: nodemailer's transport, or a test's. */
export interface MailTransport {
  sendMail(message: {
    from: string;
    to: string;
    subject: string;
    text: string;
    html: string;
    /** The outbox row's, so a message sent again is known as the same one by whoever receives it. */
    messageId: string;
  }): Promise<unknown>;
}

export interface MailerOptions {
  smtpUrl: string | null;
  /** The From address. */
  from: string;
  logger?: Pick<BaseLogger, 'info' | 'warn'>;
  /** Replaces the SMTP transport (tests). */
  transport?: MailTransport;
  /** This server's name in the outbox's claims (jobs/job-lease.ts serverName); a name of its own by default. */
  sender?: string;
  /**
   * The database's dialect: PostgreSQL claims with FOR UPDATE SKIP LOCKED, so two senders take different
   * messages. SQLite's statement, the default, is correct on PostgreSQL too, where a sender that loses a race
   * gets nothing and asks again.
   */
  dialect?: Dialect;
  /** How long a claim lasts unless renewed; MAIL_LEASE_MS but in tests. */
  leaseMs?: number;
}

/**
 * Writes a message to the outbox through db, the transaction of what it tells about: it commits with that
 * change or not at all, and the mailer delivers it after commit. Returns its id.
 */
export async function writeToOutbox(db: Db, message: MailMessage, now: Date): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('outbox')
    .values({
      id,
      kind: message.kind,
      recipient: message.to,
      subject: message.subject,
      body_text: message.text,
      body_html: message.html,
      created_at: now.toISOString(),
      attempts: 0,
    })
    .execute();
  return id;
}

/** A message that failed this many times stays in the outbox for a person to look at. */
const MAX_ATTEMPTS = 5;
/**
 * How long a claim lasts unless renewed: a message claimed by a server that died is sent this long after. The
 * sender renews it every third of that while the SMTP server takes its time.
 */
export const MAIL_LEASE_MS = 15_000;
/** How often a sent message's record is tried again while the database is away. */
const RECORD_SENT_RETRY_MS = 250;
/** A message unsent for longer than this is left unsent: it would arrive too late to help. */
export const PENDING_MAIL_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Messages one sweep sends at most; the rest wait for the next. */
const MESSAGES_PER_SWEEP = 100;

type OutboxRow = Selectable<OutboxTable>;
type UpdateOutbox = UpdateQueryBuilder<Database, 'outbox', 'outbox', UpdateResult>;

export class Mailer {
  private readonly transport: MailTransport | null;
  private readonly sender: string;
  private readonly leaseMs: number;

  constructor(
    private readonly db: Db,
    private readonly options: MailerOptions,
  ) {
    // nodemailer loads only with SMTP_URL set, so a shop that keeps its mail in the outbox never holds it.
    this.transport =
      options.transport ??
      (options.smtpUrl
        ? (createRequire(import.meta.url)('nodemailer') as typeof nodemailer).createTransport(options.smtpUrl)
        : null);
    this.sender = options.sender ?? uniqueName();
    this.leaseMs = options.leaseMs ?? MAIL_LEASE_MS;
  }

  /** Writes the message to the outbox through db, which may be the transaction it belongs to; returns its id. */
  enqueue(db: Db, message: MailMessage, now: Date): Promise<string> {
    return writeToOutbox(db, message, now);
  }

  /** Delivers these outbox messages once their transaction has committed; a failure is kept for deliverPending. */
  async deliver(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    if (!this.transport) {
      const rows = await this.db
        .selectFrom('outbox')
        .select(['id', 'kind', 'subject'])
        .where('id', 'in', ids)
        .where('sent_at', 'is', null)
        .execute();
      for (const row of rows) {
        this.options.logger?.info(
          { mail: row.kind, outbox: row.id, subject: row.subject },
          'mail kept in the outbox (no SMTP_URL)',
        );
      }
      return;
    }
    for (const id of ids) {
      const claimed = await this.claim(new Date(), id);
      if (claimed) await this.send(this.transport, claimed);
    }
  }

  /**
   * With SMTP, sends what is still unsent from the last day (after a crash or a failed try) and not claimed by a
   * sender whose claim is still running at `now`.
   */
  async deliverPending(now: Date): Promise<void> {
    if (!this.transport) return;
    for (let sent = 0; sent < MESSAGES_PER_SWEEP; sent++) {
      const claimed = await this.claim(now);
      if (!claimed) return;
      await this.send(this.transport, claimed);
    }
  }

  /**
   * Claims one unsent message (this one, or the oldest of the last day) that no running claim holds, in one
   * statement, so exactly one sender gets it.
   */
  private async claim(now: Date, id?: string): Promise<OutboxRow | undefined> {
    // In the update too: on PostgreSQL without SKIP LOCKED, a sender that waited for another's claim checks again.
    const unclaimed = (eb: ExpressionBuilder<Database, 'outbox'>) =>
      eb.and([
        eb('sent_at', 'is', null),
        eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now.toISOString())]),
      ]);
    const unsent = this.db.selectFrom('outbox').select('id').where(unclaimed).where('attempts', '<', MAX_ATTEMPTS);
    const since = new Date(now.getTime() - PENDING_MAIL_WINDOW_MS).toISOString();
    const claimable = (id === undefined ? unsent.where('created_at', '>', since) : unsent.where('id', '=', id))
      .orderBy('created_at')
      .limit(1)
      .$if(this.options.dialect === 'postgres', (query) => query.forUpdate().skipLocked());
    return this.db
      .updateTable('outbox')
      .set({ claimed_by: this.sender, lease_until: this.leaseFrom(now) })
      .where('id', '=', claimable)
      .where(unclaimed)
      .returningAll()
      .executeTakeFirst();
  }

  /** Sends a claimed message and records it sent, or releases the claim with the attempt counted. */
  private async send(transport: MailTransport, row: OutboxRow): Promise<void> {
    const mine = (query: UpdateOutbox) => query.where('id', '=', row.id).where('claimed_by', '=', this.sender);
    // When the claim runs out, as its last renewal set it: until then no other sender takes the message.
    let claimedUntil = row.lease_until ? Date.parse(row.lease_until) : 0;
    try {
      await whileRenewing(
        async () => {
          const until = this.leaseFrom(new Date());
          await mine(this.db.updateTable('outbox').set({ lease_until: until })).execute();
          claimedUntil = Date.parse(until);
        },
        this.leaseMs / 3,
        () =>
          transport.sendMail({
            from: this.options.from,
            to: row.recipient,
            subject: row.subject,
            text: row.body_text,
            html: row.body_html,
            messageId: messageIdOf(row.id, this.options.from),
          }),
      );
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await mine(
        this.db.updateTable('outbox').set((eb) => ({
          attempts: eb('attempts', '+', 1),
          last_error: reason.slice(0, 500),
          claimed_by: null,
          lease_until: null,
        })),
      ).execute();
      this.options.logger?.warn({ mail: row.kind, outbox: row.id, reason }, 'mail not sent; it stays in the outbox');
      return;
    }
    await this.recordSent(row, mine, () => claimedUntil);
  }

  /**
   * Records a message sent. While the database is away (a restart) it tries again for as long as the claim holds:
   * a sent message taken for a failed one would be released, or its claim run out, and another sender send it again.
   */
  private async recordSent(row: OutboxRow, mine: (query: UpdateOutbox) => UpdateOutbox, claimedUntil: () => number) {
    for (;;) {
      try {
        await mine(
          this.db.updateTable('outbox').set({ sent_at: new Date().toISOString(), lease_until: null }),
        ).execute();
        return;
      } catch (error) {
        if (Date.now() + RECORD_SENT_RETRY_MS >= claimedUntil()) {
          const reason = error instanceof Error ? error.message : String(error);
          this.options.logger?.warn(
            { mail: row.kind, outbox: row.id, reason },
            'mail sent but not recorded before its claim ran out: it may be sent again',
          );
          return;
        }
        await sleep(RECORD_SENT_RETRY_MS);
      }
    }
  }

  private leaseFrom(now: Date): string {
    return new Date(now.getTime() + this.leaseMs).toISOString();
  }
}

/** A message's Message-ID: its outbox row's id at the From address's domain, the same on every try. */
export function messageIdOf(outboxId: string, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
  return `<${outboxId}@${domain}>`;
}

/** Text made safe for an HTML body. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** A label and its value, as a row of a message's table. */
export type MailRow = [label: string, value: string];

/** A message's simple HTML: a heading, paragraphs, a table of rows and links, every text escaped. */
export function mailHtml(
  title: string,
  paragraphs: readonly string[],
  rows: readonly MailRow[],
  links: ReadonlyArray<[label: string, url: string]>,
): string {
  const table = rows.length
    ? `<table cellpadding="4">${rows.map(([label, value]) => `<tr><td>${escapeHtml(label)}</td><td align="right">${escapeHtml(value)}</td></tr>`).join('')}</table>`
    : '';
  return [
    '<!doctype html><html><body style="font-family:sans-serif">',
    `<h1>${escapeHtml(title)}</h1>`,
    ...paragraphs.map((text) => `<p>${escapeHtml(text)}</p>`),
    table,
    ...links.map(([label, url]) => `<p><a href="${escapeHtml(url)}">${escapeHtml(label)}</a></p>`),
    '</body></html>',
  ].join('');
}
