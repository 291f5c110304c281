/**
 * npm run lint: every relative link of the repository's Markdown resolves to a file or folder inside it, so the
 * README and the docs stand alone (a moved record or a renamed file breaks the lint, not a newcomer's reading).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const markdown = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.md'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  // The demo's posts and pages are the shop's content: their links are the shop's paths, not files here.
  .filter((file) => file && !/^src\/demo\/content\/(posts|pages)\//.test(file) && existsSync(path.join(root, file)));

const broken = [];
for (const file of markdown) {
  const text = readFileSync(path.join(root, file), 'utf8').replace(/```[\s\S]*?```/g, '');
  for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^([a-z]+:|#)/i.test(target)) continue;
    const local = decodeURIComponent(target.split('#')[0]);
    const resolved = path.resolve(path.dirname(path.join(root, file)), local);
    if (!resolved.startsWith(root + path.sep) || !existsSync(resolved)) broken.push(`${file}: ${target}`);
  }
}
if (broken.length) {
  console.error(`Links that resolve to nothing inside the repository:\n${broken.join('\n')}`);
  process.exit(1);
}
console.log(`${markdown.length} Markdown files, every relative link resolves.`);
