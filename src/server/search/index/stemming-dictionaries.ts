/**
 * Typesense's stemming dictionaries (v28+, StemmerManager): named lists of words and their roots, imported as
 * JSON lines. A field with `stem_dictionary` stems by its dictionary alone, not by Porter2: a word the
 * dictionary has becomes its root, any other word stays as it is. The dictionary is read when a word is
 * stemmed, so a document keeps the stems it was indexed with and a change reaches documents written after it.
 */
import { badRequest } from '../errors.ts';
import { isJsonObject } from './schema.ts';
import { stemWord } from './stemmer.ts';

export type Stemmer = (word: string) => string;

export interface StemmingDictionaryWord {
  word: string;
  root: string;
}

const parseLine = (line: string): unknown => {
  try {
    return JSON.parse(line) as unknown;
  } catch {
    throw badRequest('Invalid dictionary format.');
  }
};

export class StemmingDictionaries {
  private readonly dictionaries = new Map<string, Map<string, string>>();

  /**
   * Adds JSON lines of {"word", "root"} to the dictionary `id`, making it if needed; a word it already has
   * keeps its root (StemmerManager::upsert_stemming_dictionary). Lines are checked before any is added.
   */
  import(id: string, lines: readonly string[]): void {
    const words = lines.filter((line) => line.trim() !== '').map(parseLine);
    if (words.length === 0) throw badRequest('Invalid dictionary format.');
    const checked = words.map((entry): StemmingDictionaryWord => {
      if (!isJsonObject(entry) || !('word' in entry) || !('root' in entry)) {
        throw badRequest('dictionary lines should contain `word` and `root` values.');
      }
      if (typeof entry.word !== 'string' || typeof entry.root !== 'string')
        throw badRequest('Invalid dictionary format.');
      return { word: entry.word, root: entry.root };
    });
    let dictionary = this.dictionaries.get(id);
    if (!dictionary) {
      dictionary = new Map();
      this.dictionaries.set(id, dictionary);
    }
    for (const { word, root } of checked) if (!dictionary.has(word)) dictionary.set(word, root);
  }

  list(): string[] {
    return [...this.dictionaries.keys()];
  }

  get(id: string): { id: string; words: StemmingDictionaryWord[] } | null {
    const dictionary = this.dictionaries.get(id);
    return dictionary ? { id, words: [...dictionary].map(([word, root]) => ({ word, root })) } : null;
  }

  delete(id: string): void {
    this.dictionaries.delete(id);
  }

  /** How a field stems: by its dictionary when it names one (missing or not), by Porter2 when it has `stem`, or not at all. */
  stemmerFor(field: { stem: boolean; stem_dictionary: string }): Stemmer | null {
    const name = field.stem_dictionary;
    if (name !== '') return (word) => this.dictionaries.get(name)?.get(word) ?? word;
    return field.stem ? stemWord : null;
  }
}
