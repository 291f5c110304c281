import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RequestHandler } from 'react-router';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, testConfig } from '../test-support.ts';
import { MAX_PATH_LENGTH, MAX_URL_LENGTH } from './request-guards.ts';
import { webAppRoutes } from './web-app.ts';

/** Every request the stand-in web app was asked to render. */
const rendered: string[] = [];
const logLines: string[] = [];
const logged = () => logLines.map((line) => JSON.parse(line) as { level: number; msg: string; url?: string });

/** A page that streams for two seconds, so a client can leave in the middle of it; random text, so compression sends as it goes. */
function slowPage(): ReadableStream<Uint8Array> {
  let sent = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  return new ReadableStream({
    pull(controller) {
      return new Promise((resolve) => {
        timer = setTimeout(() => {
          sent += 1;
          if (sent > 100) controller.close();
          else controller.enqueue(new TextEncoder().encode(`<p>${randomBytes(16_384).toString('base64')}</p>`));
          resolve();
        }, 20);
      });
    },
    cancel() {
      clearTimeout(timer);
    },
  });
}

/** Stands in for React Router's handler: answers the URL it was given, or a slow page. */
const handleRequest: RequestHandler = async (request) => {
  rendered.push(request.url);
  if (new URL(request.url).pathname === '/slow-page') {
    return new Response(slowPage(), { headers: { 'content-type': 'text/html; charset=utf-8' } });
  }
  return new Response(request.url, { headers: { 'content-type': 'text/plain; charset=utf-8' } });
};

let shop: Awaited<ReturnType<typeof createTestApp>>;
let folder: string;
let port: number;

beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), 'hostile-requests-'));
  mkdirSync(path.join(folder, 'build', 'client'), { recursive: true });
  const config = testConfig(folder, { buildDir: path.join(folder, 'build') });
  shop = await createTestApp({
    config,
    logger: { level: 'debug', stream: { write: (line: string) => logLines.push(line) } },
    registerWebApp: async (root) => {
      // A route that fails the way a URL parser fails: Node's error keeps the raw URL it was given.
      root.get('/broken/*', async (request) => new URL(request.url).href);
      await root.register(webAppRoutes, { config, handleRequest, root });
    },
  });
  await shop.app.listen({ host: '127.0.0.1', port: 0 });
  const address = shop.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});

afterAll(async () => {
  await shop.close();
  rmSync(folder, { recursive: true, force: true });
});

/** Sends bytes exactly as written and reads the whole answer, for what fetch and inject would refuse to send. */
function rawRequest(bytes: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes, 'latin1'));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    socket.on('close', () => {
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), body });
    });
    socket.on('error', reject);
  });
}

describe('addresses the web app could read as a host', () => {
  it.each(['//', '///', '//a@b/', '//a@b/?token=secret'])('renders %s as a path on the shop', async (url) => {
    const response = await shop.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(new URL(response.body).pathname).toBe(url.split('?')[0]);
    expect(new URL(response.body).host).toBe('localhost');
  });

  it('keeps a failing request’s secrets out of the error log', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/broken/x?token=secret-token' });
    expect(response.statusCode).toBe(500);
    const lines = logLines.filter((line) => line.includes('/broken/'));
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).not.toContain('secret-token');
  });
});

describe('over-long addresses', () => {
  it('answers a 15 KB path with 414 before the web app renders it', async () => {
    const before = rendered.length;
    const response = await shop.app.inject({ method: 'GET', url: `/${'a/'.repeat(7_500)}` });
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({ error: 'The address is too long' });
    expect(rendered).toHaveLength(before);
  });

  it('answers a long query and a long API path with 414 in the same shape', async () => {
    for (const url of [`/shop/men?q=${'x'.repeat(MAX_URL_LENGTH)}`, `/api/${'a/'.repeat(MAX_PATH_LENGTH)}`]) {
      const response = await shop.app.inject({ method: 'GET', url });
      expect(response.statusCode, url.slice(0, 40)).toBe(414);
      expect(response.json(), url.slice(0, 40)).toEqual({ error: 'The address is too long' });
    }
  });

  it('still renders a path at the limit', async () => {
    const url = `/${'a'.repeat(MAX_PATH_LENGTH - 1)}`;
    expect((await shop.app.inject({ method: 'GET', url })).statusCode).toBe(200);
  });
});

describe('requests the router or the HTTP parser cannot read', () => {
  it.each(['/api/%zz', '/%E0%A4%A', '/images/%zz.png'])(
    'answers the bad percent-encoding of %s with 400 {error}',
    async (url) => {
      const response = await shop.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'The address is not a valid URL' });
    },
  );

  it.each(['/a%0d%0aSet-Cookie:x', '/shop/men%0d%0a', '/a%0Ab', '/a%E2%80%A8b', '/api/orders/o1%0d%0a/x'])(
    'answers the control character of %s with 400 {error}, before the web app, with no error logged',
    async (url) => {
      const before = { rendered: rendered.length, logged: logLines.length };
      const response = await shop.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'The address is not a valid URL' });
      // React Router's catch-all route stops at a line break, and it logged the miss with a stack trace.
      expect(rendered).toHaveLength(before.rendered);
      const lines = logged().slice(before.logged);
      expect(lines.map((line) => [line.level, line.msg])).toEqual([[30, 'request']]);
      expect(logLines.slice(before.logged).join('\n')).not.toContain('stack');
    },
  );

  it('answers a NUL in the path with 400 {error}', async () => {
    const { status, body } = await rawRequest('GET /a\u0000b HTTP/1.1\r\nHost: shop\r\nConnection: close\r\n\r\n');
    expect(status).toBe(400);
    expect(JSON.parse(body)).toEqual({ error: 'The request could not be read' });
  });

  it('answers an oversized header with 431 {error}', async () => {
    const { status, body } = await rawRequest(
      `GET / HTTP/1.1\r\nHost: shop\r\nX-Padding: ${'a'.repeat(20_000)}\r\nConnection: close\r\n\r\n`,
    );
    expect(status).toBe(431);
    expect(JSON.parse(body)).toEqual({ error: 'The request headers are too large' });
  });
});

describe('a client that leaves mid-page', () => {
  it('is logged at debug without a stack, never as an error', async () => {
    await new Promise<void>((resolve, reject) => {
      const request = http.get(
        { host: '127.0.0.1', port, path: '/slow-page', headers: { 'accept-encoding': 'br' } },
        (response) => {
          response.once('data', () => {
            request.destroy();
            resolve();
          });
        },
      );
      request.on('error', (error: NodeJS.ErrnoException) => {
        if (error.code !== 'ECONNRESET') reject(error);
      });
    });
    await vi.waitFor(() => {
      expect(
        logged().some((line) => line.msg === 'the client closed the connection before its response was complete'),
      ).toBe(true);
    });
    const errors = logged().filter((line) => line.level >= 50 && !line.url?.startsWith('/broken/'));
    expect(errors).toEqual([]);
    expect(logLines.filter((line) => line.includes('closed the connection')).join('')).not.toContain('"stack"');
  });
});
