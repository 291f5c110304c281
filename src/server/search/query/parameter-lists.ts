/**
 * The list syntaxes inside search parameters' values: sort_by's clauses, facet_by's entries and pinned_hits'
 * pairs, read as Typesense reads them.
 */
import { badRequest } from '../errors.ts';

export interface SortClause {
  name: string;
  order: string;
}

/** Splits `a:asc,b(missing_values: first):desc` as CollectionManager::parse_sort_by_str does; null when malformed. */
export function parseSortBy(sortBy: string): SortClause[] | null {
  const clauses: SortClause[] = [];
  let expression = '';
  let previousNonSpace = 'a';
  let depth = 0;
  for (let index = 0; index < sortBy.length; index++) {
    const char = sortBy.charAt(index);
    const isLast = index === sortBy.length - 1;
    if (isLast || (char === ',' && !/\d/.test(previousNonSpace) && depth === 0)) {
      if (isLast) expression += char;
      const colon = expression.lastIndexOf(':');
      if (colon < 0 || colon + 1 === expression.length) return null;
      clauses.push({
        name: expression.slice(0, colon).trim(),
        order: expression
          .slice(colon + 1)
          .trim()
          .toUpperCase(),
      });
      expression = '';
      while (index + 1 < sortBy.length && sortBy.charAt(index + 1) === ' ') index++;
    } else {
      if (char === '(') depth++;
      else if (char === ')') depth--;
      expression += char;
    }
    if (char !== ' ') previousNonSpace = char;
  }
  return clauses;
}

/** Splits facet_by on commas outside parentheses, as StringUtils::split_facet does. */
export function splitFacetBy(value: string): string[] {
  const parts: string[] = [];
  let start = 0;
  let depth = 0;
  // Slices rather than characters appended one by one: facet_by may be a long list of repeated names.
  for (let index = 0; index <= value.length; index++) {
    const char = value.charAt(index);
    if (char === '(') depth++;
    else if (char === ')') depth--;
    else if (index === value.length || (char === ',' && depth === 0)) {
      const part = value.slice(start, index).trim();
      if (part !== '') parts.push(part);
      start = index + 1;
    }
  }
  return parts;
}

/** pinned_hits: `id:position` pairs separated by commas. */
export function parsePinnedHits(value: string): { id: string; position: number }[] {
  if (value.trim() === '') return [];
  return value.split(',').map((pair) => {
    const colon = pair.lastIndexOf(':');
    const position = Number(pair.slice(colon + 1).trim());
    if (colon < 1 || !Number.isInteger(position) || position < 1) {
      throw badRequest('Pinned hits are not in expected format.');
    }
    return { id: pair.slice(0, colon).trim(), position };
  });
}
