import { randomBytes } from 'node:crypto';
import path from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { APP_VERSION, versionHeader } from '../shared/app-version.ts';
import { SEARCH_PATH } from '../shared/load-context.ts';
import { ClusterIndexTarget, EmbeddedIndexTarget } from './catalogue/search-index/index-targets.ts';
import { ProductIndexer, SHARED_INDEX_LEASE_MS } from './catalogue/search-index/indexer.ts';
import { DatabaseSearchRules } from './catalogue/search-index/search-rules.ts';
import { createCaptchaVerifier } from './accounts/captcha.ts';
import { followContentChanges } from './content/content-changes.ts';
import { robotsTxt } from './content/seo/robots.ts';
import { Sitemap } from './content/seo/sitemap.ts';
import type { ServerConfig } from './config.ts';
import type { OpenedDatabase } from './db/database.ts';
import { adminRoutes } from './http/admin-routes.ts';
import { crossSiteGuard } from './http/cross-site-guard.ts';
import { apiRoutes } from './http/api-routes.ts';
import { installErrorHandler } from './http/errors.ts';
import { RESPONSE_COMPRESSION } from './response-compression.ts';
import { mediaRoutes } from './http/media-routes.ts';
import { RenderedPageCache } from './http/page-cache.ts';
import { installReadiness, Readiness } from './http/readiness.ts';
import { openMediaStore } from './media/open-media-store.ts';
import { RENDER_AHEAD_LEASE_MS, renderAheadPlan } from './media/render-ahead.ts';
import {
  answerClientError,
  answerFrameworkError,
  refuseControlCharacters,
  refuseLongUrls,
} from './http/request-guards.ts';
import { quietClientGone, RequestLog } from './http/request-log.ts';
import { seoRoutes } from './http/seo-routes.ts';
import { sessionApiRoutes } from './http/session-api-routes.ts';
import { sessionCookieFor } from './http/session-cookie.ts';
import { deviceCookieFor } from './http/device-cookie.ts';
import { compressSmallAnswer } from './http/small-answers.ts';
import type { MailTransport } from './mail/mailer.ts';
import { createOrderContext } from './orders/order-context.ts';
import { JobLease, serverName } from './jobs/job-lease.ts';
import { startOrderSweeper } from './orders/order-sweeper.ts';
import type { PaymentGateway } from './payments/payment-gateway.ts';
import type { SearchEngine } from './search/engine.ts';
import { forwardedSearchRoutes } from './search/worker/forwarded-search-routes.ts';
import { searchRoutes } from './search/http/search-routes.ts';
import { SearchWorkerPool, inThreadEngine } from './search/worker/search-worker-pool.ts';

export interface AppOptions {
  config: ServerConfig;
  database: OpenedDatabase;
  /** Fastify's logger option (pino's options); tests pass false. */
  logger?: false | Exclude<FastifyServerOptions['logger'], boolean | undefined>;
  /** Registers the routes that come last (the server-rendered web app), with the cache its pages may use. */
  registerWebApp?: (app: FastifyInstance, services: { pageCache: RenderedPageCache }) => Promise<void>;
  /**
   * An embedded search engine to run in this thread, for tests to look into; otherwise buildApp starts the
   * engine in worker threads. Unused when config.searchNodes is set.
   */
  searchEngine?: SearchEngine;
  /** The card payments; buildApp makes the configured one (createPaymentGateway). */
  paymentGateway?: PaymentGateway;
  /** Sends mail instead of SMTP (tests). */
  mailTransport?: MailTransport;
  /**
   * This server's name in the leases of background jobs and the outbox's claims: its host and port by default
   * (jobs/job-lease.ts serverName). Two apps of one test on one database need names of their own.
   */
  serverName?: string;
  /** What /readyz answers from; main.ts turns it unready when shutdown begins. */
  readiness?: Readiness;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The nonce this response's inline scripts carry, and its Content-Security-Policy allows. */
    cspNonce: string;
    /** What script-src lists instead of the nonce: the hashes of a kept page's scripts (page-cache.ts). */
    cspScriptSources: readonly string[] | null;
  }
}

