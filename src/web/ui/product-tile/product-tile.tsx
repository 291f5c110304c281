import { memo, startTransition, useEffect, useId, useMemo, useRef, useState, type UIEvent } from 'react';
import { Link } from 'react-router';
import { imageUrl } from '../../../shared/media-url.ts';
import { gallerySlideOf } from '../../../shared/product-images.ts';
import { MESSAGES } from '../../../shared/messages.ts';
import {
  displaySize,
  type ProductDocument,
  type ProductVariant,
  type Sku,
  type SwatchProduct,
} from '../../../shared/product.ts';
import type { ProductPageState } from '../../../shared/product-page.ts';
import { remainingNote } from '../../../shared/site-search.ts';
import { useShop } from '../../lib/use-shop.ts';
import { useProcessingAmong } from '../../lib/processing/processing.ts';
import { ProductPrice } from '../product-price.tsx';
import { ResponsiveImage } from '../responsive-image.tsx';
import { addToBagProcessingKey, useAddToBag } from '../../lib/cart/use-add-to-bag.ts';
import {
  currentVariant,
  fitSwatches,
  GRID_COLUMNS,
  initialTileProduct,
  selectedSizeColumns,
  sizeColumns,
  slideAt,
  tileImages,
  variantColumns,
  withVariant,
} from './tile-rules.ts';
import { useMediaQuery } from './use-media-query.ts';
import { useNearViewport } from './use-near-viewport.ts';
import { BadgeText } from '../badge-text.tsx';
import { SwatchChip } from '../swatch-chip.tsx';

const TILE_SIZES = '(min-width: 75rem) 25vw, (min-width: 40rem) 33vw, 50vw';
/** 25vw of a 1,920 px screen at 2x, 33vw of a tablet at 2x, or half a 430 px phone at 3x. */
const TILE_MAX_WIDTH = 1024;
/** Half a 320 px phone at 1x: no screen draws a tile narrower. */
const TILE_MIN_WIDTH = 160;
/** Quick add shows on hover where there is a mouse, and always on touch screens (spec 2.4). */
const HOVER_QUERY = '(hover: hover) and (pointer: fine)';
/** Below the md breakpoint (40rem) the tile's pictures are a swipe carousel. */
const SWIPE_QUERY = '(width < 40rem)';

/** What a tile hands the product page through history state, so it can render before its own data arrives. */
export type ProductLinkState = Required<ProductPageState> & { source: string };

export interface ProductTileProps {
  product: ProductDocument;
  priority?: boolean;
  /** The tile's pictures wait for the page's largest (ResponsiveImage's late): a grid below a hero. */
  late?: boolean;
  /** The event source the link hands the product page. */
  source?: string;
}

/**
 * A product in a grid (spec 2.4 and 4): swipe images on phones and the second image on hover on desktop, the
 * badge, price, low stock note, colour swatches and quick add. A sold-out product shows its first length in
 * stock; a length or a colour chosen here becomes what the tile shows. Memoised: a page drawn again around its
 * grid (the router's state changing) leaves sixty unchanged tiles alone, rather than committing every element
 * of each again in one task.
 */
