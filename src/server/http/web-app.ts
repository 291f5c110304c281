import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { RequestHandler, ServerBuild } from 'react-router';
import { APP_VERSION } from '../../shared/app-version.ts';
import { SEARCH_PATH, type ServerApi, type ShopLoadContext } from '../../shared/load-context.ts';
import type { ServerConfig } from '../config.ts';
import {
  cachedPageOf,
  isSharedAnswer,
  isStorableResponse,
  keptEncodingFor,
  pageCacheKey,
  pageHtml,
  type CachedPage,
  type PageKey,
  type PageRender,
  type RenderedPageCache,
} from './page-cache.ts';
import { RenderQueue } from './render-queue.ts';
import { FOR_ONE_SHOPPER, isForOneShopper } from './cache-control.ts';
import { sessionCookieFor } from './session-cookie.ts';
import { addVary } from './small-answers.ts';

interface WebAppOptions {
  config: ServerConfig;
  /** React Router's request handler for the built app (`createRequestHandler(build)`). */
  handleRequest: RequestHandler;
  /** The root instance, whose inject() answers the loaders' API calls in process. */
  root: FastifyInstance;
  /** Keeps pages anonymous visitors are shown alike (docs/performance/019-rendered-page-cache.md); none: every page is rendered. */
  pageCache?: RenderedPageCache;
  /** Bounds the renders under way and waiting (render-queue.ts); by default as configured (PAGE_RENDERS, PAGE_RENDER_QUEUE). */
  renderQueue?: RenderQueue;
}

/** How long a request waits for another's render of its page before it renders the page itself. */
const RENDER_WAIT_MS = 10_000;
/** What a busy shop tells the browser (and a crawler) to wait before asking again. */
const BUSY_RETRY_AFTER_SECONDS = 5;

/**
 * What a render read: whether every API answer was the same for everyone, or one for this shopper alone, and
 * whether a loader's search failed (the page lacks that part).
 */
interface RenderSources {
  shared: boolean;
  forOneShopper?: boolean;
  searchFailed?: boolean;
}

export async function loadServerBuild(buildDir: string): Promise<ServerBuild> {
  const entry = path.join(buildDir, 'server', 'index.js');
  if (!existsSync(entry)) {
    throw new Error(`The web app is not built: ${entry} is missing. Run npm run build (npm start builds it for you).`);
  }
  return (await import(pathToFileURL(entry).href)) as ServerBuild;
}

