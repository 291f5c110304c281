import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { endpoint } from '../../shared/api/endpoint.ts';
import { installErrorHandler } from './errors.ts';
import { Refusal, serveEndpoint } from './serve-endpoint.ts';

const greeting = endpoint({
  method: 'POST',
  path: '/api/greetings/:name',
  params: z.object({ name: z.string().check(z.maxLength(10, 'name is too long')) }),
  body: z.object({ times: z.number().check(z.int(), z.gte(1)) }),
  data: z.object({ text: z.string() }),
});

/** An endpoint whose 200 body is the spec's success body itself, not `{data}`. */
const farewell = endpoint({
  method: 'POST',
  path: '/api/farewells',
  data: z.object({ success: z.literal(true), message: z.string() }),
  envelope: false,
});

describe('an endpoint served from its contract', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    installErrorHandler(app);
    await app.register(
      async (api) => {
        serveEndpoint(api, greeting, async ({ params, body }) => {
          if (params.name === 'nobody') return new Refusal(404, { error: 'Nobody is here', hint: 'try someone' });
          // A field the contract does not name, which the response must not carry.
          if (params.name === 'leaky') return { text: 'hi', secret: 'kept in' } as { text: string };
          if (params.name === 'broken') return {} as { text: string };
          return { text: `hello ${params.name} `.repeat(body.times).trim() };
        });
        serveEndpoint(
          api,
          farewell,
          async () => ({ success: true, message: 'bye', secret: 'kept in' }) as { success: true; message: string },
        );
      },
      { prefix: '/api' },
    );
  });
  afterAll(() => app.close());

  const greet = (name: string, payload: unknown) =>
    app.inject({ method: 'POST', url: `/api/greetings/${name}`, payload: payload as object });

  it('responds with the handler’s data in {data}', async () => {
    const response = await greet('sam', { times: 2 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { text: 'hello sam hello sam' } });
  });

  it('refuses a body or parameter the contract rejects with a 400 naming the field', async () => {
    expect((await greet('sam', { times: 0 })).json()).toEqual({ error: expect.stringMatching(/^times: /) });
    const long = await greet('samsamsamsam', { times: 1 });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ error: 'name: name is too long' });
  });

  it('sends a refusal with its status and body', async () => {
    const response = await greet('nobody', { times: 1 });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Nobody is here', hint: 'try someone' });
  });

  it('drops what the contract does not name, and never sends a response that breaks it', async () => {
    expect((await greet('leaky', { times: 1 })).json()).toEqual({ data: { text: 'hi' } });
    const broken = await greet('broken', { times: 1 });
    expect(broken.statusCode).toBe(500);
    expect(broken.json()).toEqual({ error: 'Something went wrong on our side. Please try again.' });
  });

  it('responds with the data itself for an endpoint without the envelope, dropping what it does not name', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/farewells' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'bye' });
  });

  it('will not serve an endpoint outside the plugin’s prefix', async () => {
    const other = Fastify();
    await other.register(
      async (api) => expect(() => serveEndpoint(api, greeting, async () => ({ text: '' }))).toThrow(),
      {
        prefix: '/session-api',
      },
    );
    await other.close();
  });
});
