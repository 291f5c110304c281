import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ContentFolderError, readContentFolder } from './content-folder.ts';

let root = '';
afterEach(() => rmSync(root, { recursive: true, force: true }));

function folderOf(files: Record<string, string>): string {
  root = mkdtempSync(path.join(tmpdir(), 'content-folder-'));
  for (const [relative, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
    writeFileSync(path.join(root, relative), text);
  }
  return root;
}

const POST = `---
title: Tropic Thunder Is Back
excerpt: The print returns in three colourways.
published: 2026-06-12
author: Maya Lindqvist
author_role: Head of Design
image: tropical
image_alt: Palm leaves behind a pair of boxer briefs
products: [Tropic Thunder, Men]
---

## Why now

Ask {{site}} at {{support_email}}. *Soft* as ever.
`;

const PAGE = `---
name: Signature Series
meta_title: The Signature Series
meta_description: Ten prints The Familie voted for.
products:
  name: Shop the series
  tags: [Signature Series]
---
The **ten** prints.
`;

function problemsOf(files: Record<string, string>): string[] {
  try {
    readContentFolder(folderOf(files), { site: 'ACME', support_email: 'help@acme.test' });
  } catch (error) {
    if (error instanceof ContentFolderError) return error.problems;
    throw error;
  }
  throw new Error('the folder was read without problems');
}

describe('a content folder', () => {
  it('reads posts and pages, with placeholders filled and the Markdown as HTML', () => {
    const folder = readContentFolder(
      folderOf({ 'posts/news/tropic-thunder-is-back.md': POST, 'pages/signature-series.md': PAGE }),
      { site: 'ACME', support_email: 'help@acme.test' },
    );
    expect(folder.posts).toEqual([
      expect.objectContaining({
        kind: 'news',
        slug: 'tropic-thunder-is-back',
        title: 'Tropic Thunder Is Back',
        published: '2026-06-12',
        author: 'Maya Lindqvist',
        author_role: 'Head of Design',
        image: 'tropical',
        productTags: ['Tropic Thunder', 'Men'],
        markdown: '## Why now\n\nAsk ACME at help@acme.test. *Soft* as ever.',
      }),
    ]);
    expect(folder.posts[0]?.html).toBe(
      '<h2>Why now</h2>\n<p>Ask ACME at <a href="mailto:help@acme.test">help@acme.test</a>. <em>Soft</em> as ever.</p>\n',
    );
    expect(folder.pages).toEqual([
      expect.objectContaining({
        slug: 'signature-series',
        name: 'Signature Series',
        products: { name: 'Shop the series', tags: ['Signature Series'] },
        html: '<p>The <strong>ten</strong> prints.</p>\n',
      }),
    ]);
  });

  it('names the file and field of every problem, and reads nothing from a folder partly wrong', () => {
    const problems = problemsOf({
      'posts/news/no-author.md': POST.replace('author: Maya Lindqvist\n', ''),
      'posts/life/bad-date.md': POST.replace('2026-06-12', '12 June'),
      'posts/familie/Bad_Slug.md': POST,
      'pages/unknown-placeholder.md': PAGE.replace('The **ten**', 'The {{discount}}'),
      'pages/no-front-matter.md': 'Just text.',
      'pages/extra-field.md': PAGE.replace('name: Signature Series', 'name: Signature Series\ncolour: red'),
      'pages/empty.md': '---\nname: Empty\nmeta_title: Empty\nmeta_description: Nothing here.\n---\n',
      'pages/contest/bad-block.md': PAGE.replace(
        'products:',
        'blocks:\n  - block_type: Default\n    name: Banner\n    images:\n      - { url: /a.jpg, width: 10, height: 10, title: A, media_type: gif }\n  - block_type: Carousel\n    name: Spin\nproducts:',
      ),
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^posts\/news\/no-author\.md: author: /),
        expect.stringMatching(/^posts\/life\/bad-date\.md: published: /),
        expect.stringMatching(/^posts\/familie\/Bad_Slug\.md: file name: /),
        expect.stringMatching(/^pages\/unknown-placeholder\.md: text: \{\{discount\}\} is not a placeholder/),
        'pages/no-front-matter.md: front matter: the file does not start with front matter between --- lines',
        expect.stringMatching(/^pages\/extra-field\.md: front matter: .*colour/),
        'pages/empty.md: body: the file has neither text after its front matter nor blocks in it',
        expect.stringMatching(/^pages\/contest\/bad-block\.md: blocks\.0\.images\.0\.media_type: /),
        expect.stringMatching(/^pages\/contest\/bad-block\.md: blocks\.1\.block_type: /),
      ]),
    );
  });

  it('refuses a file larger than its bound without reading it as content', () => {
    const problems = problemsOf({ 'pages/huge.md': PAGE + 'x'.repeat(300 * 1024) });
    expect(problems).toEqual(['pages/huge.md: file: larger than 256 kB']);
  });
});
