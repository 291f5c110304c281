/**
 * Creating and looking after an account: creation and its e-mail confirmation, the forgotten password and its
 * reset, and the account area's password and information changes. Creation and the forgotten password answer
 * the same whether or not the e-mail has an account (its owner is e-mailed instead), so neither tells anyone
 * which addresses are customers'. Routes start and end sessions; these services only say whom to sign in.
 */
import { randomUUID } from 'node:crypto';
import { MESSAGES } from '../../shared/messages.ts';
import type { User } from '../../shared/user.ts';
import { accountCreateSchema, accountInformationSchema, checkForm, type FieldErrors } from '../../shared/validators.ts';
import type { Db } from '../db/database.ts';
import type { MailMessage, Mailer } from '../mail/mailer.ts';
import { joinGuestHistory } from '../orders/guest-history.ts';
import { accountExistsMail, emailChangeMail, resetMail, verifyMail } from './account-mail.ts';
import { consumeToken, issueToken } from './customer-tokens.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { passwordProblem } from './password-policy.ts';
import { endOtherSessions } from './sessions.ts';
import { accountEmail, userOfCustomer } from './sign-in.ts';
import { countCurrentPasswordTry, CURRENT_PASSWORD_FAILURES, forgetCurrentPasswordTries } from './sign-in-limits.ts';
import { refusal, type Refusal } from '../refusal.ts';

/** What the account services work with: the database, the mail, the shop's address for links and the order links' secret. */
export interface AccountContext {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  orderLinkSecret: string;
}

const invalid = (errors: FieldErrors, message: string) => refusal(422, message, { fields: errors });

async function shopSettings(ctx: AccountContext) {
  const config = await ctx.db.selectFrom('website_config').select('site_name').where('id', '=', 1).executeTakeFirst();
  return { publicUrl: ctx.publicUrl, siteName: config?.site_name ?? '' };
}

async function send(ctx: AccountContext, message: MailMessage, now: Date): Promise<void> {
  const id = await ctx.mailer.enqueue(ctx.db, message, now);
  await ctx.mailer.deliver([id]);
}

const customerColumns = ['id', 'email', 'first_name', 'last_name'] as const;

export async function createAccount(
  ctx: AccountContext,
  input: { email: string; password: string; first_name: string; last_name: string },
  now: Date,
): Promise<Refusal | { message: string }> {
  const checked = checkForm(accountCreateSchema, input);
  if (!checked.ok) return invalid(checked.errors, checked.message);
  const problem = passwordProblem(input.password);
  if (problem) return invalid({ password: problem }, problem);
  const email = accountEmail(checked.value.email);
  // Hashed whether or not the address is taken, so both answers cost the same.
  const passwordHash = await hashPassword(input.password);
  const nowText = now.toISOString();
  const created = await ctx.db
    .insertInto('customers')
    .values({
      id: randomUUID(),
      email,
      password_hash: passwordHash,
      first_name: checked.value.first_name,
      last_name: checked.value.last_name,
      store_credit_cents: 0,
      verified_at: null,
      created_at: nowText,
      updated_at: nowText,
    })
    .onConflict((conflict) => conflict.column('email').doNothing())
    .returning('id')
    .executeTakeFirst();
  const shop = await shopSettings(ctx);
  if (created) {
    const token = await issueToken(ctx.db, created.id, 'verify', now);
    await send(ctx, verifyMail(shop, email, created.id, token), now);
  } else {
    await send(ctx, accountExistsMail(shop, email), now);
  }
  return { message: MESSAGES.accountCreateSent };
}

/**
 * Confirms an account's address, or the new address of an e-mail change: the customer the link signs in. The
 * address now proven theirs, what they ordered and bought as a guest with it joins the account (guest-history.ts).
 */
export async function verifyAccount(
  ctx: AccountContext,
  input: { customerId: string; token: string },
  now: Date,
): Promise<Refusal | { user: User }> {
  const claimed = await consumeToken(ctx.db, input.customerId, 'verify', input.token, now);
  if (!claimed) return refusal(400, MESSAGES.accountLinkInvalid);
  const nowText = now.toISOString();
  if (claimed.email) {
    const taken = await ctx.db
      .selectFrom('customers')
      .select('id')
      .where('email', '=', claimed.email)
      .where('id', '!=', input.customerId)
      .executeTakeFirst();
    if (taken) return refusal(409, MESSAGES.emailInUse);
  }
  const customer = await ctx.db.transaction().execute(async (trx) => {
    if (claimed.email) {
      await trx
        .updateTable('customers')
        .set({ email: claimed.email, verified_at: nowText, updated_at: nowText })
        .where('id', '=', input.customerId)
        .execute();
    } else {
      await trx
        .updateTable('customers')
        .set({ verified_at: nowText })
        .where('id', '=', input.customerId)
        .where('verified_at', 'is', null)
        .execute();
    }
    const confirmed = await trx
      .selectFrom('customers')
      .select(customerColumns)
      .where('id', '=', input.customerId)
      .executeTakeFirstOrThrow();
    await joinGuestHistory(trx, confirmed.id, confirmed.email);
    return confirmed;
  });
  return { user: userOfCustomer(customer) };
}

