import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.ts';

export interface FormSubmission {
  formId: string;
  email: string;
  fields: Record<string, string | boolean>;
}

/**
 * Keeps a sign-up. Signing up twice with one address is not an error for the shopper: the second time
 * changes nothing and answers the same.
 */
export async function saveFormSubmission(db: Db, submission: FormSubmission, now: Date): Promise<void> {
  await db
    .insertInto('form_submissions')
    .values({
      id: randomUUID(),
      form_id: submission.formId,
      email: submission.email.trim().toLowerCase(),
      data: JSON.stringify(submission.fields),
      created_at: now.toISOString(),
    })
    .onConflict((conflict) => conflict.columns(['form_id', 'email']).doNothing())
    .execute();
}
