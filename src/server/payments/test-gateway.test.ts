import { inspect } from 'node:util';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages.ts';
import { createTestDatabase, type TestDatabase } from '../test-support.ts';
import type { CardDetails } from './payment-gateway.ts';
import { TEST_CARDS } from './test-cards.ts';
import { TestGateway } from './test-gateway.ts';

const NOW = new Date('2026-11-15T12:00:00Z');
const card = (number: string, cvc = /^3[47]/.test(number) ? '9876' : '987'): CardDetails => ({
  number,
  expMonth: 12,
  expYear: 2030,
  cvc,
});

describe('the built-in test gateway', () => {
  let database: TestDatabase;
  let gateway: TestGateway;
  beforeAll(async () => {
    database = await createTestDatabase();
    gateway = new TestGateway(database.db, { now: () => NOW });
  });
  afterAll(() => database.close());

  async function tokenFor(number: string): Promise<string> {
    const result = await gateway.tokenize(card(number));
    if (result.status !== 'approved') throw new Error(`tokenizing a test card gave ${result.status}`);
    return result.token;
  }

  async function capturedPayment(amountCents: number): Promise<string> {
    const result = await gateway.charge({
      token: await tokenFor('4242424242424242'),
      amountCents,
      idempotencyKey: crypto.randomUUID(),
    });
    if (result.status !== 'approved') throw new Error(`charging a test card gave ${result.status}`);
    return result.paymentId;
  }

  const operationsOf = (key: string) =>
    database.db.selectFrom('payment_operations').selectAll().where('idempotency_key', '=', key).execute();

  describe('tokenize', () => {
    it('takes every documented test card', async () => {
      for (const { number, outcome } of TEST_CARDS) {
        const result = await gateway.tokenize(card(number));
        expect(result, number).toMatchObject({ status: 'approved', card: { last4: number.slice(-4) } });
        if (result.status !== 'approved') continue;
        const row = await database.db
          .selectFrom('payment_tokens')
          .select('test_outcome')
          .where('token', '=', result.token)
          .executeTakeFirstOrThrow();
        expect(row.test_outcome).toBe(outcome);
      }
    });

    it('gives an opaque token and keeps only brand, last four, expiry and the test outcome', async () => {
      const result = await gateway.tokenize(card('4242 4242 4242 4242'));
      expect(result).toEqual({
        status: 'approved',
        token: expect.stringMatching(/^tok_[\w-]{24}$/),
        card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 },
      });
      if (result.status !== 'approved') return;
      const row = await database.db
        .selectFrom('payment_tokens')
        .selectAll()
        .where('token', '=', result.token)
        .executeTakeFirstOrThrow();
      const { token, created_at, ...kept } = row;
      expect(token).toBe(result.token);
      expect(created_at).toBe(NOW.toISOString());
      expect(kept).toEqual({ brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030, test_outcome: 'approved' });
      expect(await gateway.describeToken(result.token)).toEqual(result.card);
      expect(await gateway.describeToken('tok_unknown')).toBeNull();
    });

    it('makes a new token each time, for the same card too', async () => {
      const first = await tokenFor('4242424242424242');
      const second = await tokenFor('4242424242424242');
      expect(first).not.toBe(second);
    });

    it('refuses a bad number, expiry or CVC with the reason and the shopper text, and keeps nothing', async () => {
      const before = await database.db
        .selectFrom('payment_tokens')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      expect(await gateway.tokenize(card('4242424242424241'))).toEqual({
        status: 'declined',
        code: 'incorrect_number',
        message: MESSAGES.cardNumberIncorrect,
      });
      expect(await gateway.tokenize({ ...card('4242424242424242'), expMonth: 13 })).toMatchObject({
        status: 'declined',
        code: 'invalid_expiry',
      });
      expect(await gateway.tokenize({ ...card('4242424242424242'), expMonth: 10, expYear: 2026 })).toMatchObject({
        status: 'declined',
        code: 'expired_card',
      });
      expect(await gateway.tokenize(card('378282246310005', '123'))).toMatchObject({
        status: 'declined',
        code: 'invalid_cvc',
      });
      expect(await gateway.tokenize(card('378282246310005', '1234'))).toMatchObject({
        status: 'approved',
        card: { brand: 'amex' },
      });
      const after = await database.db
        .selectFrom('payment_tokens')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      expect(Number(after.count)).toBe(Number(before.count) + 1);
    });

    it('logs nothing of the card number or the CVC', async () => {
      const lines: string[] = [];
      const logger = pino({ level: 'trace' }, { write: (line: string) => lines.push(line) });
      const logged = new TestGateway(database.db, { logger, now: () => NOW });
      await logged.tokenize(card('4000 0000 0000 9995', '731'));
      await logged.tokenize(card('4000000000009996', '731'));
      expect(lines.length).toBe(2);
      // Without the time and process fields, whose digits could hold the CVC's by chance.
      const log = lines
        .map((line) => {
          const { time: _time, pid: _pid, ...entry } = JSON.parse(line) as Record<string, unknown>;
          return JSON.stringify(entry);
        })
        .join('\n');
      expect(log).toContain('card tokenized');
      expect(log).not.toMatch(/4000\s?0000\s?0000\s?999[56]/);
      expect(log).not.toContain('40000000');
      expect(log).not.toContain('731');
      expect(log).not.toMatch(/"(cvc|number|card)":/i);
    });

    it('throws errors that carry no card number or CVC when the database fails', async () => {
      const broken = await createTestDatabase();
      try {
        await broken.db.schema.dropTable('payment_operations').execute();
        await broken.db.schema.dropTable('payments').execute();
        await broken.db.schema.dropTable('payment_tokens').execute();
        const failing = new TestGateway(broken.db, { now: () => NOW });
        const error: unknown = await failing.tokenize(card('4242424242424242', '731')).then(
          () => null,
          (thrown: unknown) => thrown,
        );
        expect(error).toBeInstanceOf(Error);
        const everything = [
          inspect(error, { depth: 10, showHidden: true }),
          JSON.stringify(error, Object.getOwnPropertyNames(error)),
        ].join('\n');
        expect(everything).not.toContain('4242424242424242');
        expect(everything).not.toContain('424242424242');
        expect(everything).not.toContain('731');
      } finally {
        await broken.close();
      }
    });
  });

  describe('authorize, capture, refund and void', () => {
    it('authorizes, captures part, and refunds in parts up to the capture', async () => {
      const token = await tokenFor('5555555555554444');
      const authorized = await gateway.authorize({ token, amountCents: 5000, idempotencyKey: 'auth-1' });
      expect(authorized).toEqual({
        status: 'approved',
        paymentId: expect.stringMatching(/^pay_/),
        amountCents: 5000,
        capturedCents: 0,
      });
      if (authorized.status !== 'approved') return;
      const { paymentId } = authorized;
      expect(await gateway.capture({ paymentId, amountCents: 6000, idempotencyKey: 'capture-1-over' })).toMatchObject({
        status: 'error',
        code: 'invalid_request',
        message: MESSAGES.apiFailure,
      });
      expect(await gateway.capture({ paymentId, amountCents: 4200, idempotencyKey: 'capture-1' })).toEqual({
        status: 'approved',
        paymentId,
        capturedCents: 4200,
      });
      expect(await gateway.capture({ paymentId, idempotencyKey: 'capture-1-again' })).toMatchObject({
        status: 'error',
        code: 'invalid_request',
      });
      expect(await gateway.refund({ paymentId, amountCents: 4000, idempotencyKey: 'refund-1a' })).toEqual({
        status: 'approved',
        refundId: expect.stringMatching(/^re_/),
        paymentId,
        amountCents: 4000,
      });
      expect(await gateway.refund({ paymentId, amountCents: 201, idempotencyKey: 'refund-1b' })).toMatchObject({
        status: 'error',
        code: 'invalid_request',
        detail: 'refund exceeds the 200 cents left to refund',
      });
      expect(await gateway.refund({ paymentId, amountCents: 200, idempotencyKey: 'refund-1c' })).toMatchObject({
        status: 'approved',
      });
      expect(await gateway.void({ paymentId, idempotencyKey: 'void-1' })).toMatchObject({
        status: 'error',
        code: 'invalid_request',
      });
      const payment = await database.db
        .selectFrom('payments')
        .selectAll()
        .where('id', '=', paymentId)
        .executeTakeFirstOrThrow();
      expect(payment).toMatchObject({
        status: 'captured',
        authorized_cents: 5000,
        captured_cents: 4200,
        refunded_cents: 4200,
        currency: 'USD',
      });
    });

    it('captures the whole authorization when no amount is given, or charges in one step', async () => {
      const token = await tokenFor('378282246310005');
      const authorized = await gateway.authorize({ token, amountCents: 1999, idempotencyKey: 'auth-2' });
      if (authorized.status !== 'approved') throw new Error('not authorized');
      expect(await gateway.capture({ paymentId: authorized.paymentId, idempotencyKey: 'capture-2' })).toMatchObject({
        capturedCents: 1999,
      });
      expect(await gateway.charge({ token, amountCents: 2500, idempotencyKey: 'charge-2' })).toMatchObject({
        status: 'approved',
        amountCents: 2500,
        capturedCents: 2500,
      });
    });

    it('voids an authorization, which can then be neither captured nor voided again', async () => {
      const authorized = await gateway.authorize({
        token: await tokenFor('6011111111111117'),
        amountCents: 800,
        idempotencyKey: 'auth-3',
      });
      if (authorized.status !== 'approved') throw new Error('not authorized');
      const { paymentId } = authorized;
      expect(await gateway.void({ paymentId, idempotencyKey: 'void-3' })).toEqual({ status: 'approved', paymentId });
      expect(await gateway.capture({ paymentId, idempotencyKey: 'capture-3' })).toMatchObject({
        status: 'error',
        detail: 'cannot capture a payment that is voided',
      });
      expect(await gateway.void({ paymentId, idempotencyKey: 'void-3b' })).toMatchObject({
        status: 'error',
        code: 'invalid_request',
      });
      expect(await gateway.refund({ paymentId, amountCents: 100, idempotencyKey: 'refund-3' })).toMatchObject({
        status: 'error',
      });
    });

    it('refuses unknown tokens and payments, bad amounts and bad keys, and keeps no record of them', async () => {
      const token = await tokenFor('4242424242424242');
      expect(await gateway.charge({ token: 'tok_unknown', amountCents: 1000, idempotencyKey: 'bad-1' })).toMatchObject({
        status: 'error',
        code: 'invalid_request',
        detail: 'no such token',
      });
      expect(await gateway.capture({ paymentId: 'pay_unknown', idempotencyKey: 'bad-2' })).toMatchObject({
        detail: 'no such payment',
      });
      expect(await gateway.charge({ token, amountCents: 49, idempotencyKey: 'bad-3' })).toMatchObject({
        code: 'invalid_request',
      });
      expect(await gateway.charge({ token, amountCents: 10.5, idempotencyKey: 'bad-4' })).toMatchObject({
        code: 'invalid_request',
      });
      expect(await gateway.refund({ paymentId: 'pay_unknown', amountCents: 0, idempotencyKey: 'bad-5' })).toMatchObject(
        { code: 'invalid_request' },
      );
      expect(await gateway.charge({ token, amountCents: 1000, idempotencyKey: '' })).toMatchObject({
        code: 'invalid_request',
      });
      expect(await gateway.charge({ token, amountCents: 1000, idempotencyKey: 'k'.repeat(201) })).toMatchObject({
        code: 'invalid_request',
      });
      for (const key of ['bad-1', 'bad-2', 'bad-3', 'bad-4', 'bad-5']) expect(await operationsOf(key)).toEqual([]);
    });
  });

  describe('declines', () => {
    it.each([
      ['4000000000000002', 'card_declined', MESSAGES.cardDeclined],
      ['4000000000009995', 'insufficient_funds', MESSAGES.cardInsufficientFunds],
      ['4000000000009987', 'lost_card', MESSAGES.cardDeclined],
      ['4000000000000069', 'expired_card', MESSAGES.cardExpired],
      ['4000000000000127', 'incorrect_cvc', MESSAGES.cardCvcIncorrect],
      ['4000000000000119', 'processing_error', MESSAGES.cardProcessingError],
      ['4111111111111111', 'test_mode_live_card', MESSAGES.cardTestModeLiveCard],
    ])('declines %s as %s, takes no payment, and answers a retry the same', async (number, code, message) => {
      const token = await tokenFor(number);
      const key = `decline-${number}`;
      const first = await gateway.charge({ token, amountCents: 1000, idempotencyKey: key });
      expect(first).toEqual({ status: 'declined', code, message });
      expect(await gateway.charge({ token, amountCents: 1000, idempotencyKey: key })).toEqual(first);
      expect(await operationsOf(key)).toMatchObject([{ outcome: 'declined', payment_id: null }]);
      const payments = await database.db.selectFrom('payments').select('id').where('token', '=', token).execute();
      expect(payments).toEqual([]);
    });

    it('declines a token whose card has expired since it was made', async () => {
      let now = new Date('2026-11-15T12:00:00Z');
      const clocked = new TestGateway(database.db, { now: () => now });
      const tokenized = await clocked.tokenize({ number: '4242424242424242', expMonth: 11, expYear: 2026, cvc: '123' });
      if (tokenized.status !== 'approved') throw new Error('not tokenized');
      now = new Date('2026-12-01T00:00:00Z');
      expect(
        await clocked.authorize({ token: tokenized.token, amountCents: 1000, idempotencyKey: 'expired-since' }),
      ).toMatchObject({
        status: 'declined',
        code: 'expired_card',
      });
    });
  });

  describe('idempotency', () => {
    it('captures once when the same capture is sent 10 times at once', async () => {
      const authorized = await gateway.authorize({
        token: await tokenFor('4242424242424242'),
        amountCents: 3000,
        idempotencyKey: 'auth-idem',
      });
      if (authorized.status !== 'approved') throw new Error('not authorized');
      const { paymentId } = authorized;
      const results = await Promise.all(
        Array.from({ length: 10 }, () =>
          gateway.capture({ paymentId, amountCents: 2500, idempotencyKey: 'capture-idem' }),
        ),
      );
      for (const result of results) expect(result).toEqual({ status: 'approved', paymentId, capturedCents: 2500 });
      expect(await operationsOf('capture-idem')).toHaveLength(1);
      const payment = await database.db
        .selectFrom('payments')
        .selectAll()
        .where('id', '=', paymentId)
        .executeTakeFirstOrThrow();
      expect(payment.captured_cents).toBe(2500);
    });

    it('charges once when the same charge is sent 10 times at once', async () => {
      const token = await tokenFor('4242424242424242');
      const results = await Promise.all(
        Array.from({ length: 10 }, () => gateway.charge({ token, amountCents: 1500, idempotencyKey: 'charge-idem' })),
      );
      const first = results[0];
      if (first?.status !== 'approved') throw new Error('not charged');
      for (const result of results) expect(result).toEqual(first);
      const payments = await database.db.selectFrom('payments').selectAll().where('token', '=', token).execute();
      expect(payments).toMatchObject([{ id: first.paymentId, captured_cents: 1500 }]);
    });

    it('refunds once per key, and refuses a key used before for another request', async () => {
      const paymentId = await capturedPayment(2000);
      const first = await gateway.refund({ paymentId, amountCents: 500, idempotencyKey: 'refund-idem' });
      expect(await gateway.refund({ paymentId, amountCents: 500, idempotencyKey: 'refund-idem' })).toEqual(first);
      expect(await gateway.refund({ paymentId, amountCents: 600, idempotencyKey: 'refund-idem' })).toMatchObject({
        status: 'error',
        code: 'idempotency_conflict',
      });
      expect(await gateway.void({ paymentId, idempotencyKey: 'refund-idem' })).toMatchObject({
        code: 'idempotency_conflict',
      });
      const payment = await database.db
        .selectFrom('payments')
        .selectAll()
        .where('id', '=', paymentId)
        .executeTakeFirstOrThrow();
      expect(payment.refunded_cents).toBe(500);
    });

    it('never refunds more than was captured under concurrent refunds', async () => {
      const paymentId = await capturedPayment(1000);
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, index) =>
          gateway.refund({ paymentId, amountCents: 300, idempotencyKey: `refund-race-${index}` }),
        ),
      );
      expect(results.filter((result) => result.status === 'approved')).toHaveLength(3);
      for (const result of results.filter((result) => result.status !== 'approved')) {
        expect(result).toMatchObject({ status: 'error', code: 'invalid_request' });
      }
      const payment = await database.db
        .selectFrom('payments')
        .selectAll()
        .where('id', '=', paymentId)
        .executeTakeFirstOrThrow();
      expect(payment.refunded_cents).toBe(900);
      const kept = await database.db
        .selectFrom('payment_operations')
        .select('idempotency_key')
        .where('payment_id', '=', paymentId)
        .where('kind', '=', 'refund')
        .execute();
      expect(kept).toHaveLength(3);
    });

    it('lets a retry run again after an error, since errors are not kept', async () => {
      const authorized = await gateway.authorize({
        token: await tokenFor('4242424242424242'),
        amountCents: 1000,
        idempotencyKey: 'auth-retry',
      });
      if (authorized.status !== 'approved') throw new Error('not authorized');
      const { paymentId } = authorized;
      const refund = { paymentId, amountCents: 1000, idempotencyKey: 'refund-retry' };
      expect(await gateway.refund(refund)).toMatchObject({
        status: 'error',
        detail: 'cannot refund a payment that is authorized',
      });
      expect(await operationsOf('refund-retry')).toEqual([]);
      await gateway.capture({ paymentId, idempotencyKey: 'capture-retry' });
      expect(await gateway.refund(refund)).toMatchObject({ status: 'approved', amountCents: 1000 });
    });
  });
});
