/**
 * How a benchmark reports: each prints its figures as a table and writes them to `bench/results/<bench>.json`,
 * which `npm run bench` (bench/run.ts) gathers into one table and `bench/results/summary.json`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** One figure a benchmark measured, with the budget it is held to: at most (`<=`) or at least (`>=`) the limit. */
export interface Figure {
  measure: string;
  value: number;
  unit: string;
  budget?: { limit: number; direction: '<=' | '>=' };
}

export interface BenchResult {
  bench: string;
  measuredAt: string;
  figures: Figure[];
}

export const RESULTS_DIR = path.join(import.meta.dirname, 'results');

export const meetsBudget = (figure: Figure): boolean =>
  !figure.budget ||
  (figure.budget.direction === '<=' ? figure.value <= figure.budget.limit : figure.value >= figure.budget.limit);

const formatValue = (value: number): string =>
  Number.isInteger(value) ? String(value) : value.toFixed(value < 10 ? 2 : 1);

/** The table's rows for these figures, with the benchmark's name first when given. */
export function tableRows(figures: Figure[], bench?: string): string[] {
  return figures.map((figure) => {
    const budget = figure.budget ? `${figure.budget.direction} ${formatValue(figure.budget.limit)} ${figure.unit}` : '';
    const verdict = figure.budget ? (meetsBudget(figure) ? 'ok' : 'MISSED') : '';
    const cells = [figure.measure, `${formatValue(figure.value)} ${figure.unit}`, budget, verdict];
    return `| ${(bench === undefined ? cells : [bench, ...cells]).join(' | ')} |`;
  });
}

/** Prints the figures, writes them for the summary, and returns how many budgets were missed. */
export function reportFigures(bench: string, figures: Figure[]): number {
  console.log('| measure | value | budget | |\n|---|---:|---:|---|');
  for (const row of tableRows(figures)) console.log(row);
  mkdirSync(RESULTS_DIR, { recursive: true });
  const result: BenchResult = { bench, measuredAt: new Date().toISOString(), figures };
  writeFileSync(path.join(RESULTS_DIR, `${bench}.json`), `${JSON.stringify(result, null, 2)}\n`);
  return figures.filter((figure) => !meetsBudget(figure)).length;
}
