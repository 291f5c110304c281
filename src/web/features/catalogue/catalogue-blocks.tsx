import { useEffect, useRef, type ReactNode } from 'react';
import { useIsDocumentView } from '../../lib/navigation/document-moves.ts';
import type { CatalogueBlock } from '../../../shared/catalogue-search/catalogue-page.ts';
import type { BlockPaging } from '../../../shared/catalogue-search/results.ts';
import { MESSAGES } from '../../../shared/messages.ts';
import type { ProductDocument } from '../../../shared/product.ts';
import type { Impression } from './impression-queue.ts';
import { ProductTile } from '../../ui/product-tile/product-tile.tsx';
import { Button } from '../../ui/button.tsx';
import { HydrateInPieces, TILES_PER_PIECE } from '../../ui/hydrate-in-pieces.tsx';

type Watch = (element: Element, impression: Impression) => () => void;

interface CatalogueBlocksProps {
  /** The page's blocks, for their names and types. */
  blocks: readonly CatalogueBlock[];
  paging: ReadonlyArray<BlockPaging<ProductDocument>>;
  loadingMore: string | null;
  onLoadMore: (slug: string) => void;
  watch: Watch;
  /** Shown above the first products of the faceted block (a link back to earlier pages). */
  before?: ReactNode;
}

/** The product grids of a catalogue page, one per listed block, each with its Load More until it is closed. */
export function CatalogueBlocks({ blocks, paging, loadingMore, onLoadMore, watch, before }: CatalogueBlocksProps) {
  // Only the tiles the document brought skip their drawing; a move to other products draws them in full.
  const drawnWithDocument = useIsDocumentView();
  return (
    <div className="flex flex-col gap-14">
      {paging.map((block, blockIndex) => {
        const meta = blocks.find((candidate) => candidate.slug === block.slug);
        if (!block.products.length) return null;
        const curated = meta?.block_type === 'Curated Product';
        const headingId = `block-${block.slug}`;
        return (
          <section
            key={block.slug}
            aria-labelledby={curated ? headingId : undefined}
            aria-label={curated ? undefined : meta?.name}
          >
            {curated && (
              <h2 id={headingId} className="mb-5 font-display text-xl font-black uppercase tracking-tight md:text-2xl">
                {meta.name}
              </h2>
            )}
            {!curated && before}
            <ul
              className={`grid grid-cols-2 gap-x-3 gap-y-10 md:grid-cols-3 md:gap-x-5 lg:grid-cols-4 ${drawnWithDocument ? 'defer-offscreen-tiles' : ''}`}
            >
              <HydrateInPieces
                per={TILES_PER_PIECE}
                items={block.products.map((product, index) => (
                  <ImpressionItem
                    key={product._id}
                    watch={watch}
                    impression={{
                      item_id: product._id,
                      item_name: product.name,
                      index: product.position,
                      price: product.sale_price ?? product.price,
                    }}
                  >
                    <ProductTile product={product} priority={blockIndex === 0 && index === 0} />
                  </ImpressionItem>
                ))}
              />
            </ul>
            {!block.closed && (
              <div className="mt-10 flex flex-col items-center gap-3">
                <p className="text-sm text-ink-muted">{MESSAGES.showingOf(block.products.length, block.found)}</p>
                <Button
                  variant="outline"
                  onClick={() => onLoadMore(block.slug)}
                  disabled={loadingMore !== null}
                  pending={loadingMore === block.slug}
                  className="min-h-11 min-w-48 px-8"
                >
                  {MESSAGES.loadMore}
                </Button>
              </div>
            )}
          </section>
        );
      })}
    </div>
  );
}

/** A grid cell that reports its product's impression while it is on the page. */
function ImpressionItem({
  watch,
  impression,
  children,
}: {
  watch: Watch;
  impression: Impression;
  children: ReactNode;
}) {
  const ref = useRef<HTMLLIElement>(null);
  const { item_id, item_name, index, price } = impression;
  useEffect(() => {
    if (!ref.current) return;
    return watch(ref.current, { item_id, item_name, index, price });
  }, [watch, item_id, item_name, index, price]);
  return <li ref={ref}>{children}</li>;
}