/** The forgotten password: a reset link to the account's address when there is one; the same answer always. */
export async function requestPasswordReset(
  ctx: AccountContext,
  emailInput: string,
  now: Date,
): Promise<{ message: string }> {
  const customer = await ctx.db
    .selectFrom('customers')
    .select(['id', 'email'])
    .where('email', '=', accountEmail(emailInput))
    .executeTakeFirst();
  if (customer) {
    const token = await issueToken(ctx.db, customer.id, 'reset', now);
    await send(ctx, resetMail(await shopSettings(ctx), customer.email, customer.id, token), now);
  }
  return { message: MESSAGES.forgotSent };
}

/**
 * A new password through a reset link: every session of the customer ends (the route then signs this browser
 * in), and the address counts as confirmed, since the link came to it, so its guest history joins the account.
 */
export async function resetPassword(
  ctx: AccountContext,
  input: { customerId: string; token: string; password: string },
  now: Date,
): Promise<Refusal | { user: User }> {
  const problem = passwordProblem(input.password);
  if (problem) return invalid({ password: problem }, problem);
  const passwordHash = await hashPassword(input.password);
  if (!(await consumeToken(ctx.db, input.customerId, 'reset', input.token, now)))
    return refusal(400, MESSAGES.accountLinkInvalid);
  const nowText = now.toISOString();
  const customer = await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('customers')
      .set({ password_hash: passwordHash, updated_at: nowText })
      .where('id', '=', input.customerId)
      .execute();
    await trx
      .updateTable('customers')
      .set({ verified_at: nowText })
      .where('id', '=', input.customerId)
      .where('verified_at', 'is', null)
      .execute();
    await endOtherSessions(trx, input.customerId, undefined);
    const confirmed = await trx
      .selectFrom('customers')
      .select(customerColumns)
      .where('id', '=', input.customerId)
      .executeTakeFirstOrThrow();
    await joinGuestHistory(trx, confirmed.id, confirmed.email);
    return confirmed;
  });
  return { user: userOfCustomer(customer) };
}

/**
 * The account area's password change: the current password first, its wrong tries limited per account
 * (sign-in-limits.ts; the last one allowed ends every session of the customer, a 401); the customer's other
 * sessions end.
 */
export async function changePassword(
  ctx: AccountContext,
  input: { customerId: string; current: string; password: string; keptSession: string | undefined },
  now: Date,
): Promise<Refusal | { message: string }> {
  const customer = await ctx.db
    .selectFrom('customers')
    .select('password_hash')
    .where('id', '=', input.customerId)
    .executeTakeFirstOrThrow();
  const tries = await countCurrentPasswordTry(ctx.db, input.customerId, now);
  if (tries > CURRENT_PASSWORD_FAILURES || !(await verifyPassword(input.current, customer.password_hash))) {
    if (tries < CURRENT_PASSWORD_FAILURES)
      return invalid({ current: MESSAGES.currentPasswordWrong }, MESSAGES.currentPasswordWrong);
    await endOtherSessions(ctx.db, input.customerId, undefined);
    return refusal(401, MESSAGES.passwordChangeSignedOut);
  }
  await forgetCurrentPasswordTries(ctx.db, input.customerId, now);
  const problem = passwordProblem(input.password);
  if (problem) return invalid({ password: problem }, problem);
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('customers')
      .set({ password_hash: passwordHash, updated_at: now.toISOString() })
      .where('id', '=', input.customerId)
      .execute();
    await endOtherSessions(trx, input.customerId, input.keptSession);
  });
  return { message: MESSAGES.passwordChanged };
}

/**
 * The account area's information: names change at once; a new e-mail address only once confirmed through the
 * link sent to it. An address another account uses gets that account's notice instead, and the answer is the same.
 */
export async function updateInformation(
  ctx: AccountContext,
  input: { customerId: string; first_name: string; last_name: string; email: string },
  now: Date,
): Promise<Refusal | { user: User; message: string }> {
  const checked = checkForm(accountInformationSchema, input);
  if (!checked.ok) return invalid(checked.errors, checked.message);
  const { first_name, last_name } = checked.value;
  const email = accountEmail(checked.value.email);
  await ctx.db
    .updateTable('customers')
    .set({ first_name, last_name, updated_at: now.toISOString() })
    .where('id', '=', input.customerId)
    .execute();
  const customer = await ctx.db
    .selectFrom('customers')
    .select(customerColumns)
    .where('id', '=', input.customerId)
    .executeTakeFirstOrThrow();
  if (email === customer.email) return { user: userOfCustomer(customer), message: MESSAGES.informationSaved };
  const shop = await shopSettings(ctx);
  const owner = await ctx.db.selectFrom('customers').select('id').where('email', '=', email).executeTakeFirst();
  if (owner) {
    await send(ctx, accountExistsMail(shop, email), now);
  } else {
    const token = await issueToken(ctx.db, customer.id, 'verify', now, email);
    await send(ctx, emailChangeMail(shop, email, customer.id, token), now);
  }
  return { user: userOfCustomer(customer), message: MESSAGES.emailChangeSent(email) };
}