/**
 * Builds the whole server without listening, so tests can drive it through inject(). The search index is built
 * from the database before it returns, and follows product changes until the app closes.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    // RequestLog writes the only line of a request: method, redacted URL, status, time; no headers or cookies.
    logger:
      options.logger === false
        ? false
        : { level: config.logLevel, ...options.logger, hooks: { logMethod: quietClientGone } },
    logController: new RequestLog(),
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    bodyLimit: 1024 * 1024,
    // X-Forwarded-* only from the configured proxies: anyone else could name a new address on every request.
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 500 },
    // Closing ends idle kept-alive connections and waits for requests in flight. A request that comes on a
    // connection still open meanwhile is served (with Connection: close) rather than refused with 503, which a
    // proxy does not retry for a POST (docs/decisions/037-surviving-the-database.md).
    forceCloseConnections: 'idle',
    return503OnClosing: false,
  });
  // A start that fails part-way (the database went away) closes what it started, its jobs' timers and leases
  // among them, so the start can be tried again in the same process (main.ts).
  try {
    await assembleApp(app, options);
  } catch (error) {
    await app.close().catch(() => undefined);
    throw error;
  }
  return app;
}

/** Registers the app's plugins, routes and background jobs, and builds its search index. */
async function assembleApp(app: FastifyInstance, options: AppOptions): Promise<void> {
  const { config, database } = options;
  database.connectionWatch?.logTo(app.log);

  // Route schemas are zod schemas (docs/decisions/010-route-schemas.md).
  app.setValidatorCompiler(validatorCompiler);
  // An endpoint's 200 response is encoded through its contract's data schema (http/serve-endpoint.ts).
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', refuseLongUrls);
  app.addHook('onRequest', refuseControlCharacters);
  app.addHook('onRequest', crossSiteGuard(config.publicUrl));
  app.decorateRequest('cspNonce', '');
  app.decorateRequest('cspScriptSources', null);
  app.addHook('onRequest', async (request) => {
    request.cspNonce = randomBytes(16).toString('base64');
  });

  await app.register(helmet, {
    // The policy is set per response below, because it carries the response's nonce.
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.publicUrl.startsWith('https:'),
    // No referrer leaves for other sites, but a form posted within the shop carries its Origin: with
    // no-referrer the browser sends `Origin: null`, and React Router refuses a page's action posted that way
    // (its CSRF check), so a page form sent before the app's code has started would fail.
    referrerPolicy: { policy: 'same-origin' },
  });
  // Pages are compressed as they stream; small API answers in one call, before the plugin's own hook.
  await app.register(compress, RESPONSE_COMPRESSION);
  app.addHook('onSend', compressSmallAnswer);
  await app.register(cookie);

  const searchOrigins = config.searchNodes.map((node) => `${node.protocol}://${node.host}:${node.port}`);
  const header = versionHeader(config.brand);
  app.addHook('onSend', async (request, reply, payload) => {
    const scriptSources = request.cspScriptSources ?? [`'nonce-${request.cspNonce}'`];
    reply.header(
      'content-security-policy',
      contentSecurityPolicy(scriptSources, searchOrigins, config.publicUrl, config.recaptcha !== null),
    );
    if (request.method === 'GET' || request.method === 'HEAD') reply.header(header, APP_VERSION);
    return payload;
  });

  installErrorHandler(app);
  installReadiness(app, options.readiness ?? new Readiness(), database.db);

  // With a cluster the browser and the loaders query the cluster, so there is no embedded service. Otherwise
  // the engine answers from worker threads, so no search holds up this thread (docs/decisions/017-search-bounds.md).
  const cluster = config.searchNodes.length > 0;
  const searchEngine = cluster ? null : (options.searchEngine ?? null);
  // The synonyms and overrides written through the search API are kept in the database, for every server.
  const searchRules = new DatabaseSearchRules(database.db);
  const searchWorkers =
    cluster || searchEngine
      ? null
      : new SearchWorkerPool({
          workers: config.searchWorkers,
          prefix: SEARCH_PATH,
          searchKey: config.searchApiKey,
          adminKey: config.searchAdminKey,
          searchCutoffMs: config.searchCutoffMs,
          nice: config.searchWorkerNice,
          rules: searchRules,
        });
  // Registered before the indexer's: closing runs the hooks last first, so the indexer stops before its engine.
  if (searchWorkers) app.addHook('onClose', () => searchWorkers.close());
  const engineCalls = searchWorkers ?? (searchEngine ? inThreadEngine(searchEngine) : null);
  const indexTarget = engineCalls
    ? new EmbeddedIndexTarget(engineCalls)
    : new ClusterIndexTarget(config.searchNodes, config.searchAdminKey);
  // Rendered pages may show any product and any content, so a change of either empties the cache; product
  // changes once the search index has them, since pages are made of searches too (docs/decisions/019).
  const pageCache = new RenderedPageCache();
  const name = options.serverName ?? serverName(config.port);
  const productIndex = new ProductIndexer({
    db: database.db,
    target: indexTarget,
    log: app.log,
    onChangesApplied: () => pageCache.clear(),
    // A cluster is every server's: one writes it (docs/decisions/039-one-runner-per-job.md).
    lease: cluster
      ? new JobLease(database.db, `search-index ${indexTarget.description}`, name, SHARED_INDEX_LEASE_MS)
      : undefined,
  });
  app.addHook('onClose', () => productIndex.stop());
  const contentChanges = followContentChanges(database.db, {
    intervalMs: CONTENT_POLL_INTERVAL_MS,
    onChange: () => pageCache.clear(),
    onError: (error) => app.log.error({ err: error }, 'page cache: reading the content change counter failed'),
  });
  app.addHook('onClose', () => contentChanges.stop());

  app.get('/healthz', async () => {
    await database.db.selectFrom('website_config').select('id').limit(1).execute();
    return { status: 'ok', version: APP_VERSION };
  });

  const orders = createOrderContext(config, database.db, {
    logger: app.log,
    gateway: options.paymentGateway,
    mailTransport: options.mailTransport,
    serverName: name,
    dialect: database.dialect,
  });
  const sweeper = startOrderSweeper(orders, name);
  app.addHook('onClose', () => sweeper.stop());

  await app.register(apiRoutes, { prefix: '/api', config, db: database.db, orders });
  const accounts = {
    db: database.db,
    mailer: orders.mailer,
    publicUrl: config.publicUrl,
    orderLinkSecret: config.orderLinkSecret,
  };
  await app.register(sessionApiRoutes, {
    prefix: '/session-api',
    db: database.db,
    orders,
    accounts,
    sessionCookie: sessionCookieFor(config.publicUrl),
    deviceCookie: deviceCookieFor(config.publicUrl, config.captchaSecret),
    captcha: createCaptchaVerifier(config, database.db),
  });
  await app.register(adminRoutes, { prefix: '/admin-api', orders, adminApiKey: config.adminApiKey });
  await app.register(seoRoutes, {
    sitemap: new Sitemap({ db: database.db, publicUrl: config.publicUrl, brand: config.brand }),
    robotsTxt: robotsTxt(config.publicUrl),
  });
  // The originals every server reads; this server's disk keeps only its renditions (docs/decisions/038-media-store.md).
  const media = await openMediaStore(config.media, database);
  app.addHook('onClose', () => media.close());
  await app.register(mediaRoutes, {
    store: media,
    cacheDir: path.join(config.dataDir, 'cache', 'images'),
    renderAhead: config.renderAhead
      ? {
          plan: () => renderAheadPlan(database.db),
          leaseOf: (job: string) => new JobLease(database.db, job, name, RENDER_AHEAD_LEASE_MS),
          media: config.media,
          database: { databaseUrl: config.databaseUrl, dataDir: config.dataDir },
        }
      : undefined,
  });
  if (searchWorkers) await app.register(forwardedSearchRoutes, { prefix: SEARCH_PATH, workers: searchWorkers });
  if (searchEngine) {
    await app.register(searchRoutes, {
      prefix: SEARCH_PATH,
      engine: searchEngine,
      searchKey: config.searchApiKey,
      adminKey: config.searchAdminKey,
      rules: searchRules,
    });
  }

  if (options.registerWebApp) await options.registerWebApp(app, { pageCache });

  const built = await productIndex.start();
  if (built) {
    app.log.info(
      { ...built, target: indexTarget.description },
      `Built the search index: ${built.documents} products in ${built.ms} ms`,
    );
  } else app.log.info({ target: indexTarget.description }, 'The search cluster is indexed by another server');
}

