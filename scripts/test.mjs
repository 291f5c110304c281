/**
 * npm test: type-check, lint, the unit, server and demo tests, end-to-end in Chromium; stops at the first failure,
 * then prints one line per test project: its files, tests, time and result.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const reports = mkdtempSync(path.join(tmpdir(), 'npm-test-'));

/** A Vitest project's step: the usual output on the terminal, and a JSON report its summary line is read from. */
function vitestProject(name) {
  const report = path.join(reports, `${name}.json`);
  return {
    name,
    command: bin('vitest'),
    args: ['run', '--project', name, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    summarize: (seconds) => vitestSummary(name, report, seconds),
  };
}

function vitestSummary(name, report, seconds) {
  if (!existsSync(report)) return [];
  const { testResults, numTotalTests, numFailedTests } = JSON.parse(readFileSync(report, 'utf8'));
  return [{ name, files: testResults.length, tests: numTotalTests, failed: numFailedTests, seconds }];
}

/** One line per Playwright project (desktop, phone), timed by its journeys: the build and the server start are not theirs. */
function playwrightSummary(report) {
  if (!existsSync(report)) return [];
  const projects = new Map();
  const visit = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        const project = projects.get(test.projectName) ?? { files: new Set(), tests: 0, failed: 0, milliseconds: 0 };
        project.files.add(spec.file);
        project.tests += 1;
        if (test.status === 'unexpected') project.failed += 1;
        project.milliseconds += test.results.reduce((sum, result) => sum + result.duration, 0);
        projects.set(test.projectName, project);
      }
    }
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of JSON.parse(readFileSync(report, 'utf8')).suites) visit(suite);
  return [...projects].map(([name, project]) => ({
    name: `e2e ${name}`,
    files: project.files.size,
    tests: project.tests,
    failed: project.failed,
    seconds: project.milliseconds / 1000,
  }));
}

const e2eReport = path.join(reports, 'e2e.json');
const steps = [
  { name: 'type-check', command: bin('react-router'), args: ['typegen'] },
  { name: 'type-check', command: bin('tsc'), args: ['--noEmit'] },
  { name: 'lint', command: bin('eslint'), args: ['.'] },
  { name: 'format', command: bin('prettier'), args: ['--check', '.'] },
  { name: 'doc links', command: process.execPath, args: [path.join(root, 'scripts', 'check-doc-links.mjs')] },
  vitestProject('unit'),
  vitestProject('server'),
  vitestProject('demo'),
  { name: 'chromium', command: 'bash', args: [path.join(root, 'scripts', 'ensure-chromium.sh')] },
  {
    name: 'e2e',
    command: process.execPath,
    args: [path.join(root, 'scripts', 'e2e.mjs'), '--reporter=list,json'],
    env: { PLAYWRIGHT_JSON_OUTPUT_FILE: e2eReport },
    summarize: () => playwrightSummary(e2eReport),
  },
];

const summary = [];
function printSummary() {
  if (summary.length === 0) return;
  console.log(
    `\n== summary\n${'project'.padEnd(12)} ${'files'.padStart(5)} ${'tests'.padStart(6)} ${'time'.padStart(9)}  result`,
  );
  for (const { name, files, tests, failed, seconds } of summary) {
    const time = `${seconds.toFixed(1)} s`;
    const result = failed === 0 ? 'passed' : `${failed} failed`;
    console.log(
      `${name.padEnd(12)} ${String(files).padStart(5)} ${String(tests).padStart(6)} ${time.padStart(9)}  ${result}`,
    );
  }
}

let failedStep = null;
for (const { name, command, args, env, summarize } of steps) {
  console.log(`\n== ${name}: ${path.basename(command)} ${args.join(' ')}`);
  const started = performance.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  summary.push(...(summarize?.((performance.now() - started) / 1000) ?? []));
  if (result.status !== 0) {
    failedStep = { name, status: result.status ?? 1 };
    break;
  }
}
rmSync(reports, { recursive: true, force: true });
printSummary();
if (failedStep) {
  console.error(`\n${failedStep.name} failed.`);
  process.exit(failedStep.status);
}
console.log('\nAll checks passed.');
