/**
 * The shop's mail: every message is written to the outbox table, in the transaction of what it tells about (an
 * order's confirmation commits with the order), and delivered after commit. With SMTP_URL set, nodemailer sends
 * it and the row records when; without, the outbox row is the record and the log says one was kept (its kind,
 * id and subject only: bodies carry order links, which are secrets).
 */
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import type nodemailer from 'nodemailer';
import type { BaseLogger } from 'pino';
import type { Db } from '../db/database.ts';

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
  sendMail(message: { from: string; to: string; subject: string; text: string; html: string }): Promise<unknown>;
}

export interface MailerOptions {
  smtpUrl: string | null;
  /** The From address. */
  from: string;
  logger?: Pick<BaseLogger, 'info' | 'warn'>;
  /** Replaces the SMTP transport (tests). */
  transport?: MailTransport;
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

export class Mailer {
  private readonly transport: MailTransport | null;

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
  }

  /** Writes the message to the outbox through db, which may be the transaction it belongs to; returns its id. */
  enqueue(db: Db, message: MailMessage, now: Date): Promise<string> {
    return writeToOutbox(db, message, now);
  }

  /** Delivers these outbox messages once their transaction has committed; a failure is kept for deliverPending. */
  async deliver(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    const rows = await this.db
      .selectFrom('outbox')
      .selectAll()
      .where('id', 'in', ids)
      .where('sent_at', 'is', null)
      .execute();
    for (const row of rows) {
      if (!this.transport) {
        this.options.logger?.info(
          { mail: row.kind, outbox: row.id, subject: row.subject },
          'mail kept in the outbox (no SMTP_URL)',
        );
        continue;
      }
      // Counting the attempt claims it: a sweep and a request delivering the same message send it once.
      const claimed = await this.db
        .updateTable('outbox')
        .set({ attempts: row.attempts + 1 })
        .where('id', '=', row.id)
        .where('sent_at', 'is', null)
        .where('attempts', '=', row.attempts)
        .returning('id')
        .executeTakeFirst();
      if (!claimed) continue;
      try {
        await this.transport.sendMail({
          from: this.options.from,
          to: row.recipient,
          subject: row.subject,
          text: row.body_text,
          html: row.body_html,
        });
        await this.db
          .updateTable('outbox')
          .set({ sent_at: new Date().toISOString() })
          .where('id', '=', row.id)
          .execute();
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        await this.db
          .updateTable('outbox')
          .set({ last_error: reason.slice(0, 500) })
          .where('id', '=', row.id)
          .execute();
        this.options.logger?.warn({ mail: row.kind, outbox: row.id, reason }, 'mail not sent; it stays in the outbox');
      }
    }
  }

  /** With SMTP, sends what is still unsent from the last day (after a crash or a failed try). */
  async deliverPending(now: Date): Promise<void> {
    if (!this.transport) return;
    const since = new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString();
    const rows = await this.db
      .selectFrom('outbox')
      .select('id')
      .where('sent_at', 'is', null)
      .where('attempts', '<', MAX_ATTEMPTS)
      .where('created_at', '>', since)
      .orderBy('created_at')
      .limit(100)
      .execute();
    await this.deliver(rows.map((row) => row.id));
  }
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
