import { useId, useRef, useState } from 'react';
import { MESSAGES } from '../../../shared/messages.ts';
import { initialSku, quantityChoices, sizeOptions } from '../../../shared/product-page.ts';
import type { ProductDocument, Sku } from '../../../shared/product.ts';
import { addToBagProcessingKey, useAddToBag } from '../../lib/cart/use-add-to-bag.ts';
import { useProcessing } from '../../lib/processing/processing.ts';
import { useDrawer } from '../../lib/navigation/use-drawer.ts';
import { Button } from '../../ui/button.tsx';

interface ProductPurchaseProps {
  product: ProductDocument;
  /** The sku the shopper has chosen, held by the page so the gallery can follow the size. */
  chosen: Sku | null;
  onChoose: (sku: Sku) => void;
}

/** The chosen size's sku at the start: the only size, when there is just one in stock. */
export function useChosenSku(product: ProductDocument): [Sku | null, (sku: Sku) => void] {
  const [chosenSku, setChosenSku] = useState<string | null>(() => initialSku(product));
  const chosen = product.skus.find((sku) => sku.sku === chosenSku) ?? null;
  return [chosen, (sku: Sku) => setChosenSku(sku.sku)];
}

/**
 * Sizes as a radio group (stock per size, sold-out sizes disabled, 'only N left' under 10), the size guide
 * button, the quantity (up to what one bag may hold of the size) and Add to Bag.
 */
export function ProductPurchase({ product, chosen, onChoose }: ProductPurchaseProps) {
  const addToBag = useAddToBag();
  const { open } = useDrawer();
  const options = sizeOptions(product);
  const [quantity, setQuantity] = useState(1);
  const [askForSize, setAskForSize] = useState(false);
  const sizesRef = useRef<HTMLDivElement>(null);
  const adding = useProcessing(addToBagProcessingKey(chosen?.sku ?? ''));
  const quantities = quantityChoices(product, chosen);
  const shownQuantity = Math.min(quantity, quantities.length);
  const chosenOption = options.find((option) => option.sku.sku === chosen?.sku);
  const sizeChartName = product.size_chart_name;
  const hintId = useId();
  const sizeLabelId = useId();
  const quantityId = useId();

  const add = () => {
    if (!chosen) {
      setAskForSize(true);
      sizesRef.current?.querySelector<HTMLInputElement>('input:not(:disabled)')?.focus();
      return;
    }
    addToBag(product, chosen, { qty: shownQuantity, source: 'product-page' });
  };

  return (
    <div className="flex flex-col gap-6">
      <div>
        <div className="flex items-baseline justify-between gap-4">
          <p id={sizeLabelId} className="text-xs font-bold uppercase tracking-widest">
            {MESSAGES.size}
            {chosenOption && (
              <span className="ml-2 font-semibold normal-case tracking-normal text-ink-muted">
                {chosenOption.label}
              </span>
            )}
          </p>
          {sizeChartName && (
            <Button variant="plain" size="sm" onClick={() => open({ drawer: 'size-guide', name: sizeChartName })}>
              {MESSAGES.sizeGuide}
            </Button>
          )}
        </div>
        <div
          ref={sizesRef}
          role="radiogroup"
          aria-labelledby={sizeLabelId}
          aria-describedby={askForSize && !chosen ? hintId : undefined}
          className="mt-3 grid grid-cols-4 gap-2 lg:grid-cols-5"
        >
          {options.map((option) => (
            <label
              key={option.sku.sku}
              className="group relative flex min-h-12 cursor-pointer flex-col items-center justify-center rounded-sm border border-line px-1 py-2 text-center text-sm font-semibold transition-colors hover:border-ink has-checked:border-ink has-checked:bg-accent has-checked:text-accent-ink has-disabled:cursor-not-allowed has-disabled:border-dashed has-disabled:text-ink-muted has-disabled:hover:border-line has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ink"
            >
              <input
                type="radio"
                name={`size-${product._id}`}
                value={option.sku.sku}
                checked={chosen?.sku === option.sku.sku}
                disabled={!option.available}
                onChange={() => {
                  onChoose(option.sku);
                  setAskForSize(false);
                }}
                className="absolute inset-0 size-full cursor-pointer appearance-none opacity-0 disabled:cursor-not-allowed"
              />
              <span className={option.available ? '' : 'line-through'}>{option.label}</span>
              {!option.available && <span className="sr-only">{MESSAGES.soldOut}</span>}
              {option.onlyLeft !== null && (
                <span className="mt-0.5 text-[0.6875rem] font-medium leading-none text-sale group-has-checked:text-accent-ink">
                  {MESSAGES.onlyLeft(option.onlyLeft)}
                </span>
              )}
            </label>
          ))}
        </div>
        <p id={hintId} aria-live="polite" className="mt-2 text-sm font-semibold text-danger empty:mt-0">
          {askForSize && !chosen ? MESSAGES.selectSize : ''}
        </p>
      </div>

      {product.is_in_stock ? (
        <div className="flex gap-3">
          <label htmlFor={quantityId} className="sr-only">
            {MESSAGES.quantity}
          </label>
          <select
            id={quantityId}
            value={shownQuantity}
            onChange={(event) => setQuantity(Number(event.target.value))}
            className="h-13 w-20 shrink-0 rounded-sm border border-line bg-surface px-3 text-base font-semibold"
          >
            {quantities.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
          {/* The sku's processing state shows as busy; a second tap still adds, up to the bag's limits. */}
          <Button
            variant="primary"
            onClick={add}
            aria-busy={adding}
            className="h-13 flex-1 rounded-sm px-6 aria-busy:opacity-70"
          >
            {MESSAGES.addToBag}
          </Button>
        </div>
      ) : (
        <button
          type="button"
          disabled
          className="h-13 w-full rounded-sm bg-surface-muted px-6 text-sm font-bold uppercase tracking-widest text-ink-muted"
        >
          {MESSAGES.soldOut}
        </button>
      )}
    </div>
  );
}
