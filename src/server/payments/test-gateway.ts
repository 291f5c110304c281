/**
 * The built-in test gateway: offline, for the demo shop and the tests. It checks cards as a real gateway would
 * (Luhn, expiry, CVC), answers Stripe's test numbers as Stripe does (test-cards.ts), and keeps its tokens,
 * payments and operations in the shop's database. The card number and CVC are read, checked and dropped:
 * only brand, last four, expiry and the test outcome are stored.
 */
import { randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { BaseLogger } from 'pino';
import { checkCardDetails, isDeclineCode, isExpired, type CardBrand } from '../../shared/payment-card.ts';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import {
  MINIMUM_CHARGE_CENTS,
  PAYMENT_CURRENCY,
  checkAmount,
  checkIdempotencyKey,
  declined,
  paymentError,
  type AuthorizeRequest,
  type AuthorizeResult,
  type Authorized,
  type Captured,
  type CaptureRequest,
  type CaptureResult,
  type CardDetails,
  type CardFormConfig,
  type CardSummary,
  type ForgetResult,
  type PaymentError,
  type PaymentGateway,
  type PaymentResult,
  type RefundRequest,
  type RefundResult,
  type Refunded,
  type TokenizeResult,
  type VoidRequest,
  type VoidResult,
  type Voided,
} from './payment-gateway.ts';
import { testCardOutcome } from './test-cards.ts';

export interface TestGatewayOptions {
  logger?: Pick<BaseLogger, 'info'>;
  /** The time cards are checked against. */
  now?: () => Date;
}

type OperationKind = 'authorize' | 'charge' | 'capture' | 'refund' | 'void';

interface Operation {
  idempotencyKey: string;
  kind: OperationKind;
  /** What the operation is about: a token for authorize and charge, a payment for the others. */
  subject: string;
  amountCents: number | null;
}

/** An error result that leaves nothing behind: thrown to roll the transaction back, then returned. */
class Refused {
  constructor(readonly error: PaymentError) {}
}

const opaqueId = (prefix: string) => `${prefix}_${randomBytes(18).toString('base64url')}`;

export class TestGateway implements PaymentGateway {
  readonly cardForm: CardFormConfig = { provider: 'built-in' };
  private readonly now: () => Date;

  constructor(
    private readonly db: Db,
    private readonly options: TestGatewayOptions = {},
  ) {
    this.now = options.now ?? (() => new Date());
  }

  async tokenize(card: CardDetails): Promise<TokenizeResult> {
    const check = checkCardDetails(card, this.now());
    if (!check.ok) {
      this.options.logger?.info({ field: check.field, code: check.code }, 'card refused before tokenizing');
      return declined(check.code);
    }
    const summary: CardSummary = {
      brand: check.brand,
      last4: check.digits.slice(-4),
      expMonth: check.expMonth,
      expYear: check.expYear,
    };
    const token = opaqueId('tok');
    await this.db
      .insertInto('payment_tokens')
      .values({
        token,
        brand: summary.brand,
        last4: summary.last4,
        exp_month: summary.expMonth,
        exp_year: summary.expYear,
        test_outcome: testCardOutcome(check.digits),
        created_at: this.now().toISOString(),
      })
      .execute();
    this.options.logger?.info({ brand: summary.brand, last4: summary.last4 }, 'card tokenized');
    return { status: 'approved', token, card: summary };
  }

  async describeToken(token: string): Promise<CardSummary | null> {
    const row = await this.db.selectFrom('payment_tokens').selectAll().where('token', '=', token).executeTakeFirst();
    return row
      ? { brand: row.brand as CardBrand, last4: row.last4, expMonth: row.exp_month, expYear: row.exp_year }
      : null;
  }

  authorize(request: AuthorizeRequest): Promise<AuthorizeResult> {
    return this.open(request, 'authorize');
  }

  charge(request: AuthorizeRequest): Promise<AuthorizeResult> {
    return this.open(request, 'charge');
  }

  private open(
    { token, amountCents, idempotencyKey }: AuthorizeRequest,
    kind: 'authorize' | 'charge',
  ): Promise<AuthorizeResult> {
    const invalid = checkAmount(amountCents, MINIMUM_CHARGE_CENTS);
    if (invalid) return Promise.resolve(invalid);
    return this.once<Authorized>({ idempotencyKey, kind, subject: token, amountCents }, async (trx) => {
      const card = await trx.selectFrom('payment_tokens').selectAll().where('token', '=', token).executeTakeFirst();
      if (!card) throw new Refused(paymentError('invalid_request', 'no such token'));
      const now = this.now();
      if (isExpired(card.exp_month, card.exp_year, now)) return { result: declined('expired_card'), paymentId: null };
      if (card.test_outcome !== 'approved')
        return {
          result: declined(isDeclineCode(card.test_outcome) ? card.test_outcome : 'card_declined'),
          paymentId: null,
        };
      const paymentId = opaqueId('pay');
      const capturedCents = kind === 'charge' ? amountCents : 0;
      await trx
        .insertInto('payments')
        .values({
          id: paymentId,
          token,
          currency: PAYMENT_CURRENCY,
          status: kind === 'charge' ? 'captured' : 'authorized',
          authorized_cents: amountCents,
          captured_cents: capturedCents,
          created_at: now.toISOString(),
          updated_at: now.toISOString(),
        })
        .execute();
      return { result: { status: 'approved', paymentId, amountCents, capturedCents }, paymentId };
    });
  }

  capture({ paymentId, amountCents, idempotencyKey }: CaptureRequest): Promise<CaptureResult> {
    if (amountCents !== undefined) {
      const invalid = checkAmount(amountCents, 1);
      if (invalid) return Promise.resolve(invalid);
    }
    return this.once<Captured>(
      { idempotencyKey, kind: 'capture', subject: paymentId, amountCents: amountCents ?? null },
      async (trx) => {
        // One statement checks and changes the payment, so two captures racing cannot both pass the check.
        const captured = await trx
          .updateTable('payments')
          .set((eb) => ({
            status: 'captured',
            captured_cents: amountCents ?? eb.ref('authorized_cents'),
            updated_at: this.now().toISOString(),
          }))
          .where('id', '=', paymentId)
          .where('status', '=', 'authorized')
          .where('authorized_cents', '>=', amountCents ?? 0)
          .returning('captured_cents')
          .executeTakeFirst();
        if (!captured) throw new Refused(await this.whyNot(trx, paymentId, 'capture'));
        return { result: { status: 'approved', paymentId, capturedCents: captured.captured_cents }, paymentId };
      },
    );
  }

  refund({ paymentId, amountCents, idempotencyKey }: RefundRequest): Promise<RefundResult> {
    const invalid = checkAmount(amountCents, 1);
    if (invalid) return Promise.resolve(invalid);
    return this.once<Refunded>({ idempotencyKey, kind: 'refund', subject: paymentId, amountCents }, async (trx) => {
      // The balance is checked in the statement that changes it: concurrent refunds wait for each other's row
      // lock (PostgreSQL) or run one after another (SQLite), and the later ones see what the earlier ones took.
      const refunded = await trx
        .updateTable('payments')
        .set((eb) => ({ refunded_cents: eb('refunded_cents', '+', amountCents), updated_at: this.now().toISOString() }))
        .where('id', '=', paymentId)
        .where('status', '=', 'captured')
        .where((eb) => eb(eb('captured_cents', '-', eb.ref('refunded_cents')), '>=', amountCents))
        .returning('id')
        .executeTakeFirst();
      if (!refunded) throw new Refused(await this.whyNot(trx, paymentId, 'refund'));
      return { result: { status: 'approved', refundId: opaqueId('re'), paymentId, amountCents }, paymentId };
    });
  }

  void({ paymentId, idempotencyKey }: VoidRequest): Promise<VoidResult> {
    return this.once<Voided>({ idempotencyKey, kind: 'void', subject: paymentId, amountCents: null }, async (trx) => {
      const voided = await trx
        .updateTable('payments')
        .set({ status: 'voided', updated_at: this.now().toISOString() })
        .where('id', '=', paymentId)
        .where('status', '=', 'authorized')
        .returning('id')
        .executeTakeFirst();
      if (!voided) throw new Refused(await this.whyNot(trx, paymentId, 'void'));
      return { result: { status: 'approved', paymentId }, paymentId };
    });
  }

  /** The built-in gateway keeps no card for a customer: a saved card is only its token, which the shop deletes. */
  async forgetCard(token: string): Promise<ForgetResult> {
    return { status: 'approved', token };
  }

  /** Why a capture, refund or void changed nothing, as the error to return. */
  private async whyNot(
    trx: Transaction<Database>,
    paymentId: string,
    kind: 'capture' | 'refund' | 'void',
  ): Promise<PaymentError> {
    const payment = await trx.selectFrom('payments').selectAll().where('id', '=', paymentId).executeTakeFirst();
    if (!payment) return paymentError('invalid_request', 'no such payment');
    if (kind === 'refund' && payment.status === 'captured') {
      return paymentError(
        'invalid_request',
        `refund exceeds the ${payment.captured_cents - payment.refunded_cents} cents left to refund`,
      );
    }
    if (kind === 'capture' && payment.status === 'authorized') {
      return paymentError('invalid_request', `capture exceeds the ${payment.authorized_cents} cents authorized`);
    }
    return paymentError('invalid_request', `cannot ${kind} a payment that is ${payment.status}`);
  }

  /**
   * Runs an operation once per idempotency key, in one transaction with its record. The record is written
   * first: a second call with the same key waits on it (PostgreSQL's unique index; SQLite runs one writer at a
   * time) until the first commits, then finds it and returns the stored result. Errors are rolled back with
   * the work, so a retry after one runs again; approvals and declines are kept.
   */
  private async once<Approved>(
    operation: Operation,
    work: (trx: Transaction<Database>) => Promise<{ result: PaymentResult<Approved>; paymentId: string | null }>,
  ): Promise<PaymentResult<Approved>> {
    const invalidKey = checkIdempotencyKey(operation.idempotencyKey);
    if (invalidKey) return invalidKey;
    const request = JSON.stringify({
      kind: operation.kind,
      subject: operation.subject,
      amountCents: operation.amountCents,
    });
    try {
      return await this.db.transaction().execute(async (trx) => {
        const claimed = await trx
          .insertInto('payment_operations')
          .values({
            idempotency_key: operation.idempotencyKey,
            kind: operation.kind,
            amount_cents: operation.amountCents,
            request,
            outcome: 'pending',
            result: '{}',
            created_at: this.now().toISOString(),
          })
          .onConflict((conflict) => conflict.column('idempotency_key').doNothing())
          .returning('idempotency_key')
          .executeTakeFirst();
        if (!claimed) {
          const earlier = await trx
            .selectFrom('payment_operations')
            .select(['request', 'result'])
            .where('idempotency_key', '=', operation.idempotencyKey)
            .executeTakeFirstOrThrow();
          if (earlier.request !== request) {
            throw new Refused(
              paymentError('idempotency_conflict', `key already used for another ${operation.kind} request`),
            );
          }
          // The result this gateway stored for this very request.
          return JSON.parse(earlier.result) as PaymentResult<Approved>;
        }
        const { result, paymentId } = await work(trx);
        await trx
          .updateTable('payment_operations')
          .set({ payment_id: paymentId, outcome: result.status, result: JSON.stringify(result) })
          .where('idempotency_key', '=', operation.idempotencyKey)
          .execute();
        return result;
      });
    } catch (error) {
      if (error instanceof Refused) return error.error;
      throw error;
    }
  }
}
