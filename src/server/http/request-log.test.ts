import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderApiPath } from '../../shared/order.ts';
import { createTestApp } from '../test-support.ts';

const logLines: string[] = [];
const requestLines = () =>
  logLines
    .map((line) => JSON.parse(line) as { msg: string; url?: string; method?: string })
    .filter((line) => line.msg === 'request');

describe('the request log', () => {
  let shop: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    shop = await createTestApp({ logger: { level: 'info', stream: { write: (line: string) => logLines.push(line) } } });
  });
  afterAll(() => shop.close());

  it('writes the order link’s hash of the API’s order calls as [redacted]', async () => {
    const hash = 'Zq0secret-order-link-hash_9x';
    const calls = [
      { method: 'GET', url: orderApiPath('o1', hash) },
      { method: 'POST', url: `${orderApiPath('o1', hash)}/cancel` },
      { method: 'POST', url: `${orderApiPath('o1', hash)}/address`, payload: { shipping_address: {} } },
    ] as const;
    for (const call of calls) await shop.app.inject(call);
    const lines = requestLines().filter((line) => line.url?.startsWith('/api/orders/'));
    expect(lines.map((line) => `${line.method} ${line.url}`)).toEqual([
      'GET /api/orders/o1/[redacted]',
      'POST /api/orders/o1/[redacted]/cancel',
      'POST /api/orders/o1/[redacted]/address',
    ]);
    expect(logLines.join('\n')).not.toContain(hash);
  });

  it('writes the order lookup’s path as it is: it holds no secret', async () => {
    await shop.app.inject({ method: 'POST', url: '/api/orders/lookup', payload: {} });
    expect(requestLines().map((line) => line.url)).toContain('/api/orders/lookup');
  });
});
