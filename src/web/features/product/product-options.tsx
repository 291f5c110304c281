import { Link } from 'react-router';
import { SwatchChip } from '../../ui/swatch-chip.tsx';
import { MESSAGES } from '../../../shared/messages.ts';
import type { ProductDocument } from '../../../shared/product.ts';

const optionLink =
  'inline-flex min-h-11 items-center justify-center rounded-sm border px-4 text-sm font-semibold transition-colors hover:border-ink';

/** The lengths of the garment: each a link to that length's page, the shown one marked current. */
export function LengthOptions({ product }: { product: Pick<ProductDocument, '_id' | 'variants'> }) {
  if (product.variants.length < 2) return null;
  return (
    <nav aria-label={MESSAGES.length}>
      <p className="text-xs font-bold uppercase tracking-widest">{MESSAGES.length}</p>
      <ul className="mt-3 flex flex-wrap gap-2">
        {product.variants.map((variant) => {
          const current = variant._id === product._id;
          return (
            <li key={variant._id}>
              <Link
                to={variant.url}
                replace
                preventScrollReset
                aria-current={current ? 'page' : undefined}
                className={`${optionLink} ${current ? 'border-ink bg-accent text-accent-ink' : variant.is_in_stock ? 'border-line' : 'border-dashed border-line text-ink-muted'} ${variant.is_in_stock ? '' : 'line-through'}`}
              >
                {variant.variant_name}
                {!variant.is_in_stock && <span className="sr-only">, {MESSAGES.soldOut}</span>}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** The colourways of the style as round chips, each a link to that colour's page; the shown one is named. */
export function ColorOptions({ product }: { product: Pick<ProductDocument, '_id' | 'swatch_products'> }) {
  if (product.swatch_products.length < 2) return null;
  const current = product.swatch_products.find((swatch) => swatch._id === product._id);
  return (
    <nav aria-label={MESSAGES.color}>
      <p className="text-xs font-bold uppercase tracking-widest">
        {MESSAGES.color}
        {current && (
          <span className="ml-2 font-semibold normal-case tracking-normal text-ink-muted">{current.name}</span>
        )}
      </p>
      <ul className="mt-3 flex flex-wrap gap-2">
        {product.swatch_products.map((swatch) => {
          const isCurrent = swatch._id === product._id;
          return (
            <li key={swatch._id}>
              <Link
                to={swatch.url}
                replace
                preventScrollReset
                aria-label={swatch.name}
                title={swatch.name}
                aria-current={isCurrent ? 'page' : undefined}
                className={`block size-11 overflow-hidden rounded-full border-2 p-0.5 transition-colors hover:border-ink ${isCurrent ? 'border-ink' : 'border-transparent'}`}
              >
                {swatch.color_image ? (
                  <SwatchChip image={swatch.color_image} />
                ) : (
                  <span className="block size-full rounded-full bg-surface-muted" />
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
