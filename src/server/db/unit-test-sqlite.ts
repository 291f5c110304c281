/**
 * better-sqlite3 as the unit project sees it (vitest.config.ts). A test that opens a database there would pass on
 * SQLite and never run on PostgreSQL, so opening one fails and says where the test belongs.
 */
export default function openRefused(): never {
  throw new Error(
    'A unit test opened a database. Run it with the server project (vitest.config.ts), which also runs on PostgreSQL.',
  );
}
