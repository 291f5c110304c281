import type { ImageRef } from '../../shared/product.ts';
import { MESSAGES } from '../../shared/messages.ts';
import { ResponsiveImage } from './responsive-image.tsx';

export interface SummaryLineProps {
  image: ImageRef | null;
  name: string;
  size: string;
  qty: number;
  /** What the line costs, as shown ('$36.00', 'Free'). */
  price: string;
}

/** A bag or order line in a summary: its picture, name, size and quantity, and what it costs. */
export function SummaryLine({ image, name, size, qty, price }: SummaryLineProps) {
  return (
    <li className="flex gap-3 py-3">
      <div className="aspect-[4/5] w-16 shrink-0 overflow-hidden bg-surface-muted">
        {image && (
          <ResponsiveImage image={image} alt="" sizes="4rem" maxWidth={160} className="h-full w-full object-cover" />
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col text-sm">
        <p className="font-semibold leading-snug">{name}</p>
        <p className="text-ink-muted">
          {MESSAGES.size} {size} · {MESSAGES.qty} {qty}
        </p>
      </div>
      <p className="shrink-0 text-sm font-semibold tabular-nums">{price}</p>
    </li>
  );
}
