/**
 * npm run bench: runs every benchmark under bench/ in turn (or those whose file names contain an argument), then
 * prints one table of every figure they reported through bench/report.ts and writes it to bench/results/summary.json.
 * Fails when any of them misses its budget.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type BenchResult, meetsBudget, RESULTS_DIR, tableRows } from './report.ts';

const here = import.meta.dirname;
const only = process.argv.slice(2);
const benches = readdirSync(here)
  .filter((file) => file.endsWith('.bench.ts'))
  .filter((file) => only.length === 0 || only.some((name) => file.includes(name)))
  .sort();
let failed = 0;
const results: BenchResult[] = [];
for (const bench of benches) {
  console.log(`\n== ${bench}`);
  const resultFile = path.join(RESULTS_DIR, `${bench.replace(/\.bench\.ts$/, '')}.json`);
  rmSync(resultFile, { force: true });
  const run = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', path.join(here, bench)], {
    stdio: 'inherit',
  });
  if (run.status !== 0) failed++;
  if (existsSync(resultFile)) results.push(JSON.parse(readFileSync(resultFile, 'utf8')) as BenchResult);
}
console.log('\n| bench | measure | value | budget | |\n|---|---|---:|---:|---|');
for (const result of results) for (const row of tableRows(result.figures, result.bench)) console.log(row);
const missedFigures = results.flatMap((result) => result.figures).filter((figure) => !meetsBudget(figure)).length;
mkdirSync(RESULTS_DIR, { recursive: true });
writeFileSync(
  path.join(RESULTS_DIR, 'summary.json'),
  `${JSON.stringify({ measuredAt: new Date().toISOString(), results }, null, 2)}\n`,
);
console.log(
  failed
    ? `\n${failed} of ${benches.length} benchmarks failed or missed a budget (${missedFigures} figures missed).`
    : `\nAll ${benches.length} benchmarks met their budgets.`,
);
process.exit(failed ? 1 : 0);
