/**
 * Renders ahead of need the pictures the shop's pages show, at the widths browsers ask for them and in WebP
 * (docs/performance/020-images-rendered-ahead.md), so that a shopper's first view of a picture finds it rendered.
 * The server plans from the database once it listens; a child process at the lowest CPU priority renders, one
 * picture at a time, so neither the server's thread pool nor a core it needs is taken. Renditions already in the
 * cache are skipped: a restart renders nothing again. Servers that share a cache folder render it once, on the
 * holder of the cache's lease (docs/decisions/039-one-runner-per-job.md).
 */
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { constants, setPriority } from 'node:os';
import path from 'node:path';
import { MEDIA_PATH_PREFIX, mediaKind, safeMediaPath } from '../../shared/media-url.ts';
import type { Db } from '../db/database.ts';
import { entryModule } from '../entry-module.ts';
import type { JobLease } from '../jobs/job-lease.ts';
import type { ImageRenditions } from './image-renditions.ts';
import type { MediaStoreSettings } from './open-media-store.ts';

/** Product pictures in tiles: 400 px on a phone at 1.75x and a screen at 1x, 720 at 2x, 640 on a phone at 3x. */
const PRODUCT_TILE_WIDTHS = [400, 720, 640];
/** Swatch chips, badges and navigation icons are drawn at 100 px or less. */
const ICON_WIDTHS = [100];
/** The header's logo at 1x and 2x. */
const LOGO_WIDTHS = [400, 640];
/** Content and post pictures across the page on phones (828, 1242) and screens (1440, 2048), in halves and cards. */
const CONTENT_WIDTHS = [828, 1440, 1242, 2048, 400, 640, 720];
/** Product pictures placed in a content block's image tiles. */
const CONTENT_TILE_WIDTHS = [200, 400];
/** The format every browser that takes AVIF also takes, and the one it is served (docs/decisions/005). */
export const RENDER_AHEAD_ACCEPT = 'image/webp';
/**
 * The most renditions planned at one start (the demo store plans about 8,400: some 200 MB and ten minutes of one
 * core); a catalogue beyond renders its later pictures on demand.
 */
export const MAX_RENDERS_AHEAD = 12_000;

/** A picture at one width: its key in the media store. */
export interface PlannedRendition {
  relative: string;
  width: number;
}

export interface RenderAheadSummary {
  rendered: number;
  /** Already in the cache. */
  kept: number;
  /** Missing or unreadable pictures. */
  failed: number;
}

