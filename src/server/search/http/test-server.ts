/** For tests: the search plugin alone on a loopback port, with an official `typesense` client for each key. */
import Fastify, { type FastifyInstance } from 'fastify';
import Typesense from 'typesense';
import { SearchEngine } from '../engine.ts';
import { searchRoutes } from './search-routes.ts';

export const TEST_ADMIN_KEY = 'test-admin-key';
export const TEST_SEARCH_KEY = 'test-search-key';

export interface TestSearchServer {
  app: FastifyInstance;
  engine: SearchEngine;
  port: number;
  client(apiKey?: string): InstanceType<typeof Typesense.Client>;
  close(): Promise<void>;
}

export async function startTestSearchServer(engine = new SearchEngine()): Promise<TestSearchServer> {
  const app = Fastify({ logger: false, bodyLimit: 1024 * 1024 });
  await app.register(searchRoutes, { prefix: '/search', engine, searchKey: TEST_SEARCH_KEY, adminKey: TEST_ADMIN_KEY });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    engine,
    port,
    client: (apiKey = TEST_ADMIN_KEY) =>
      new Typesense.Client({
        nodes: [{ host: '127.0.0.1', port, protocol: 'http', path: '/search' }],
        apiKey,
        numRetries: 0,
        connectionTimeoutSeconds: 5,
        logLevel: 'silent',
      }),
    close: () => app.close(),
  };
}
