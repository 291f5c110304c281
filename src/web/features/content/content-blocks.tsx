import { createContext, memo, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { AUTO_ADVANCE_DEFAULT_MS, FADER_TRANSITION_MS, HORIZONTAL_SCROLL_FRACTION } from '../../../shared/constants.ts';
import type { ContentBlock, MediaItem, ProductImageTile } from '../../../shared/content.ts';
import { imageSrcSet, imageUrl, isExternalUrl, mediaUrl } from '../../../shared/media-url.ts';
import { MESSAGES } from '../../../shared/messages.ts';
import { ResponsiveImage } from '../../ui/responsive-image.tsx';
import { buttonStyles } from '../../ui/button.tsx';
import { useIsDocumentView } from '../../lib/navigation/document-moves.ts';
import { HydrateInPieces, TILES_PER_PIECE } from '../../ui/hydrate-in-pieces.tsx';
import { ProductTile } from '../../ui/product-tile/product-tile.tsx';
import { breakpointClass, breakpointMedia, priorityBlocks } from './breakpoint.ts';
import { parseInlineStyle } from './inline-style.ts';
import { mediaAlt } from './media-alt.ts';

interface BlockProps {
  block: ContentBlock;
  appHost: string;
  /** The first block a screen shows holds the page's largest image, which loads first (priorityBlocks). */
  priority: boolean;
  /** How wide the block is drawn, as an img sizes value: the page's width, or half of it in a container. */
  sizes: string;
}

/** The screens the block being drawn shows on (a media query), or null for all: a container's children inherit it. */
const ShownOn = createContext<string | null>(null);

const FULL_WIDTH = '100vw';
const HALF_WIDTH = '(min-width: 40rem) 50vw, 100vw';

function MaybeLink({
  href,
  appHost,
  children,
  className,
}: {
  href: string | null;
  appHost: string;
  children: ReactNode;
  className?: string;
}) {
  if (!href) return <div className={className}>{children}</div>;
  if (isExternalUrl(href, appHost)) {
    return (
      <a href={href} className={className} rel="noopener noreferrer" target="_blank">
        {children}
      </a>
    );
  }
  return (
    <Link to={href} className={className}>
      {children}
    </Link>
  );
}

interface MediaProps {
  item: MediaItem;
  sizes: string;
  priority: boolean;
  className: string;
}

function Media({ item, sizes, priority, className }: MediaProps) {
  const shownOn = useContext(ShownOn);
  if (item.media_type === 'Video' || item.media_type === 'Video_Controls') {
    return (
      <video
        src={mediaUrl(item.url)}
        poster={item.poster ? mediaUrl(item.poster) : undefined}
        width={item.width}
        height={item.height}
        className={className}
        muted
        playsInline
        loop={item.media_type === 'Video'}
        autoPlay={item.media_type === 'Video'}
        controls={item.media_type === 'Video_Controls'}
        aria-label={mediaAlt(item) || undefined}
      />
    );
  }
  return (
    <ResponsiveImage
      image={item}
      alt={mediaAlt(item)}
      sizes={sizes}
      priority={priority}
      priorityMedia={shownOn}
      className={className}
    />
  );
}

function MediaCaption({ item }: { item: MediaItem }) {
  if (!item.content) return null;
  return (
    <div
      className="media-caption"
      style={parseInlineStyle(item.content_style ?? '')}
      dangerouslySetInnerHTML={{ __html: item.content }}
    />
  );
}

/**
 * Shop-the-look pins (spec 3's product image tiles) over a block's picture: each a link to its product, placed by
 * its rect in percent of the picture, showing the product's image and its caption.
 */
function ProductImageTiles({ tiles, label, appHost }: { tiles: ProductImageTile[]; label: string; appHost: string }) {
  if (!tiles.length) return null;
  return (
    <ul aria-label={label || undefined} className="pointer-events-none absolute inset-0">
      {tiles.map((tile) => (
        <li
          key={tile.href}
          className={`absolute ${breakpointClass(tile.breakpoint_type)}`}
          style={{
            left: `${tile.rect.x}%`,
            top: `${tile.rect.y}%`,
            width: `${tile.rect.width}%`,
            height: `${tile.rect.height}%`,
          }}
        >
          <MaybeLink
            href={tile.href}
            appHost={appHost}
            className="pointer-events-auto relative flex h-full w-full flex-col rounded-sm bg-white/90 p-1 text-[#111111] shadow-lg md:p-1.5"
          >
            <img
              src={imageUrl(tile.url, 200)}
              srcSet={imageSrcSet(tile.url, [100, 200, 400])}
              sizes={`${tile.rect.width}vw`}
              alt=""
              style={parseInlineStyle(tile.image_style)}
              className="min-h-0 w-full flex-1"
              loading="lazy"
              decoding="async"
            />
            <div
              className="mt-1 line-clamp-2 font-semibold leading-tight"
              style={parseInlineStyle(tile.content_style)}
              dangerouslySetInnerHTML={{ __html: tile.content }}
            />
            <span
              aria-hidden="true"
              className="absolute -top-2 -right-2 grid size-5 place-items-center rounded-full bg-white shadow ring-2 ring-black/25 md:size-6"
            >
              <span className="size-2 rounded-full bg-[#111111]" />
            </span>
          </MaybeLink>
        </li>
      ))}
    </ul>
  );
}

function DefaultBlock({ block, appHost, priority, sizes }: BlockProps) {
  // One picture fills the block; several share it two by two from md up.
  const single = block.images.length === 1;
  return (
    <div className={single ? 'grid gap-4' : 'grid gap-4 md:grid-cols-2'}>
      {block.images.map((item, index) => (
        <div key={item.url} className="relative overflow-hidden">
          <MaybeLink href={item.href} appHost={appHost} className="block">
            <Media
              item={item}
              sizes={single ? sizes : HALF_WIDTH}
              priority={priority && index === 0}
              className="h-auto w-full"
            />
          </MaybeLink>
          <MediaCaption item={item} />
          {index === 0 && <ProductImageTiles tiles={block.product_images} label={block.name} appHost={appHost} />}
        </div>
      ))}
      {block.content && (
        <div className="prose-content md:col-span-2" dangerouslySetInnerHTML={{ __html: block.content }} />
      )}
    </div>
  );
}

/**
 * Crossfades through the images, each for its own duration, wrapping to the first (spec 4). A caption sits
 * beside its image's link, not inside it: caption HTML may hold links, and a link inside a link is invalid
 * HTML that the browser re-nests, breaking hydration.
 */
function ImageFader({ block, appHost, priority }: BlockProps) {
  const [active, setActive] = useState(0);
  const count = block.images.length;
  const duration = block.images[active]?.duration;
  useEffect(() => {
    if (!block.auto_advance || count < 2) return;
    const timer = setTimeout(
      () => setActive((index) => (index + 1) % count),
      duration ? duration * 1000 : AUTO_ADVANCE_DEFAULT_MS,
    );
    return () => clearTimeout(timer);
  }, [active, block.auto_advance, count, duration]);
  // The slides with their pictures: the first in the document, and once the page has started, those shown so far
  // and the next, ahead of its turn. The later slides lie in the screen under the first, so the browser fetched
  // their pictures at high priority beside the first slide's, the page's largest paint.
  const [pictured, setPictured] = useState(1);
  useEffect(() => setPictured((slides) => Math.max(slides, active + 2)), [active]);
  return (
    <div className="relative overflow-hidden" aria-roledescription={MESSAGES.carousel} aria-label={block.name}>
      {block.images.map((item, index) => (
        <div
          key={item.url}
          className={`${index === 0 ? 'relative' : 'absolute inset-0'} transition-opacity ease-in-out`}
          style={{ opacity: index === active ? 1 : 0, transitionDuration: `${FADER_TRANSITION_MS}ms` }}
          aria-hidden={index !== active}
          inert={index !== active}
        >
          <MaybeLink href={item.href} appHost={appHost} className="block">
            {index < pictured && (
              <Media item={item} sizes={FULL_WIDTH} priority={priority && index === 0} className="h-auto w-full" />
            )}
          </MaybeLink>
          <MediaCaption item={item} />
        </div>
      ))}
      {count > 1 && block.indicator_type !== 'none' && (
        <div className="absolute inset-x-0 bottom-2 flex justify-center gap-1">
          {block.images.map((item, index) => (
            // The dot is small; the button around it is a full 24 px target (WCAG 2.5.8).
            <button
              key={item.url}
              type="button"
              aria-label={MESSAGES.showSlide(index + 1, count)}
              aria-current={index === active}
              onClick={() => setActive(index)}
              className="grid size-6 place-items-center rounded-full"
            >
              <span
                className={`size-2 rounded-full border border-white ${index === active ? 'bg-white' : 'bg-white/30'}`}
              />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

function ScrollArrows({ target, label }: { target: React.RefObject<HTMLDivElement | null>; label: string }) {
  const scroll = (direction: 1 | -1) => {
    const element = target.current;
    if (element)
      element.scrollBy({ left: direction * element.clientWidth * HORIZONTAL_SCROLL_FRACTION, behavior: 'smooth' });
  };
  return (
    <div className="hidden justify-end gap-2 md:flex">
      <button
        type="button"
        onClick={() => scroll(-1)}
        aria-label={MESSAGES.scrollBack(label)}
        className="rounded-full border border-line px-3 py-1"
      >
        ‹
      </button>
      <button
        type="button"
        onClick={() => scroll(1)}
        aria-label={MESSAGES.scrollForward(label)}
        className="rounded-full border border-line px-3 py-1"
      >
        ›
      </button>
    </div>
  );
}

function ImageScrollSnap({ block, appHost, priority }: BlockProps) {
  const scroller = useRef<HTMLDivElement>(null);
  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-end justify-between gap-4 px-4 md:px-8">
        {block.name && <h2 className="font-display text-xl font-black uppercase md:text-2xl">{block.name}</h2>}
        {block.pagination_arrows && <ScrollArrows target={scroller} label={block.name} />}
      </div>
      {/* The scroll padding matches the side padding, so snapping keeps the first slide on the page margin. */}
      <div
        ref={scroller}
        className="flex snap-x snap-mandatory scroll-px-4 gap-3 overflow-x-auto px-4 pb-2 md:scroll-px-8 md:px-8"
        tabIndex={0}
        aria-label={block.name}
      >
        {block.images.map((item, index) => (
          <div key={item.url} className="relative w-[70%] shrink-0 snap-start overflow-hidden rounded-sm md:w-[28%]">
            <MaybeLink href={item.href} appHost={appHost} className="block">
              <Media
                item={item}
                sizes="(min-width: 40rem) 28vw, 70vw"
                priority={priority && index === 0}
                className="h-auto w-full"
              />
            </MaybeLink>
            <MediaCaption item={item} />
          </div>
        ))}
      </div>
    </div>
  );
}

function TagSelector({ block }: BlockProps) {
  return (
    <nav aria-label={block.name || MESSAGES.shopBy} className="flex flex-wrap justify-center gap-2 px-4">
      {block.configuration.map((tag) => (
        <Link key={tag.id} to={tag.url} className={buttonStyles('outline', 'rounded-full px-5 py-2')}>
          {tag.text}
        </Link>
      ))}
    </nav>
  );
}

function ProductBlock({ block, priority }: BlockProps) {
  const { products } = block.productData;
  // As the shop's grids (decision 026): only the tiles the document brought skip their drawing off screen.
  const drawnWithDocument = useIsDocumentView();
  if (!products.length) return null;
  return (
    <div className="flex flex-col gap-4 px-4 md:px-8">
      {block.name && <h2 className="font-display text-xl font-black uppercase md:text-2xl">{block.name}</h2>}
      <div
        className={`grid grid-cols-2 gap-x-3 gap-y-8 md:grid-cols-3 lg:grid-cols-4 ${drawnWithDocument ? 'defer-offscreen-tiles' : ''}`}
      >
        <HydrateInPieces
          per={TILES_PER_PIECE}
          items={products.map((product, index) => (
            <ProductTile key={product._id} product={product} priority={priority && index < 2} late={!priority} />
          ))}
        />
      </div>
    </div>
  );
}

function HtmlBlock({ block }: BlockProps) {
  return <div className="prose-content mx-auto max-w-3xl px-4" dangerouslySetInnerHTML={{ __html: block.content }} />;
}

/**
 * A container's children are the direct children of its section, so its container_class lays them out (a grid
 * of two columns puts them side by side); without a class they stack.
 */
function ContainerBlock({ block, appHost, priority }: BlockProps) {
  return (
    <>
      {block.blocks.map((child, index) => (
        <Block key={child._id} block={child} appHost={appHost} priority={priority && index === 0} sizes={HALF_WIDTH} />
      ))}
    </>
  );
}

const CONTAINER_STACK = 'flex flex-col gap-10';

const RENDERERS: Partial<Record<ContentBlock['block_type'], (props: BlockProps) => ReactNode>> = {
  Default: DefaultBlock,
  'Image Fader': ImageFader,
  'Image Scroll Snap': ImageScrollSnap,
  'Tag Selector': TagSelector,
  Product: ProductBlock,
  'Curated Product': ProductBlock,
  Html: HtmlBlock,
  Container: ContainerBlock,
};

export function Block({ block, appHost, priority, sizes }: BlockProps) {
  const containerShownOn = useContext(ShownOn);
  const shownOn = breakpointMedia(block.breakpoint) ?? containerShownOn;
  const Renderer = RENDERERS[block.block_type];
  if (!Renderer) return null;
  const layout = block.block_type === 'Container' && !block.container_class ? CONTAINER_STACK : block.container_class;
  return (
    <section
      data-block-type={block.block_type}
      className={`${breakpointClass(block.breakpoint)} ${layout}`.trim()}
      style={parseInlineStyle(block.container_style)}
    >
      <ShownOn.Provider value={shownOn}>
        <Renderer block={block} appHost={appHost} priority={priority} sizes={sizes} />
      </ShownOn.Provider>
    </section>
  );
}

/** A page's content blocks. Memoised: a page drawn again around them (the router's state changing) leaves them alone. */
export const ContentBlocks = memo(function ContentBlocks({
  blocks,
  appHost,
}: {
  blocks: ContentBlock[];
  appHost: string;
}) {
  const priority = priorityBlocks(blocks);
  return (
    <div className="flex flex-col gap-12 pb-16">
      {blocks.map((block, index) => (
        <Block key={block._id} block={block} appHost={appHost} priority={priority.has(index)} sizes={FULL_WIDTH} />
      ))}
    </div>
  );
});
