/**
 * The merchant's content tool, opening the database as the server does (DATABASE_URL, or DATA_DIR's SQLite file):
 *   npm run content -- import <folder>   writes the folder's posts and pages into the shop
 *   npm run content -- export <folder>   writes the shop's posts and pages into a new or empty folder
 * through the content service (content-import.ts), which the back office will use too.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { migrateToLatest, openDatabase } from '../db/database.ts';
import { ContentFolderError } from './content-folder.ts';
import { exportContentFolder, importContentFolder, type ContentImportSummary } from './content-import.ts';

const USAGE = ['usage: npm run content -- import <folder>', '       npm run content -- export <folder>'].join('\n');

const HELP = `${USAGE}

A content folder holds the shop's posts (posts/<news|life|familie>/<slug>.md) and pages (pages/<slug>.md, in
folders for slugs with slashes: pages/contest/ultimate.md) as Markdown with YAML front matter; its format is
described in src/demo/content/README.md.

import  Checks every file first and writes nothing if any is wrong, listing each problem by file and field.
        Then writes every post (by kind and slug) and page (by slug, with all its blocks) in one transaction,
        and cached pages show the change at once. Posts and pages the folder does not hold are left as they
        are: to take one down, edit it in the shop. Orders, customers and the catalogue are never written.
export  Writes every post and page into a folder that is new or empty. Importing it back changes nothing.

Exit status: 0 done, 1 the folder was refused (nothing written), 2 a wrong command.`;

/** Longer than any folder a merchant names; the folder's own files are bounded by the reader. */
const MAX_PATH_LENGTH = 1024;

const counted = (what: string, summary: ContentImportSummary) =>
  `${what}: ${summary.created} new, ${summary.updated} changed, ${summary.unchanged} unchanged`;

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    strict: false,
    options: { help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  const [command, folder] = positionals;
  if (
    (command !== 'import' && command !== 'export') ||
    !folder ||
    folder.length > MAX_PATH_LENGTH ||
    positionals.length !== 2 ||
    Object.keys(values).length > 0
  ) {
    console.error(USAGE);
    return 2;
  }
  const root = path.resolve(folder);
  const config = loadConfig();
  const { db } = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(db);
    if (command === 'import') {
      const imported = await importContentFolder(db, root, { now: new Date(), updatedBy: 'content@cli' });
      console.log(`Imported ${root}.\n${counted('Posts', imported.posts)}\n${counted('Pages', imported.pages)}`);
    } else {
      const exported = await exportContentFolder(db, root);
      console.log(`Exported ${exported.posts} posts and ${exported.pages} pages to ${root}.`);
    }
    return 0;
  } catch (error) {
    if (!(error instanceof ContentFolderError)) throw error;
    console.error(`${root}: refused, nothing written.\n${error.problems.join('\n')}`);
    return 1;
  } finally {
    await db.destroy();
  }
}

process.exitCode = await main();