export const ProductTile = memo(function ProductTile({
  product,
  priority = false,
  late = false,
  source = 'product-tiles',
}: ProductTileProps) {
  const [given, setGiven] = useState(product._id);
  const [shown, setShown] = useState(() => initialTileProduct(product));
  if (product._id !== given) {
    setGiven(product._id);
    setShown(initialTileProduct(product));
  }
  // The picture the carousel shows; the product page opens its gallery on the same picture.
  const [activeImage, setActiveImage] = useState<string | null>(null);
  const canHover = useMediaQuery(HOVER_QUERY);
  const picture = useRef<HTMLDivElement>(null);
  const near = useNearViewport(picture);
  // Where a mouse hovers, quick add moves over the picture: for the tiles near the screen, a few at a time.
  const overlayQuickAdd = canHover && near;
  const buyable = shown.is_in_stock && shown.skus.some((sku) => sku.qty > 0);
  const activeSlide = useMemo(() => gallerySlideOf(shown, activeImage), [shown, activeImage]);
  const linkState: ProductLinkState = { product: shown, activeSlide, source };
  const remaining = remainingNote(shown);
  const nameId = useId();
  // A garment that comes in several lengths names the one shown; its fit names the first length only.
  const details = shown.variants.length && shown.variant_name ? shown.variant_name : shown.fit;

  // The server draws the touch screen's quick add below the tile (hidden where a mouse hovers), so it is in
  // place from the first paint; where a mouse hovers, the browser then puts it over the picture instead.
  const quickAdd = buyable && (
    <QuickAdd
      product={shown}
      onChooseVariant={(variant) => setShown((current) => withVariant(current, variant))}
      overlay={overlayQuickAdd}
    />
  );

  return (
    <article className="group/tile relative flex h-full flex-col" aria-labelledby={nameId}>
      <div ref={picture} className="relative">
        <Link
          to={shown.url}
          state={linkState}
          prefetch="intent"
          tabIndex={-1}
          aria-hidden="true"
          className="block overflow-hidden rounded-sm bg-surface-muted"
        >
          <TileImages
            key={shown._id}
            product={shown}
            priority={priority}
            late={late}
            hover={canHover}
            near={near}
            onSlide={setActiveImage}
          />
        </Link>
        {overlayQuickAdd && quickAdd}
      </div>
      <div className="mt-3 flex flex-col gap-1 text-sm">
        {shown.badge_text && (
          <BadgeText
            as="p"
            badgeClass={shown.badge_class}
            className="flex items-center gap-1 text-xs font-bold uppercase tracking-wide"
          >
            {shown.badge_icon && (
              <img src={imageUrl(shown.badge_icon, 100)} alt="" className="size-3.5" width={14} height={14} />
            )}
            {shown.badge_text}
          </BadgeText>
        )}
        <h3 id={nameId} className="font-semibold leading-snug">
          <Link to={shown.url} state={linkState} prefetch="intent" className="hover:underline">
            {shown.name}
          </Link>
        </h3>
        {details && <p className="text-ink-muted">{details}</p>}
        <ProductPrice product={shown} />
        {remaining !== null && <p className="text-xs font-semibold text-sale">{MESSAGES.remaining(remaining)}</p>}
        <Swatches product={shown} linkState={linkState} onChoose={(next) => setShown(initialTileProduct(next))} />
      </div>
      {!overlayQuickAdd && quickAdd}
    </article>
  );
});

interface TileImagesProps {
  product: ProductDocument;
  priority: boolean;
  late: boolean;
  /** A mouse can hover: the second picture shows on hover. */
  hover: boolean;
  /** The tile is near the screen (useNearViewport): the pictures beyond the first are added then. */
  near: boolean;
  /** Told the picture the carousel moves to. */
  onSlide: (imageUrl: string | null) => void;
}

/**
 * The tile's pictures: a swipe carousel with dots on phones, the browser's own scrolling snapped to each
 * picture; on wider screens the first, and the second on hover. The server draws the first only: the others
 * need the browser's screen to be of any use, and sixty tiles of pictures nobody sees yet would make the page
 * slower to arrive. The browser adds them to the tiles near the screen only.
 */
