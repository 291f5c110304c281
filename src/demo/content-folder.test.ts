/**
 * The demo's articles and pages read as a brand would publish them (issue M1): every file reads, every post is an
 * article of its own (at least 300 words, no sentence shared with another file), and every product a post or a
 * campaign page shows exists in the catalogue.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readContentFolder } from '../server/content/content-folder.ts';
import { generateDemoStore } from './demo-store.ts';

const folder = readContentFolder(fileURLToPath(new URL('./content/', import.meta.url)), {
  site: 'ACME',
  support_email: 'support@acme.test',
  support_phone: '(800) 555-0199',
});
const words = (markdown: string) => markdown.split(/\s+/).filter((word) => /\w/.test(word)).length;
const sentences = (markdown: string) =>
  markdown
    .replace(/[#>*_`[\]()-]/g, ' ')
    .split(/(?<=[.!?])\s+/)
    .map((sentence) => sentence.replace(/\s+/g, ' ').trim().toLowerCase())
    .filter((sentence) => sentence.split(' ').length >= 6);

describe("the demo's content folder", () => {
  it('holds the posts of every kind and the pages of the spec', () => {
    const kinds = new Set(folder.posts.map((post) => post.kind));
    expect([...kinds].sort()).toEqual(['familie', 'life', 'news']);
    expect(folder.pages.map((page) => page.slug).sort()).toEqual(
      [
        '4th-of-july',
        'about',
        'brand-partnerships',
        'collaborations',
        'contact',
        'golden-ticket-tc',
        'marketing',
        'privacy',
        'privacy-choices',
        'referral-terms',
        'return-exchange-policy',
        'signature-series',
        'terms',
        'text',
        'tour-merch',
      ].sort(),
    );
  });

  it('has no post shorter than 300 words', () => {
    const short = folder.posts.filter((post) => words(post.markdown) < 300).map((post) => post.slug);
    expect(short).toEqual([]);
  });

  it('shares no sentence between two files', () => {
    const seen = new Map<string, string>();
    const shared: string[] = [];
    for (const file of [...folder.posts, ...folder.pages]) {
      for (const sentence of new Set(sentences(file.markdown))) {
        const first = seen.get(sentence);
        if (first !== undefined && first !== file.slug) shared.push(`${first} and ${file.slug}: ${sentence}`);
        seen.set(sentence, file.slug);
      }
    }
    expect(shared).toEqual([]);
  });

  it('shows only products the catalogue has', () => {
    const { catalogue } = generateDemoStore({ brand: 'acme', now: new Date('2026-11-28T12:00:00Z') });
    const sells = (tags: readonly string[]) =>
      catalogue.tagNames.some((names) => tags.every((tag) => names.includes(tag)));
    const missing = [
      ...folder.posts.flatMap((post) =>
        post.productTags.filter((tag) => !sells([tag])).map((tag) => `${post.slug}: ${tag}`),
      ),
      ...folder.pages.flatMap((page) =>
        page.products && !sells(page.products.tags) ? [`${page.slug}: ${page.products.tags.join(' + ')}`] : [],
      ),
    ];
    expect(missing).toEqual([]);
  });
});
