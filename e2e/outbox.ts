/**
 * The shop's mail as the journeys read it: without SMTP_URL every message stays in the database outbox, so a
 * journey opens the shop's own SQLite file (read-only) and finds the link a message carries.
 */
import { expect } from '@playwright/test';
import Database from 'better-sqlite3';
import path from 'node:path';
import { MESSAGES } from '../src/shared/messages.ts';

type MailKind = 'account-verify' | 'account-reset' | 'account-exists';

function readOutbox<T>(read: (database: Database.Database) => T): T {
  const database = new Database(path.join(process.env.E2E_DATA_DIR ?? '/tmp/shop-e2e', 'shop.sqlite'), {
    readonly: true,
    fileMustExist: true,
  });
  try {
    return read(database);
  } finally {
    database.close();
  }
}

/** The path of the link in the newest message of kind to recipient, or null while there is none. */
function newestLink(recipient: string, kind: MailKind): string | null {
  const row = readOutbox((database) =>
    database
      .prepare('SELECT body_text FROM outbox WHERE recipient = ? AND kind = ? ORDER BY created_at DESC LIMIT 1')
      .get(recipient, kind),
  );
  const body = typeof row === 'object' && row !== null && 'body_text' in row ? String(row.body_text) : '';
  return new RegExp(`https?://[^/\\s]+(/${kind}/[^\\s"<]+)`).exec(body)?.[1] ?? null;
}

/** The path of the link (/account-verify/…, /account-reset/…) in the newest such message to recipient, once it is in the outbox. */
export async function mailedLink(recipient: string, kind: 'account-verify' | 'account-reset'): Promise<string> {
  await expect.poll(() => newestLink(recipient, kind), { message: `a ${kind} message to ${recipient}` }).not.toBeNull();
  return newestLink(recipient, kind) ?? '';
}

/** How many messages of kind went to recipient. */
export function mailCount(recipient: string, kind: MailKind): number {
  const row = readOutbox((database) =>
    database.prepare('SELECT COUNT(*) AS count FROM outbox WHERE recipient = ? AND kind = ?').get(recipient, kind),
  );
  return typeof row === 'object' && row !== null && 'count' in row ? Number(row.count) : 0;
}

/** The text of the message about an order (its confirmation, its shipment, …) to recipient, once it is in the outbox. */
export async function orderMailText(
  recipient: string,
  kind: 'order-confirmation' | 'order-shipped',
  orderNumber: number,
): Promise<string> {
  const read = () => {
    const row = readOutbox((database) =>
      database
        .prepare(
          'SELECT body_text FROM outbox WHERE recipient = ? AND kind = ? AND subject LIKE ? ORDER BY created_at DESC LIMIT 1',
        )
        .get(recipient, kind, `%${orderNumber}%`),
    );
    return typeof row === 'object' && row !== null && 'body_text' in row ? String(row.body_text) : null;
  };
  await expect.poll(read, { message: `a ${kind} message for order ${orderNumber}` }).not.toBeNull();
  return read() ?? '';
}

/** The code of the gift card e-mailed to recipient, once its message is in the outbox. */
export async function giftCardCodeMailedTo(recipient: string): Promise<string> {
  const read = () => {
    const row = readOutbox((database) =>
      database.prepare("SELECT body_text FROM outbox WHERE recipient = ? AND kind = 'gift-card'").get(recipient),
    );
    const body = typeof row === 'object' && row !== null && 'body_text' in row ? String(row.body_text) : '';
    return new RegExp(`${MESSAGES.giftCardCode}: ([A-Z0-9-]{19})`).exec(body)?.[1] ?? null;
  };
  await expect
    .poll(read, { message: `a gift card e-mailed to ${recipient}` })
    .toMatch(/^[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/);
  return read() ?? '';
}
