import { memo } from 'react';
import { tagOf, type FacetTag, type FacetTreeNode } from '../../../shared/catalogue-search/catalogue-page.ts';
import { imageUrl } from '../../../shared/media-url.ts';
import { MESSAGES } from '../../../shared/messages.ts';
import { ChevronDownIcon, CloseIcon } from '../../ui/icons.tsx';
import { Button } from '../../ui/button.tsx';

interface FacetFiltersProps {
  /** The counted, visible facet tree: groups, their tags, children under parents. */
  groups: readonly FacetTreeNode[];
  selection: readonly string[];
  onToggle: (tag: string) => void;
  /** Keeps ids apart when the sidebar and the drawer are both on the page. */
  idPrefix: string;
}

/**
 * The shop filter sidebar of spec 2.4: each facet group a disclosure of checkboxes with their counts. Memoised:
 * a fifth of a shop page's elements, left alone when the page is drawn again with the same filters.
 */
export const FacetFilters = memo(function FacetFilters({ groups, selection, onToggle, idPrefix }: FacetFiltersProps) {
  return (
    <div className="flex flex-col">
      {groups.map((group, index) => {
        const chosen = selection.filter((tag) => tag.startsWith(`${group.tag.group}:`)).length;
        return (
          <details key={group.tag._id} open={index < 2 || chosen > 0} className="group/facet border-b border-line py-1">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-2 rounded-sm py-3 text-sm font-bold uppercase tracking-wide [&::-webkit-details-marker]:hidden">
              <span>
                {group.tag.display_name}
                {chosen > 0 && <span className="ml-1.5 font-semibold text-ink-muted">({chosen})</span>}
              </span>
              <ChevronDownIcon
                className="size-4 shrink-0 transition-transform group-open/facet:rotate-180 motion-reduce:transition-none"
                strokeWidth={2}
              />
            </summary>
            <ul className="flex flex-col gap-1 pb-3">
              {group.children.map((node) => (
                <FacetOption
                  key={node.tag._id}
                  node={node}
                  selection={selection}
                  onToggle={onToggle}
                  idPrefix={idPrefix}
                />
              ))}
            </ul>
          </details>
        );
      })}
    </div>
  );
});

function FacetOption({
  node,
  selection,
  onToggle,
  idPrefix,
}: { node: FacetTreeNode } & Omit<FacetFiltersProps, 'groups'>) {
  const key = tagOf(node.tag.group, node.tag.name);
  const id = `${idPrefix}-${node.tag._id}`;
  return (
    <li>
      <label
        htmlFor={id}
        className="flex min-h-9 cursor-pointer items-center gap-2.5 rounded-sm px-1 text-sm transition-colors hover:bg-surface-muted"
      >
        <input
          id={id}
          type="checkbox"
          checked={selection.includes(key)}
          onChange={() => onToggle(key)}
          className="size-4 shrink-0 cursor-pointer accent-[var(--ink)]"
        />
        {node.tag.icon_in_nav && (
          <img src={imageUrl(node.tag.icon_in_nav, 100)} alt="" width={16} height={16} className="size-4 dark:invert" />
        )}
        <span className="flex-1">{node.tag.display_name}</span>
        <span className="text-xs tabular-nums text-ink-muted">{node.count}</span>
      </label>
      {node.children.length > 0 && (
        <ul className="ml-6 flex flex-col gap-1 border-l border-line pl-2">
          {node.children.map((child) => (
            <FacetOption
              key={child.tag._id}
              node={child}
              selection={selection}
              onToggle={onToggle}
              idPrefix={idPrefix}
            />
          ))}
        </ul>
      )}
    </li>
  );
}

interface SelectedFiltersProps {
  selection: readonly string[];
  tags: ReadonlyMap<string, FacetTag>;
  onToggle: (tag: string) => void;
  onReset: () => void;
}

/** The selected tags as chips that remove themselves, and a reset that clears them all. */
export function SelectedFilters({ selection, tags, onToggle, onReset }: SelectedFiltersProps) {
  if (!selection.length) return null;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
      <ul aria-label={MESSAGES.selectedFilters} className="flex flex-wrap gap-2">
        {selection.map((tag) => {
          const name = tags.get(tag)?.display_name ?? tag.slice(tag.indexOf(':') + 1);
          return (
            <li key={tag}>
              <button
                type="button"
                onClick={() => onToggle(tag)}
                aria-label={MESSAGES.removeFilter(name)}
                className="inline-flex min-h-8 items-center gap-1.5 rounded-full border border-ink bg-ink px-3 text-xs font-semibold text-page transition-opacity hover:opacity-85"
              >
                {name}
                <CloseIcon className="size-3" strokeWidth={2.5} />
              </button>
            </li>
          );
        })}
      </ul>
      <Button variant="plain" size="sm" onClick={onReset} className="min-h-8 px-2">
        {MESSAGES.resetFilters}
      </Button>
    </div>
  );
}
