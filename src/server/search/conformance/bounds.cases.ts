import { SEARCH_CAPS } from '../bounds/search-caps.ts';
import type { ConformanceCase } from './case.ts';

/**
 * The bounds on what one search may ask for (docs/decisions/017-search-bounds.md). Typesense's own are kept with
 * its words; where it has none, the cap is ours and the case says so. Both refuse with 400 and `{message}`.
 */
export const BOUNDS_CASES: ConformanceCase[] = [
  {
    name: "a GET search's query string past 4,000 characters",
    source: 'src/http_server.cpp HttpServer::catch_all_handler',
    fixture: 'movies',
    params: { q: 'x'.repeat(4000), query_by: 'title' },
    expect: {
      status: 400,
      message: 'Query string exceeds max allowed length of 4000. Use the /multi_search end-point for larger payloads.',
    },
  },
  {
    name: 'group_limit past 99',
    source: 'src/collection.cpp Collection::search (Config::get_max_group_limit)',
    fixture: 'movies',
    params: { q: '*', group_by: 'points', group_limit: 100 },
    expect: { status: 400, message: 'Value of `group_limit` must be between 1 and 99.' },
  },
  {
    name: 'a highlight tag past its cap',
    source: 'none: Typesense bounds no highlight tag',
    fixture: 'movies',
    params: { q: 'the', query_by: 'title', highlight_start_tag: 'x'.repeat(SEARCH_CAPS.highlightTagChars + 1) },
    expect: {
      status: 400,
      message: `Parameter \`highlight_start_tag\` must be at most ${SEARCH_CAPS.highlightTagChars} characters long.`,
    },
    note:
      'Typesense puts both tags around every highlighted word of every hit, whatever their length: 80 kB tags made a 123 MB answer here. ' +
      `Ours are capped at ${SEARCH_CAPS.highlightTagChars} characters; any other parameter at ${SEARCH_CAPS.valueChars} ` +
      `(the most a GET search can carry) but filter_by at ${SEARCH_CAPS.filterChars}, and an answer at ` +
      `${SEARCH_CAPS.responseChars} characters of JSON (a multi_search's answers at ${SEARCH_CAPS.multiSearchResponseChars} together), past which it is 422.`,
  },
];