function TileImages({ product, priority, late, hover, near, onSlide }: TileImagesProps) {
  const swipe = useMediaQuery(SWIPE_QUERY);
  const all = useMemo(() => tileImages(product), [product]);
  const images = useMemo(() => (swipe && near ? all : all.slice(0, 1)), [swipe, near, all]);
  const [selected, setSelected] = useState(0);

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const { scrollLeft, clientWidth } = event.currentTarget;
    const index = slideAt(scrollLeft, clientWidth, images.length);
    if (index === selected) return;
    setSelected(index);
    onSlide(images[index]?.url ?? null);
  };

  const second = all[1];
  return (
    <div className="relative aspect-[4/5]">
      {/* The pictures are the scroller's own items: sixty tiles to a page, every element less counts. */}
      <div
        onScroll={images.length > 1 ? onScroll : undefined}
        className={`flex h-full ${images.length > 1 ? 'snap-x snap-mandatory overflow-x-auto overscroll-x-contain [scrollbar-width:none]' : 'overflow-hidden'}`}
      >
        {images.map((image, index) => (
          <ResponsiveImage
            key={image.url}
            image={image}
            alt=""
            sizes={TILE_SIZES}
            maxWidth={TILE_MAX_WIDTH}
            minWidth={TILE_MIN_WIDTH}
            priority={priority && index === 0}
            late={late}
            className="h-full w-full min-w-0 flex-[0_0_100%] snap-start snap-always object-cover"
          />
        ))}
      </div>
      {hover && !swipe && near && second && (
        <ResponsiveImage
          image={second}
          alt=""
          sizes={TILE_SIZES}
          maxWidth={TILE_MAX_WIDTH}
          minWidth={TILE_MIN_WIDTH}
          late={late}
          className="absolute inset-0 h-full w-full object-cover opacity-0 transition-opacity duration-300 group-hover/tile:opacity-100"
        />
      )}
      {images.length > 1 && (
        <div aria-hidden="true" className="absolute inset-x-0 bottom-2 flex justify-center gap-1.5 md:hidden">
          {images.map((image, index) => (
            <span
              key={image.url}
              className={`size-1.5 rounded-full shadow-sm transition-colors ${index === selected ? 'bg-ink' : 'bg-surface/80'}`}
            />
          ))}
        </div>
      )}
    </div>
  );
}

interface QuickAddProps {
  product: ProductDocument;
  onChooseVariant: (variant: ProductVariant) => void;
  /** Over the image, shown while the tile is hovered or focused (mouse); else always, below the tile (touch). */
  overlay: boolean;
}

/** Quick add: the lengths to choose from, and one button per size that puts one in the bag. */
function QuickAdd({ product, onChooseVariant, overlay }: QuickAddProps) {
  const variant = currentVariant(product);
  const lengths = product.variants;
  const columns = lengths.length ? selectedSizeColumns(product.skus.length) : sizeColumns(product.skus.length);
  // One bag and one subscription for the tile's sizes, not one per button.
  const addToBag = useAddToBag();
  const keys = useMemo(() => product.skus.map((sku) => addToBagProcessingKey(sku.sku)), [product.skus]);
  const busy = useProcessingAmong(keys);
  return (
    <div
      role="group"
      aria-label={MESSAGES.quickAddFor(product.name)}
      className={
        overlay
          ? 'pointer-events-none absolute inset-x-2 bottom-2 flex translate-y-1 flex-col gap-2 rounded-sm bg-surface/95 p-2 text-ink opacity-0 shadow-lg backdrop-blur transition duration-200 group-hover/tile:pointer-events-auto group-hover/tile:translate-y-0 group-hover/tile:opacity-100 group-focus-within/tile:pointer-events-auto group-focus-within/tile:translate-y-0 group-focus-within/tile:opacity-100 motion-reduce:transition-none'
          : 'mt-auto flex flex-col gap-2 pt-3 mouse:hidden'
      }
    >
      <p className="text-center text-[0.6875rem] font-bold uppercase tracking-widest text-ink-muted">
        {MESSAGES.quickAdd}
      </p>
      {lengths.length > 1 && (
        <div
          role="group"
          aria-label={MESSAGES.chooseLength}
          className={`grid gap-1 ${GRID_COLUMNS[variantColumns(lengths.length)]}`}
        >
          {lengths.map((length) => (
            <button
              key={length._id}
              type="button"
              aria-pressed={length._id === product._id}
              disabled={!length.is_in_stock}
              onClick={() => onChooseVariant(length)}
              className="quick-add-length"
            >
              {length.variant_name}
            </button>
          ))}
        </div>
      )}
      <div className={`grid gap-1 ${GRID_COLUMNS[columns]}`}>
        {product.skus.map((sku) => (
          <SizeButton
            key={sku.sku}
            sku={sku}
            busy={busy.has(addToBagProcessingKey(sku.sku))}
            onAdd={() => addToBag(product, sku, { source: 'product-tiles', ...(variant ? { variant } : {}) })}
          />
        ))}
      </div>
    </div>
  );
}