interface Log {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

const urlsOf = (json: string): string[] => {
  const value: unknown = JSON.parse(json);
  const items = Array.isArray(value) ? value : [value];
  return items.flatMap((item: unknown) =>
    typeof item === 'object' && item !== null && 'url' in item && typeof item.url === 'string' ? [item.url] : [],
  );
};

/**
 * What to render, most seen first: content and posts (the home page's pictures), logos and icons, then every
 * product picture at the phone's tile width, then at the other tile widths, in the catalogue's order.
 */
export async function renderAheadPlan(db: Db, limit = MAX_RENDERS_AHEAD): Promise<PlannedRendition[]> {
  const [blocks, posts, config, badges, navIcons, pictures, chips] = await Promise.all([
    db
      .selectFrom('content_blocks')
      .select(['images', 'product_images'])
      .orderBy('content_id')
      .orderBy('position')
      .execute(),
    db.selectFrom('posts').select('image').orderBy('published_at', 'desc').execute(),
    db.selectFrom('website_config').select(['logo_light_url', 'logo_dark_url']).execute(),
    db.selectFrom('products').select('badge_icon').distinct().where('badge_icon', 'is not', null).execute(),
    db.selectFrom('facet_tags').select('icon_in_nav').distinct().where('icon_in_nav', 'is not', null).execute(),
    productPictures(db, limit, 'tiles'),
    productPictures(db, limit, 'chips'),
  ]);
  const planned = new Map<string, PlannedRendition>();
  const add = (urls: ReadonlyArray<string | null>, widths: readonly number[]) => {
    for (const width of widths) {
      for (const url of urls) {
        if (planned.size >= limit) return;
        if (url === null || !url.startsWith(MEDIA_PATH_PREFIX) || mediaKind(url) !== 'image') continue;
        const relative = safeMediaPath(url.slice(MEDIA_PATH_PREFIX.length).split(/[?#]/)[0] ?? '');
        if (relative !== null) planned.set(`${width} ${relative}`, { relative, width });
      }
    }
  };
  add(
    [...blocks.flatMap((block) => urlsOf(block.images)), ...posts.flatMap((post) => urlsOf(post.image))],
    CONTENT_WIDTHS,
  );
  add(
    config.flatMap((row) => [row.logo_light_url, row.logo_dark_url]),
    LOGO_WIDTHS,
  );
  add([...badges.map((row) => row.badge_icon), ...navIcons.map((row) => row.icon_in_nav)], ICON_WIDTHS);
  add(pictures, PRODUCT_TILE_WIDTHS);
  add(chips, ICON_WIDTHS);
  add(
    blocks.flatMap((block) => urlsOf(block.product_images)),
    CONTENT_TILE_WIDTHS,
  );
  return [...planned.values()];
}

/** Each product picture once, in the order of the first product that shows it: tile pictures, or swatch chips. */
async function productPictures(db: Db, limit: number, kind: 'tiles' | 'chips'): Promise<string[]> {
  const rows = await db
    .selectFrom('product_images')
    .innerJoin('products', 'products.id', 'product_images.product_id')
    .select('product_images.url')
    .select((eb) => [
      eb.fn.min('products.default_position').as('first_product'),
      eb.fn.min('product_images.position').as('first_position'),
    ])
    .where('product_images.enabled', '=', 1)
    .where('product_images.role', kind === 'chips' ? '=' : '!=', 'color')
    .groupBy('product_images.url')
    .orderBy('first_product')
    .orderBy('first_position')
    .limit(limit)
    .execute();
  return rows.map((row) => row.url);
}

/** Renders the plan in order, one picture at a time, until done or stopped. */
export async function renderInOrder(
  images: ImageRenditions,
  plan: readonly PlannedRendition[],
  log: Pick<Log, 'warn'>,
  stopped: () => boolean = () => false,
): Promise<RenderAheadSummary> {
  const summary: RenderAheadSummary = { rendered: 0, kept: 0, failed: 0 };
  for (const { relative, width } of plan) {
    if (stopped()) break;
    const rendition = await images.find(relative, width, RENDER_AHEAD_ACCEPT);
    const rendered = rendition ? await images.render(rendition, log) : null;
    if (!rendered) summary.failed++;
    else if ('file' in rendered) summary.kept++;
    else summary.rendered++;
  }
  return summary;
}

/** Where the rendering process reads the originals: it opens the media store with connections of its own. */
export interface RenderAheadSource {
  media: MediaStoreSettings;
  /** The shop's database, for a media store kept there. */
  database: { databaseUrl: string | null; dataDir: string };
}

/** What the server sends the rendering process once it is ready. */
export interface RenderAheadRequest extends RenderAheadSource {
  cacheDir: string;
  plan: PlannedRendition[];
}

/** What the rendering process tells the server: that it is ready for the plan, then the plan's summary. */
export type RenderAheadMessage = { kind: 'ready' } | { kind: 'done'; summary: RenderAheadSummary };

export interface RenderingAhead {
  /** The rendering process's id. */
  pid: number | undefined;
  /** The summary once the plan is rendered, or null when the process stopped before. */
  done: Promise<RenderAheadSummary | null>;
  /** Ends the rendering process and waits for it to exit. */
  stop(): Promise<void>;
}

/** Starts a process at the lowest CPU priority that renders the plan, then exits. */
export function startRenderingAhead(request: RenderAheadRequest, log: Log): RenderingAhead {
  const started = performance.now();
  const child = fork(entryModule(import.meta.url, 'render-ahead-child'), {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.once('error', (error) => {
      log.warn({ err: error }, 'the process that renders pictures ahead failed');
      resolve();
    });
  });
  if (child.pid !== undefined) {
    try {
      setPriority(child.pid, constants.priority.PRIORITY_LOW);
    } catch (error) {
      log.warn({ err: error }, 'could not lower the priority of the process that renders pictures ahead');
    }
  }
  const done = new Promise<RenderAheadSummary | null>((resolve) => {
    child.on('message', (message: RenderAheadMessage) => {
      if (message.kind === 'ready') {
        child.send(request);
        return;
      }
      const { summary } = message;
      log.info(
        { ...summary, ms: Math.round(performance.now() - started) },
        `Rendered ${summary.rendered} pictures ahead of need`,
      );
      resolve(summary);
    });
    void exited.then(() => resolve(null));
  });
  return {
    pid: child.pid,
    done,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill();
      await exited;
    },
  };
}

/** A render cache's lease: what a server that died mid-plan left is taken over within this and a renewal. */
export const RENDER_AHEAD_LEASE_MS = 60_000;
const CACHE_NAME_FILE = 'render-cache-name';

/**
 * The name of the render cache in cacheDir, kept in the folder: servers that share the folder (one machine, one
 * DATA_DIR) read the same name, and a server with a disk of its own makes its own. The first server to link its
 * name into place wins, so two starting at once agree.
 */
export async function renderCacheName(cacheDir: string): Promise<string> {
  const file = path.join(cacheDir, CACHE_NAME_FILE);
  const name = randomUUID();
  const written = `${file}.${name}`;
  await mkdir(cacheDir, { recursive: true });
  await writeFile(written, name);
  try {
    await link(written, file);
    return name;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return (await readFile(file, 'utf8')).trim();
  } finally {
    await unlink(written);
  }
}

export interface RenderAheadJob {
  /** The lease of the render cache, named after renderCacheName. */
  lease: JobLease;
  plan: () => Promise<PlannedRendition[]>;
  /** Starts rendering a plan into the cache (startRenderingAhead). */
  render: (plan: PlannedRendition[]) => RenderingAhead;
  log: Log;
}

/**
 * Renders the plan once on one of the servers that share a render cache. The holder of its lease renders and gives
 * the lease up when done; each of the others, asking every third of the lease, then renders in turn what is left:
 * nothing once the holder finished, the rest when it died. Ends once this server's rendering process has ended.
 */
export function renderAheadOnOneServer(job: RenderAheadJob): { stop(): Promise<void> } {
  const { lease, log } = job;
  let ended = false;
  let rendering: RenderingAhead | null = null;
  let turn: Promise<void> | null = null;
  const renderTurn = async () => {
    const plan = await job.plan();
    if (ended) return;
    rendering = job.render(plan);
    await rendering.done;
    if (ended) return;
    ended = true;
    clearInterval(timer);
    await lease.stop(log);
  };
  const takeTurn = () => {
    if (ended || turn || !lease.isHeld()) return;
    turn = renderTurn()
      .catch((error: unknown) => log.warn({ err: error }, 'could not plan the pictures to render ahead'))
      .finally(() => {
        turn = null;
      });
  };
  const timer = setInterval(takeTurn, lease.leaseMs / 3);
  timer.unref();
  void lease.start(log).then(takeTurn);
  return {
    async stop() {
      ended = true;
      clearInterval(timer);
      await rendering?.stop();
      await turn;
      await lease.stop(log);
    },
  };
}
