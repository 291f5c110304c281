import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_NOW, createTestDatabase, testMediaStore, type TestDatabase } from '../test-support.ts';
import { loadDemoStore } from '../../demo/load-demo-store.ts';
import { lastContentChangeSeq } from './content-changes.ts';

describe('npm run content', () => {
  let database: TestDatabase;
  let folders = '';
  beforeAll(async () => {
    database = await createTestDatabase({ onDisk: true });
    await loadDemoStore(database.db, {
      media: testMediaStore(database),
      brand: 'acme',
      productCount: 20,
      now: DEMO_NOW,
    });
    folders = mkdtempSync(path.join(tmpdir(), 'content-cli-'));
  });
  afterAll(async () => {
    rmSync(folders, { recursive: true, force: true });
    await database.close();
  });

  /** The command as a merchant runs it, on the test's database. */
  const content = (...args: string[]) => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/content/cli.ts', ...args], {
      encoding: 'utf8',
      env: {
        ...process.env,
        DATA_DIR: database.dataDir,
        DATABASE_URL: database.databaseUrl ?? '',
        SEARCH_API_KEY: 'test-search-key',
        SEARCH_ADMIN_KEY: 'test-admin-key',
      },
    });
    return { status: run.status, stdout: run.stdout, stderr: run.stderr };
  };

  it('says what it does, and refuses a wrong command with exit status 2', () => {
    const help = content('--help');
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/Posts and pages the folder does not hold are left as they/);
    const wrong = content('delete', folders);
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toMatch(/^usage: npm run content -- import <folder>/);
  });

  it('exports the shop, imports it back unchanged, and refuses a bad file naming it with exit status 1', async () => {
    const folder = path.join(folders, 'shop');
    const exported = content('export', folder);
    expect(exported.stderr).toBe('');
    expect(exported.stdout).toMatch(/^Exported 33 posts and \d+ pages to /);
    expect(exported.status).toBe(0);
    const seq = await lastContentChangeSeq(database.db);

    const imported = content('import', folder);
    expect(imported.stdout).toMatch(/Posts: 0 new, 0 changed, 33 unchanged\nPages: 0 new, 0 changed, \d+ unchanged/);
    expect(imported.status).toBe(0);

    const about = path.join(folder, 'pages/about.md');
    writeFileSync(about, readFileSync(about, 'utf8').replace(/^meta_title: .*$/m, 'meta_title: ""'));
    const refused = content('import', folder);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/refused, nothing written\.\npages\/about\.md: meta_title: /);
    expect(await lastContentChangeSeq(database.db)).toBe(seq);
  });
});