/** A size's button: its label, or a spinner over the label's room while it is being added. */
function SizeButton({ sku, busy, onAdd }: { sku: Sku; busy: boolean; onAdd: () => void }) {
  const size = displaySize(sku);
  return (
    <button
      type="button"
      aria-label={MESSAGES.addSizeToBag(size)}
      aria-busy={busy}
      disabled={sku.qty <= 0}
      onClick={() => {
        if (!busy) onAdd();
      }}
      className="quick-add-size"
    >
      {busy ? (
        <>
          <span className="invisible">{size}</span>
          <span className="absolute inset-0 flex items-center justify-center" aria-hidden="true">
            <span className="size-3.5 animate-spin rounded-full border-2 border-current border-t-transparent motion-reduce:animate-none" />
          </span>
        </>
      ) : (
        size
      )}
    </button>
  );
}

interface SwatchesProps {
  product: ProductDocument;
  linkState: ProductLinkState;
  onChoose: (product: ProductDocument) => void;
}

/** The other colours of the style as chips: as many as fit the row, the rest as a '+N' link to the product. */
function Swatches({ product, linkState, onChoose }: SwatchesProps) {
  const { search } = useShop();
  const swatches = product.swatch_products.filter(
    (swatch): swatch is SwatchProduct & { color_image: NonNullable<SwatchProduct['color_image']> } =>
      swatch.color_image !== null,
  );
  const rowRef = useRef<HTMLDivElement>(null);
  const [fit, setFit] = useState(() => fitSwatches(swatches.length, 0, 0));
  const [loading, setLoading] = useState<string | null>(null);
  const total = swatches.length;

  // Measured when the row is first laid out (a ResizeObserver reports every observed box once) and whenever
  // its width changes. Sixty tiles measure at once after hydration: a row that still fits as it did keeps its
  // state, and the rest are drawn again as a transition, in slices, so the page keeps answering meanwhile.
  useEffect(() => {
    const row = rowRef.current;
    if (!row) return;
    const observer = new ResizeObserver(() => {
      const next = fitSwatches(total, row.clientWidth, parseFloat(getComputedStyle(row).fontSize));
      startTransition(() =>
        setFit((current) => (current.shown === next.shown && current.remainder === next.remainder ? current : next)),
      );
    });
    observer.observe(row);
    return () => observer.disconnect();
  }, [total]);

  if (total < 2) return null;

  const choose = async (swatch: SwatchProduct) => {
    if (swatch._id === product._id || loading) return;
    setLoading(swatch._id);
    try {
      // The search client is loaded on the first swatch chosen, so pages that only show tiles stay light.
      const [{ searchClient }, { productById }] = await Promise.all([
        import('../../lib/search/search-client.ts'),
        import('../../lib/search/catalogue-search-client.ts'),
      ]);
      const next = await productById(searchClient(search), swatch._id, Object.keys(product.facets));
      if (next) onChoose(next);
    } catch (error) {
      console.warn(`Could not load the colour ${swatch.name}`, error);
    } finally {
      setLoading(null);
    }
  };

  const shown = swatches.slice(0, fit.shown);
  return (
    <div
      ref={rowRef}
      role="group"
      aria-label={MESSAGES.colors}
      className="mt-1 flex items-center gap-[0.6em] text-base"
    >
      {shown.map((swatch) => (
        <button
          key={swatch._id}
          type="button"
          title={swatch.name}
          aria-label={swatch.name}
          aria-pressed={swatch._id === product._id}
          aria-busy={loading === swatch._id}
          onClick={() => void choose(swatch)}
          className="size-[2em] shrink-0 rounded-full border border-line p-[0.15em] transition-colors hover:border-ink aria-pressed:border-2 aria-pressed:border-ink aria-busy:animate-pulse"
        >
          <SwatchChip image={swatch.color_image} />
        </button>
      ))}
      {fit.remainder > 0 && (
        <Link
          to={product.url}
          state={linkState}
          aria-label={MESSAGES.moreColors(fit.remainder)}
          className="text-xs font-semibold text-ink-muted hover:text-ink hover:underline"
        >
          +{fit.remainder}
        </Link>
      )}
    </div>
  );
}
