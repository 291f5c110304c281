/** npm run bench: runs every benchmark under bench/ in turn; fails when any of them misses its budget. */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

const here = import.meta.dirname;
const only = process.argv.slice(2);
const benches = readdirSync(here)
  .filter((file) => file.endsWith('.bench.ts'))
  .filter((file) => only.length === 0 || only.some((name) => file.includes(name)))
  .sort();
let failed = 0;
for (const bench of benches) {
  console.log(`\n== ${bench}`);
  const result = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', path.join(here, bench)], { stdio: 'inherit' });
  if (result.status !== 0) failed++;
}
console.log(failed ? `\n${failed} of ${benches.length} benchmarks missed a budget.` : `\nAll ${benches.length} benchmarks met their budgets.`);
process.exit(failed ? 1 : 0);
