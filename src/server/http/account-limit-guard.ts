import type { FastifyRequest } from 'fastify';
import { MESSAGES } from '../../shared/messages.ts';
import { withinAccountLimits, type AccountCall } from '../accounts/account-limits.ts';
import type { Db } from '../db/database.ts';
import { HttpError } from './errors.ts';

/** Counts an account call against its limits (accounts/account-limits.ts); past them, a 429 `{error}`. */
export async function refuseOverLimit(db: Db, call: AccountCall, account: string, request: FastifyRequest): Promise<void> {
  if (!(await withinAccountLimits(db, call, { account, clientAddress: request.ip }, new Date()))) {
    throw new HttpError(429, MESSAGES.accountTooManyAttempts);
  }
}
