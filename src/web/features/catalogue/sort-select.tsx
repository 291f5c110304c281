import { useId } from 'react';
import { parseSortParam, SHOP_SORTS, type ShopSort } from '../../../shared/catalogue-sort.ts';
import { MESSAGES } from '../../../shared/messages.ts';

interface SortSelectProps {
  value: ShopSort;
  onChange: (sort: ShopSort) => void;
  className?: string;
}

/** The shop's 'Sort by' choice: Featured, Newest, the two price orders and Best Sellers. */
export function SortSelect({ value, onChange, className = '' }: SortSelectProps) {
  const id = useId();
  return (
    <div className={`flex items-center gap-2 ${className}`}>
      {/* Named on every screen; shown from the small breakpoint, so on a phone the choice fits beside Filters. */}
      <label htmlFor={id} className="sr-only text-sm font-semibold sm:not-sr-only">
        {MESSAGES.sortBy}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(parseSortParam(event.target.value))}
        className="min-h-10 min-w-0 rounded-sm border border-line bg-surface px-2 text-sm font-semibold text-ink sm:px-3"
      >
        {SHOP_SORTS.map((sort) => (
          <option key={sort} value={sort}>
            {MESSAGES.shopSorts[sort]}
          </option>
        ))}
      </select>
    </div>
  );
}
