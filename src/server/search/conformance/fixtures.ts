/**
 * Collections from Typesense's own server tests (test/*.jsonl and inline documents), loaded without ids so the
 * engine numbers them 0, 1, 2... as Typesense does.
 */
import type { JsonObject } from '../index/schema.ts';

export interface Fixture {
  schema: JsonObject;
  documents: JsonObject[];
  /** Stemming dictionaries imported before the documents, which are stemmed as they are indexed. */
  dictionaries?: { id: string; words: { word: string; root: string }[] }[];
}

const jeremy = (age: number, years: number[], timestamps: number[], tags: string[]): JsonObject => ({
  name: 'Jeremy Howard',
  name_facet: 'Jeremy Howard',
  age,
  years,
  timestamps,
  tags,
});

const movie = (title: string, starring: string, cast: string[], points: number): JsonObject => ({
  cast,
  points,
  starring,
  title,
});

export const FIXTURES = {
  /** test/numeric_array_documents.jsonl, with the `FINE PLATINUM` tags that collection_filtering_test.cpp expects. */
  numericArrays: {
    schema: {
      name: 'numeric_arrays',
      fields: [
        { name: 'name', type: 'string' },
        { name: 'name_facet', type: 'string', facet: true },
        { name: 'age', type: 'int32', facet: true },
        { name: 'years', type: 'int32[]', facet: true },
        { name: 'timestamps', type: 'int64[]', facet: true },
        { name: 'tags', type: 'string[]', facet: true },
        { name: 'optional_facet', type: 'string', facet: true, optional: true },
      ],
      default_sorting_field: 'age',
    },
    documents: [
      jeremy(24, [2014, 2015, 2016], [1390354022, 1421890022, 1453426022], ['gold', 'silver']),
      jeremy(44, [2015, 2016], [1421890022, 1453426022], ['FINE PLATINUM']),
      jeremy(21, [2016], [1453426022], ['bronze', 'gold']),
      jeremy(63, [1981, 1985], [348974822, 475205222], ['silver']),
      jeremy(32, [1999, 2000, 2001, 2002], [916968422, 948504422, 980126822, 1011662822], ['silver', 'gold', 'bronze']),
    ],
  },
  /** test/multi_field_documents.jsonl */
  movies: {
    schema: {
      name: 'movies',
      fields: [
        { name: 'title', type: 'string' },
        { name: 'starring', type: 'string', facet: true },
        { name: 'cast', type: 'string[]', facet: true },
        { name: 'points', type: 'int32' },
      ],
      default_sorting_field: 'points',
    },
    documents: [
      movie('Wake Up, Ron Burgundy: The Lost Movie', 'Will Ferrell', ['Adam McKay', 'Steve Carell', 'Paul Rudd'], 62),
      movie('Anchorman 2: The Legend Continues', 'Will Ferrell', ['Josh Lawson', 'Chris Parnell'], 63),
      movie('There Will Be Blood', 'Daniel Day-Lewis', ['Martin Stringer', 'Jacob Stringer', 'Harrison Taylor'], 81),
      movie('Good Will Hunting', 'Robin Williams', ['Matt Damon', 'Ben Affleck', 'Minnie Driver'], 83),
      movie('The Adventures of Huck Finn', 'Ron Perlman', ['Elijah Wood', 'Courtney B. Vance', 'Robbie Coltrane'], 58),
      movie('Percy Jackson: Sea of Monsters', 'Ron Perlman', ['Logan Lerman', 'Alexandra Daddario'], 59),
      movie('Captain America: The Winter Soldier', 'Samuel L. Jackson', ['Chris Evans', 'Scarlett Johansson'], 78),
      movie('Quantum Quest: A Cassini Space Odyssey', 'Samuel L. Jackson', ['Chris Pine'], 52),
      movie('Scott Pilgrim vs. the World', 'Michael Cera', ['Chris Evans', 'Scarlett Johansson'], 75),
      movie('Homeland Security', 'Scott Glenn', ['Tom Skerritt'], 43),
      movie('The Paperboy', 'Scott Glenn', ['Zac Efron', 'Matthew McConaughey'], 58),
      movie('The Silence of the Lambs', 'Scott Glenn', ['Jodie Foster'], 86),
      movie('Confessions of a Shopaholic', 'Kristin Scott Thomas', ['Isla Fisher', 'Hugh Dancy'], 59),
      movie('The Woman in the Fifth from Kristin', 'Kristin Scott Thomas', ['Ethan Hawke'], 53),
      movie('Odd Thomas', 'Matthew Page', ['Anton Yelchin', 'Ashley Sommers'], 69),
      movie("Suffering Man's Charity", 'Henry Thomas', ['Alan Cumming', 'Alison Guh', 'David Boreanaz'], 69),
      movie('The Gospel According to St. Matthew', 'Paola Tedesco', ['Enrique Irazoqui', 'Margherita Caruso'], 79),
      movie('Halloween 5: The Revenge of Michael Myers', 'Donald Myers', ['Danielle Harris', 'Ellie Cornell'], 52),
    ],
  },
  /** FilterOnTextFields, second half. */
  titles: {
    schema: {
      name: 'titles',
      fields: [
        { name: 'title', type: 'string' },
        { name: 'titles', type: 'string[]' },
      ],
    },
    documents: [
      { title: 'foo bar baz', titles: [] },
      { title: 'foo bar baz', titles: ['foo bar baz'] },
      { title: 'foo bar baz', titles: ['bar foo baz', 'foo bar baz'] },
      { title: 'bar foo baz', titles: ['bar foo baz'] },
    ],
  },
  /** FilterByExactPhraseMatch */
  phrases: {
    schema: { name: 'phrases', fields: [{ name: 'text', type: 'string' }] },
    documents: [
      { id: '1', text: 'Lewis Hamilton has won multiple Formula One World Championships.' },
      {
        id: '2',
        text: 'The scientist created a new formula, and this was just one of many groundbreaking discoveries in the lab.',
      },
      { id: '3', text: 'Formula One is a popular sport.' },
    ],
  },
  /** FilterByNegatedExactPhraseMatch */
  negatedPhrases: {
    schema: { name: 'negated_phrases', fields: [{ name: 'text', type: 'string' }] },
    documents: [
      { id: '1', text: 'this is a test' },
      { id: '2', text: 'this is not a test' },
      { id: '3', text: 'another test case' },
    ],
  },
  /** FilterByExactPhraseMatchInArray */
  phraseArrays: {
    schema: { name: 'phrase_arrays', fields: [{ name: 'tags', type: 'string[]', facet: true }] },
    documents: [
      { id: '1', tags: ['new york', 'travel'] },
      { id: '2', tags: ['new', 'york', 'travel'] },
      { id: '3', tags: ['paris', 'travel'] },
      { id: '4', tags: ['new york', 'paris'] },
    ],
  },
  /** LazyEvaluationOfFilterBy */
  lazy: {
    schema: { name: 'lazy', fields: [{ name: 'field', type: 'string' }] },
    documents: ['foo', 'foo bar baz', 'foo bar', 'bar', 'foo bar baz', 'baz', 'foo baz bar', 'foo bar baz'].map(
      (field, index) => ({
        id: String(index + 1),
        field,
      }),
    ),
  },
  /** collection_sorting_test.cpp: optional integers, one missing. */
  missingPoints: {
    schema: {
      name: 'missing_points',
      fields: [
        { name: 'points', type: 'int32', optional: true },
        { name: 'points2', type: 'int32' },
        { name: 'points3', type: 'int32' },
      ],
    },
    documents: [0, 1, null, 3].map((points) => ({ points, points2: 100, points3: 100 })),
  },
  /** SortByStringEmptyValuesConfigFirstField */
  sortTitles: {
    schema: {
      name: 'sort_titles',
      fields: [
        { name: 'title', type: 'string', sort: true },
        { name: 'points1', type: 'int32' },
        { name: 'points2', type: 'int32' },
      ],
      default_sorting_field: 'points1',
    },
    documents: ['alpha', 'beta', '', 'gamma'].map((title) => ({ title, points1: 100, points2: 100 })),
  },
  /** collection_specific_test.cpp PhraseSearch */
  phraseTitles: {
    schema: {
      name: 'phrase_titles',
      fields: [
        { name: 'title', type: 'string', optional: true },
        { name: 'points', type: 'int32', optional: true },
      ],
    },
    documents: ['Then and there by the down', 'Down There by the Train', 'The State Trooper'].map((title, points) => ({
      id: String(points),
      title,
      points,
    })),
  },
  /** collection_specific_test.cpp NegationOfTokens */
  negation: {
    schema: { name: 'negation', fields: [{ name: 'title', type: 'string' }] },
    documents: [
      'Samsung Galaxy Buds 2 White',
      'Samsung Galaxy Note20 Ultra Cover EF-ZN985CAEGEE, Bronze',
      'Samsung Galaxy S21+ cover EF-NG996PJEGEE, bijeli',
      'Samsung Galaxy S21+ Kožna maska EF-VG996LBEGWW, crna',
    ].map((title, index) => ({ id: String(index), title })),
  },
  /** collection_specific_test.cpp DropTokensTillOneToken */
  dropTokens: {
    schema: {
      name: 'drop_tokens',
      fields: [
        { name: 'title', type: 'string' },
        { name: 'description', type: 'string' },
      ],
    },
    documents: [
      { id: '0', title: 'Harry', description: 'Malcolm Roscow' },
      { id: '1', title: 'Malcolm', description: 'Something 2' },
      { id: '2', title: 'Roscow', description: 'Something 3' },
    ],
  },
  /** collection_specific_test.cpp TypoBeforeDropTokens */
  typoBeforeDrop: {
    schema: {
      name: 'typo_before_drop',
      fields: [
        { name: 'title', type: 'string' },
        { name: 'points', type: 'int32' },
      ],
      default_sorting_field: 'points',
    },
    documents: [
      { id: '0', title: 'Josh Wexler', points: 500 },
      { id: '1', title: 'Josh Lipson', points: 100 },
    ],
  },
  /** collection_synonyms_test.cpp ExactMatchRankedSameAsSynonymMatch */
  laughing: {
    schema: {
      name: 'laughing',
      fields: [
        { name: 'title', type: 'string' },
        { name: 'description', type: 'string' },
        { name: 'points', type: 'int32' },
      ],
      default_sorting_field: 'points',
    },
    documents: [
      ['Laughing out Loud', 'Description 1', 100],
      ['Stop Laughing', 'Description 2', 120],
      ['LOL sure', 'Laughing out loud sure', 200],
      ['Really ROFL now', 'Description 3', 250],
    ].map(([title, description, points], index) => ({ id: String(index), title, description, points })) as JsonObject[],
  },
  /** collection_synonyms_test.cpp SynonymsTextMatchSameAsRootQuery */
  officers: {
    schema: {
      name: 'officers',
      fields: [
        { name: 'name', type: 'string' },
        { name: 'title', type: 'string' },
        { name: 'points', type: 'int32' },
      ],
      default_sorting_field: 'points',
    },
    documents: [
      { id: '0', name: 'Dan Fisher', title: 'Chief Executive Officer', points: 10 },
      { id: '1', name: 'Jack Sparrow', title: 'CEO', points: 20 },
    ],
  },
  /** collection_synonyms_test.cpp SynonymQueryVariantWithDropTokens */
  locations: {
    schema: {
      name: 'locations',
      fields: [
        { name: 'category', type: 'string[]' },
        { name: 'location', type: 'string' },
        { name: 'points', type: 'int32' },
      ],
      default_sorting_field: 'points',
    },
    documents: [
      { id: '0', category: ['sneakers', 'jewellery'], location: 'united states', points: 10 },
      { id: '1', category: ['gloves', 'wallets'], location: 'united states', points: 20 },
      { id: '2', category: ['sneakers', 'jewellery'], location: 'england', points: 30 },
    ],
  },
  /** test/group_documents.jsonl, as collection_grouping_test.cpp indexes it. */
  groups: {
    schema: {
      name: 'groups',
      fields: [
        { name: 'title', type: 'string' },
        { name: 'brand', type: 'string', facet: true, optional: true },
        { name: 'size', type: 'int32', facet: true },
        { name: 'colors', type: 'string[]', facet: true },
        { name: 'rating', type: 'float', facet: true },
      ],
      default_sorting_field: 'rating',
    },
    documents: [
      ['Omega Casual Poplin Shirt', 'Omega', 10, ['white', 'blue'], 4.5],
      ['Omega Casual Poplin Shirt', 'Omega', 11, ['white', 'blue'], 4.3],
      ['Omega Casual Poplin Shirt', 'Omega', 12, ['white', 'blue'], 4.6],
      ['Omega Casual Poplin Shirt', 'Omega', 10, ['blue'], 4.6],
      ['Beta Casual Poplin Shirt', 'Beta', 10, ['white', 'blue'], 4.8],
      ['Beta Casual Poplin Shirt', 'Beta', 11, ['blue'], 4.8],
      ['Beta Casual Poplin Shirt', 'Beta', 12, ['white', 'blue'], 4.3],
      ['Xorp Casual Shirt', 'Xorp', 10, ['white', 'blue'], 4.3],
      ['Xorp Casual Shirt', 'Xorp', 12, ['white', 'red'], 4.4],
      ['Zeta Casual Shirt', 'Zeta', 10, ['white', 'blue'], 4.1],
      ['White Casual Shirt', null, 10, ['white'], 4.3],
      ['White Casual Shirt', null, 10, ['white'], 3.3],
    ].map(([title, brand, size, colors, rating]) =>
      brand === null ? { title, size, colors, rating } : { title, brand, size, colors, rating },
    ) as JsonObject[],
  },
  /** collection_specific_more_test.cpp StemmingEnglish, TestStemming2, EnsureNoDoubleStemming */
  stemmed: {
    schema: { name: 'stemmed', fields: [{ name: 'word', type: 'string', stem: true }] },
    documents: [
      'Walk',
      'Walks',
      'Walked',
      'Walking',
      'Walkings',
      'Walker',
      'Walkers',
      'Running runs',
      'oringer foobar',
      'ori foobar',
    ].map((word, index) => ({ id: String(index), word })),
  },
  /** collection_specific_more_test.cpp StemmingDictionary: a field that stems by a dictionary, and one that does not stem. */
  dictionaryStemmed: {
    schema: { name: 'titles_stemmed', fields: [{ name: 'title', type: 'string', stem_dictionary: 'set1' }] },
    dictionaries: [{ id: 'set1', words: [{ word: 'people', root: 'person' }] }],
    documents: [
      { id: '0', title: 'people of america' },
      { id: '1', title: 'Running shoes' },
    ],
  },
  notStemmed: {
    schema: { name: 'titles_no_stem', fields: [{ name: 'title', type: 'string' }] },
    documents: [{ id: '0', title: 'people of america' }],
  },
  /** collection_override_test.cpp ReplaceQuery and ReplaceWildcardQueryWithKeyword. */
  shoes: {
    schema: {
      name: 'shoes',
      fields: [
        { name: 'name', type: 'string' },
        { name: 'points', type: 'int32' },
      ],
      default_sorting_field: 'points',
    },
    documents: [
      { id: '0', name: 'Amazing Shoes', points: 30 },
      { id: '1', name: 'Fast Shoes', points: 50 },
      { id: '2', name: 'Comfortable Socks', points: 1 },
    ],
  },
  /** collection_override_test.cpp StaticSorting. */
  pricedShoes: {
    schema: {
      name: 'priced_shoes',
      fields: [
        { name: 'name', type: 'string' },
        { name: 'price', type: 'float', facet: true },
        { name: 'points', type: 'int32' },
      ],
      default_sorting_field: 'points',
    },
    documents: [
      { id: '0', name: 'Amazing Shoes', price: 399.99, points: 3 },
      { id: '1', name: 'Track Shoes', price: 49.99, points: 5 },
    ],
  },
  /** A string field with sort: true as the default sorting field (field::is_sortable). */
  sortedByName: {
    schema: {
      name: 'sorted_by_name',
      fields: [
        { name: 'name', type: 'string', sort: true },
        { name: 'attr_color', type: 'string', facet: true },
        { name: 'attr_size', type: 'string', facet: true },
      ],
      default_sorting_field: 'name',
    },
    documents: [
      { id: '0', name: 'Beanie', attr_color: 'Black', attr_size: 'One Size' },
      { id: '1', name: 'Anorak', attr_color: 'Navy', attr_size: 'M' },
      { id: '2', name: 'Cap', attr_color: 'Black', attr_size: 'One Size' },
    ],
  },
} satisfies Record<string, Fixture>;

export type FixtureName = keyof typeof FIXTURES;