/** The server-rendered React Router app, its built assets, and the in-process API its loaders call. */
export const webAppRoutes: FastifyPluginAsync<WebAppOptions> = async (
  app,
  {
    config,
    handleRequest,
    root,
    pageCache,
    renderQueue = new RenderQueue({ renders: config.pageRenders, waiting: config.pageRenderQueue }),
  },
) => {
  const sessionCookieName = sessionCookieFor(config.publicUrl).name;
  const clientDir = path.join(config.buildDir, 'client');
  await app.register(fastifyStatic, {
    root: clientDir,
    wildcard: false,
    index: false,
    // The build writes .br and .gz copies of the assets (scripts/precompress-assets.mjs).
    preCompressed: true,
    // The headers below decide caching; the plugin's own max-age=0 would override them.
    cacheControl: false,
    setHeaders(response, filePath) {
      // Vite fingerprints everything under assets/, so those files never change.
      const immutable = filePath.startsWith(path.join(clientDir, 'assets') + path.sep);
      response.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });

  // React Router reads action bodies itself, so the body stays an unread stream.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  /** Renders the page at `url` for this request, with `nonce` on its inline scripts; `signal` ends it. */
  const render = (request: FastifyRequest, url: URL, nonce: string, signal: AbortSignal, sources: RenderSources) => {
    const context: ShopLoadContext = {
      nonce,
      brand: config.brand,
      publicUrl: config.publicUrl,
      regionalStoreUrls: config.regionalStoreUrls,
      appVersion: APP_VERSION,
      search: { nodes: config.searchNodes, apiKey: config.searchApiKey },
      serverSearch: {
        nodes: serverSearchNodes(root, config),
        apiKey: config.searchApiKey,
        cacheSearchResultsForSeconds: 0,
      },
      api: inProcessApi(root, request, sources),
      searchFailed: () => {
        sources.searchFailed = true;
      },
    };
    return handleRequest(toWebRequest(request, url, signal), context);
  };

  /**
   * Keeps a rendered page if it may be kept. Answers the page for those waiting on its render: the kept page, or
   * one whose search failed, which they may be sent but nobody keeps; null when they must render their own.
   */
  const keepPage = async (
    cache: RenderedPageCache,
    pageKey: PageKey,
    html: Buffer,
    headers: Headers,
    render: { nonce: string; sources: RenderSources; generation: number },
  ): Promise<CachedPage | null> => {
    // Known only now: a deferred part of the page may have asked the API, or failed its search, while it streamed.
    if (!render.sources.shared) return null;
    const page = await cachedPageOf(html, render.nonce, headers, cache.now());
    if (!page) return null;
    if (render.sources.searchFailed) return render.generation === cache.generation ? page : null;
    return cache.store(pageKey.key, page, render.generation) ? page : null;
  };

  /**
   * Renders a stale page again behind the visitor it was served to, if no render of it is under way and a render
   * slot is free now (otherwise a later visit tries again, until the page is too old to serve).
   */
  const renderAgain = (request: FastifyRequest, cache: RenderedPageCache, pageKey: PageKey) => {
    if (cache.rendering(pageKey.key)) return;
    const release = renderQueue.freeSlot();
    if (!release) return;
    const flight = cache.startRender(pageKey.key);
    const kept = { nonce: randomBytes(16).toString('base64'), sources: { shared: true }, generation: cache.generation };
    render(
      request,
      webRequestUrl(request, config.publicUrl, pageKey.url),
      kept.nonce,
      AbortSignal.timeout(RENDER_WAIT_MS),
      kept.sources,
    )
      .then(async (response) => {
        const storable = response.body !== null && isStorableResponse(response);
        // A page that cannot be kept is not read: nobody waits for it.
        const html =
          storable && response.body ? await readWhole(response.body, true) : (await response.body?.cancel(), null);
        release();
        return html ? keepPage(cache, pageKey, html, new Headers(response.headers), kept) : null;
      })
      .then(
        (page) => flight.settle(page),
        (error: unknown) => {
          release();
          flight.settle(null);
          request.log.error({ err: error }, 'page cache: rendering a stale page again failed');
        },
      );
  };

  app.route({
    method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/*',
    handler: async (request, reply) => {
      const left = new AbortController();
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) left.abort();
      });
      const pageKey = pageCache ? pageCacheKey(request, sessionCookieName) : null;
      let flight: PageRender | null = null;
      if (pageCache && pageKey) {
        const found = pageCache.find(pageKey.key);
        if (found) {
          if (found.stale) renderAgain(request, pageCache, pageKey);
          return sendCachedPage(request, reply, found.page);
        }
        const underWay = pageCache.rendering(pageKey.key);
        if (underWay) {
          const page = await waitFor(underWay.page);
          if (page) return sendCachedPage(request, reply, page);
        }
        // The first to ask renders; those who ask meanwhile wait for its page (single flight).
        if (!pageCache.rendering(pageKey.key)) flight = pageCache.startRender(pageKey.key);
      }

      const release = await renderQueue.slot(left.signal);
      if (!release) {
        flight?.settle(null);
        return reply
          .code(503)
          .header('retry-after', String(BUSY_RETRY_AFTER_SECONDS))
          .header('cache-control', 'no-store')
          .type('text/plain; charset=utf-8')
          .send('The shop is busy. Please try again in a moment.');
      }
      const kept = {
        nonce: request.cspNonce,
        sources: { shared: true, forOneShopper: false },
        generation: pageCache?.generation ?? 0,
      };
      let response: Response;
      try {
        const url = webRequestUrl(request, config.publicUrl, pageKey?.url ?? request.url);
        response = await render(request, url, kept.nonce, left.signal, kept.sources);
      } catch (error) {
        release();
        flight?.settle(null);
        throw error;
      }
      // A page made from a shopper's own answers (the account pages, an order's) is theirs alone, as those answers are.
      if (kept.sources.forOneShopper && !response.headers.has('cache-control'))
        reply.header('cache-control', FOR_ONE_SHOPPER);
      const keeping =
        pageCache && pageKey && flight && isStorableResponse(response) ? { cache: pageCache, pageKey, flight } : null;
      if (!keeping) flight?.settle(null);
      if (!response.body) {
        release();
        return sendWebResponse(reply, response);
      }
      // The slot is held until the whole page is rendered: one copy is read here at the render's own pace (and
      // kept, when it may be), the other streams to the visitor at theirs, so a slow visitor holds no slot.
      const [toVisitor, toRead] = response.body.tee();
      const headers = new Headers(response.headers);
      readWhole(toRead, keeping !== null)
        .then((html) => {
          release();
          return keeping && html ? keepPage(keeping.cache, keeping.pageKey, html, headers, kept) : null;
        })
        .then(
          (page) => keeping?.flight.settle(page),
          (error: unknown) => {
            release();
            keeping?.flight.settle(null);
            if (!left.signal.aborted) request.log.error({ err: error }, 'page cache: keeping a rendered page failed');
          },
        );
      return sendWebResponse(reply, new Response(toVisitor, response));
    },
  });
};

/** Reads a page's body to its end: the whole HTML when `keep`, otherwise only until it ends (null). */
async function readWhole(body: ReadableStream<Uint8Array>, keep: boolean): Promise<Buffer | null> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of body as AsyncIterable<Uint8Array>) if (keep) chunks.push(chunk);
  return keep ? Buffer.concat(chunks) : null;
}

/** A render's kept page, or null when it could not be kept or took too long: the request then renders its own. */
async function waitFor(page: Promise<CachedPage | null>): Promise<CachedPage | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tooLong = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), RENDER_WAIT_MS)));
  try {
    return await Promise.race([page, tooLong]);
  } finally {
    clearTimeout(timer);
  }
}

