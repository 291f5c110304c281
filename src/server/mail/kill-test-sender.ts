/**
 * For the kill -9 test of the outbox (mailer.test.ts): a server's mailer whose SMTP server never answers, so the
 * message named by OUTBOX_ID stays claimed and unsent until the test kills this process.
 */
import { openDatabase } from '../db/database.ts';
import { Mailer } from './mailer.ts';

const { DATABASE_URL, DATA_DIR, OUTBOX_ID, SENDER } = process.env;
if (!DATA_DIR || !OUTBOX_ID || !SENDER) throw new Error('DATA_DIR, OUTBOX_ID and SENDER are needed');
const { db, dialect } = openDatabase({ databaseUrl: DATABASE_URL || null, dataDir: DATA_DIR });
const mailer = new Mailer(db, {
  smtpUrl: null,
  from: 'shop@example.com',
  sender: SENDER,
  dialect,
  transport: { sendMail: () => new Promise<never>(() => undefined) },
});
await mailer.deliver([OUTBOX_ID]);
