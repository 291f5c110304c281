/**
 * Whether a load balancer should send this server requests (`GET /readyz`), apart from whether it is alive
 * (`/healthz`): unready from the moment shutdown begins, so the balancer stops sending before the server stops
 * listening, and while the database does not answer (docs/decisions/037-surviving-the-database.md).
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.ts';

export class Readiness {
  private drainingNow = false;

  /** True once shutdown has begun: /readyz answers 503 and every response closes its connection. */
  get draining(): boolean {
    return this.drainingNow;
  }

  drain(): void {
    this.drainingNow = true;
  }
}

export const SHUTTING_DOWN = 'The server is shutting down';

/**
 * Registers /readyz, and closes each connection after its response once draining, so kept-alive connections end
 * between requests and none is left idle to be cut when the server closes.
 */
export function installReadiness(app: FastifyInstance, readiness: Readiness, db: Db): void {
  app.addHook('onRequest', async (_request, reply) => {
    if (readiness.draining) reply.header('connection', 'close');
  });
  app.get('/readyz', async (_request, reply) => {
    if (readiness.draining) return reply.code(503).send({ error: SHUTTING_DOWN });
    // A database that cannot be reached fails this query, which the error handler answers 503.
    await db.selectFrom('website_config').select('id').limit(1).execute();
    return { status: 'ready' };
  });
}