/** How often the content change counter is read: a content change reaches rendered pages within about this long. */
const CONTENT_POLL_INTERVAL_MS = 250;

/** Where reCAPTCHA v3's script and its frame come from (Google's list for a Content-Security-Policy). */
const RECAPTCHA_SCRIPT_SOURCES = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'];
const RECAPTCHA_FRAME_SOURCES = ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'];

/** The policy of an answer whose inline scripts scriptSources allow (the answer's nonce, or a kept page's hashes). */
function contentSecurityPolicy(
  scriptSources: readonly string[],
  searchOrigins: string[],
  publicUrl: string,
  recaptcha: boolean,
): string {
  const directives = [
    "default-src 'self'",
    ["script-src 'self'", ...scriptSources, ...(recaptcha ? RECAPTCHA_SCRIPT_SOURCES : [])].join(' '),
    // React sets style attributes (carousel offsets, countdown widths); no script runs from them.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "font-src 'self' data:",
    ["connect-src 'self'", ...searchOrigins].join(' '),
    [
      "frame-src 'self' https://www.youtube-nocookie.com https://player.vimeo.com",
      ...(recaptcha ? RECAPTCHA_FRAME_SOURCES : []),
    ].join(' '),
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ];
  if (publicUrl.startsWith('https:')) directives.push('upgrade-insecure-requests');
  return directives.join('; ');
}
