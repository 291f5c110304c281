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
  type RenderedPageCache,
} from './page-cache.ts';
import { FOR_ONE_SHOPPER, isForOneShopper } from './cache-control.ts';
import { sessionCookieFor } from './session-cookie.ts';
import { addVary } from './small-answers.ts';

interface WebAppOptions {
  config: ServerConfig;
  /** React Router's request handler for the built app (`createRequestHandler(build)`). */
  handleRequest: RequestHandler;
  /** The root instance, whose inject() answers the loaders' API calls in process. */
  root: FastifyInstance;
  /** Keeps pages anonymous visitors are shown alike (docs/decisions/019-rendered-page-cache.md); none: every page is rendered. */
  pageCache?: RenderedPageCache;
}

/** What a render read from the API: whether every answer was the same for everyone, or one for this shopper alone. */
interface RenderSources {
  shared: boolean;
  forOneShopper: boolean;
}

export async function loadServerBuild(buildDir: string): Promise<ServerBuild> {
  const entry = path.join(buildDir, 'server', 'index.js');
  if (!existsSync(entry)) {
    throw new Error(`The web app is not built: ${entry} is missing. Run npm run build (npm start builds it for you).`);
  }
  return (await import(pathToFileURL(entry).href)) as ServerBuild;
}

/** The server-rendered React Router app, its built assets, and the in-process API its loaders call. */
export const webAppRoutes: FastifyPluginAsync<WebAppOptions> = async (app, { config, handleRequest, root, pageCache }) => {
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

  app.route({
    method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/*',
    handler: async (request, reply) => {
      const cacheKey = pageCache ? pageCacheKey(request, sessionCookieName) : null;
      const cached = cacheKey === null ? null : (pageCache?.lookup(cacheKey) ?? null);
      if (cached) return sendCachedPage(request, reply, cached);
      const generation = pageCache?.generation ?? 0;
      const sources: RenderSources = { shared: true, forOneShopper: false };
      const context: ShopLoadContext = {
        nonce: request.cspNonce,
        brand: config.brand,
        publicUrl: config.publicUrl,
        regionalStoreUrls: config.regionalStoreUrls,
        appVersion: APP_VERSION,
        search: { nodes: config.searchNodes, apiKey: config.searchApiKey },
        serverSearch: { nodes: serverSearchNodes(root, config), apiKey: config.searchApiKey },
        api: inProcessApi(root, request, sources),
      };
      const response = await handleRequest(toWebRequest(request, reply, config.publicUrl), context);
      // A page made from a shopper's own answers (the account pages, an order's) is theirs alone, as those answers are.
      if (sources.forOneShopper && !response.headers.has('cache-control')) reply.header('cache-control', FOR_ONE_SHOPPER);
      if (!pageCache || cacheKey === null || !isStorableResponse(response)) return sendWebResponse(reply, response);
      const headers = new Headers(response.headers);
      return sendWebResponse(reply, response, (html) => {
        // Known only now: a deferred part of the page may have asked the API while the page streamed.
        if (!sources.shared) return;
        cachedPageOf(html, request.cspNonce, headers, Date.now()).then(
          (page) => page && pageCache.store(cacheKey, page, generation),
          (error: unknown) => request.log.error({ err: error }, 'page cache: keeping a rendered page failed'),
        );
      });
    },
  });
};

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
    return { status: response.statusCode, body: isJson ? response.json() : response.body, ...(setCookies.length ? { setCookies } : {}) };
  };
}

/**
 * The page's address on the request's origin (the shop's public one when the Host header is no host). The
 * path is set rather than parsed against the origin, so `//a@b/` stays a path instead of naming a host.
 */
function webRequestUrl(request: FastifyRequest, publicUrl: string): URL {
  let url: URL;
  try {
    url = new URL(`${request.protocol}://${request.host}`);
  } catch {
    url = new URL(publicUrl);
  }
  const queryStart = request.url.indexOf('?');
  url.pathname = queryStart < 0 ? request.url : request.url.slice(0, queryStart);
  url.search = queryStart < 0 ? '' : request.url.slice(queryStart);
  return url;
}

function toWebRequest(request: FastifyRequest, reply: FastifyReply, publicUrl: string): Request {
  const url = webRequestUrl(request, publicUrl);
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) value.forEach((item) => headers.append(name, item));
    else if (value !== undefined) headers.set(name, value);
  }
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(url, {
    method: request.method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: Readable.toWeb(request.raw) as unknown as ReadableStream<Uint8Array>, duplex: 'half' } : {}),
  });
}

/** Sends the web app's answer; onWhole gets its body once all of it has been sent. */
function sendWebResponse(reply: FastifyReply, response: Response, onWhole?: (body: Buffer) => void): FastifyReply {
  reply.status(response.status);
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') reply.header(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  if (!response.body) return reply.send();
  const body = Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>);
  if (onWhole) {
    const chunks: Buffer[] = [];
    body.on('data', (chunk: Buffer) => chunks.push(chunk));
    // A render cut short (the visitor left, an error) never ends, so nothing of it is kept.
    body.on('end', () => onWhole(Buffer.concat(chunks)));
  }
  return reply.send(body);
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
