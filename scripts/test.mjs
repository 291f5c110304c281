/** npm test: type-check, lint, unit, server integration, end-to-end in Chromium; stops at the first failure. */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const steps = [
  ['type-check', bin('react-router'), ['typegen']],
  ['type-check', bin('tsc'), ['--noEmit']],
  ['lint', bin('eslint'), ['.']],
  ['unit', bin('vitest'), ['run', '--project', 'unit']],
  ['server', bin('vitest'), ['run', '--project', 'server']],
  ['chromium', 'bash', [path.join(root, 'scripts', 'ensure-chromium.sh')]],
  ['e2e', process.execPath, [path.join(root, 'scripts', 'e2e.mjs')]],
];

for (const [name, command, args] of steps) {
  console.log(`\n== ${name}: ${path.basename(command)} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  if (result.status !== 0) {
    console.error(`\n${name} failed.`);
    process.exit(result.status ?? 1);
  }
}
console.log('\nAll checks passed.');
