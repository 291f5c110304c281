/** Traffic for the scale test (scripts/scale-test.ts): loops of the shop's requests, each one recorded. */
import type { KillWindow } from './processes.ts';

export interface RequestRecord {
  kind: string;
  /** performance.now() when it was sent and when it was answered or failed. */
  started: number;
  ended: number;
  ok: boolean;
  /** The answer's status; 0 when none came (connection refused or reset, timed out). */
  status: number;
}

/** What one request of the mix does: its kind, and a call that resolves with the status it was answered. */
export type Request = { kind: string; send: () => Promise<number> };

/**
 * Runs `workers` loops, each sending the request `next` makes of its turn, until `done` says so. A request that
 * throws without a status (the connection failed) is recorded with status 0.
 */
export async function runTraffic(
  workers: number,
  done: () => boolean,
  next: (turn: number) => Request,
): Promise<RequestRecord[]> {
  const records: RequestRecord[] = [];
  let turn = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (!done()) {
        const { kind, send } = next(turn++);
        const started = performance.now();
        const status = await send().catch((error: unknown) => statusOf(error));
        records.push({ kind, started, ended: performance.now(), ok: status >= 200 && status < 300, status });
      }
    }),
  );
  return records;
}

function statusOf(error: unknown): number {
  const answer = (error as { answer?: { status?: unknown } }).answer;
  return typeof answer?.status === 'number' ? answer.status : 0;
}

/** Whether a request was under way while a server was being killed: sent before it had exited, open when the signal went. */
export const inFlightAt = (record: RequestRecord, kill: KillWindow) =>
  record.started <= kill.exited && record.ended >= kill.sent;

/** Requests answered 2xx per second among those sent within [from, to). */
export function throughput(records: readonly RequestRecord[], from: number, to: number): number {
  const answered = records.filter((record) => record.ok && record.started >= from && record.started < to).length;
  return to > from ? answered / ((to - from) / 1000) : 0;
}