/** The cluster's nodes, or this server's own embedded service over loopback. */
function serverSearchNodes(root: FastifyInstance, config: ServerConfig): ShopLoadContext['serverSearch']['nodes'] {
  if (config.searchNodes.length) return config.searchNodes;
  const address = root.server.address();
  const port = address && typeof address === 'object' ? address.port : config.port;
  return [{ protocol: 'http', host: '127.0.0.1', port, path: SEARCH_PATH }];
}

function inProcessApi(root: FastifyInstance, request: FastifyRequest, sources: RenderSources): ServerApi {
  return async (url, init = {}) => {
    const response = await root.inject({
      method: init.method ?? 'GET',
      url,
      // The API sees the shopper's address, not loopback: its per-address limits (the order lookup's) hold
      // for forms the pages post on the shopper's behalf.
      remoteAddress: request.ip,
      headers: {
        ...(request.headers.cookie ? { cookie: request.headers.cookie } : {}),
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        'user-agent': request.headers['user-agent'] ?? 'ssr',
      },
      ...(init.body === undefined ? {} : { payload: JSON.stringify(init.body) }),
    });
    if (!isSharedAnswer(response.headers['cache-control'])) sources.shared = false;
    if (isForOneShopper(response.headers['cache-control'])) sources.forOneShopper = true;
    const isJson = String(response.headers['content-type'] ?? '').includes('application/json');
    const setCookie = response.headers['set-cookie'];
    const setCookies = setCookie === undefined ? [] : [setCookie].flat();
    return {
      status: response.statusCode,
      body: isJson ? response.json() : response.body,
      ...(setCookies.length ? { setCookies } : {}),
    };
  };
}

/**
 * The page's address (`pathAndQuery`, the request's own or its kept page's) on the request's origin (the shop's
 * public one when the Host header is no host). The path is set rather than parsed against the origin, so `//a@b/`
 * stays a path instead of naming a host.
 */
function webRequestUrl(request: FastifyRequest, publicUrl: string, pathAndQuery: string): URL {
  let url: URL;
  try {
    url = new URL(`${request.protocol}://${request.host}`);
  } catch {
    url = new URL(publicUrl);
  }
  const queryStart = pathAndQuery.indexOf('?');
  url.pathname = queryStart < 0 ? pathAndQuery : pathAndQuery.slice(0, queryStart);
  url.search = queryStart < 0 ? '' : pathAndQuery.slice(queryStart);
  return url;
}

function toWebRequest(request: FastifyRequest, url: URL, signal: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) value.forEach((item) => headers.append(name, item));
    else if (value !== undefined) headers.set(name, value);
  }
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(url, {
    method: request.method,
    headers,
    signal,
    ...(hasBody ? { body: Readable.toWeb(request.raw) as unknown as ReadableStream<Uint8Array>, duplex: 'half' } : {}),
  });
}

/** Sends the web app's answer. */
function sendWebResponse(reply: FastifyReply, response: Response): FastifyReply {
  reply.status(response.status);
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') reply.header(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>));
}

/** A kept page as it was compressed, in brotli or gzip as the browser takes them, under its policy of script hashes. */
function sendCachedPage(request: FastifyRequest, reply: FastifyReply, page: CachedPage): FastifyReply {
  reply.status(200);
  for (const [name, value] of page.headers) reply.header(name, value);
  request.cspScriptSources = page.scriptSources;
  addVary(reply, 'Accept-Encoding');
  const encoding = keptEncodingFor(request.headers['accept-encoding']);
  if (!encoding) return reply.send(pageHtml(page));
  reply.header('content-encoding', encoding);
  return reply.send(page.encoded[encoding]);
}
