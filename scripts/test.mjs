#!/usr/bin/env node
// `npm test`: every test. The unit and API suites (Vitest, on PGlite unless DATABASE_URL is set),
// then the browser journeys when Chromium is found. Ends with one line "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = mkdtempSync(path.join(tmpdir(), 'sabai-test-report-'));
const skipE2e = process.argv.includes('--no-e2e');
// Anything else is handed to the unit run (e.g. `--project server --project server-isolated` where only the database changes).
const unitArgs = process.argv.slice(2).filter((arg) => arg !== '--no-e2e');

// Each failed test as one line "failed: file › test: first line of its message", printed again at
// the end so a log that only keeps its tail still names what failed.
const failures = [];
function failedTests(report, base) {
  const lines = [];
  for (const file of report.testResults ?? []) {
    const name = path.relative(base, file.name);
    const failedAssertions = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failedAssertions) {
      const message = (test.failureMessages?.[0] ?? '').split('\n')[0].slice(0, 300);
      lines.push(`failed: ${name} › ${test.fullName}: ${message}`);
    }
    // A file that failed outside any test (an import error, a hook) has no failed assertion.
    if (file.status === 'failed' && failedAssertions.length === 0)
      lines.push(`failed: ${name}: ${(file.message ?? '').split('\n')[0].slice(0, 300)}`);
  }
  return lines;
}

function run(label, args, env = {}) {
  const outputFile = path.join(reports, `${label}.json`);
  const result = spawnSync(
    process.execPath,
    [...args, '--reporter=default', '--reporter=json', `--outputFile.json=${outputFile}`],
    { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } },
  );
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  if (existsSync(outputFile)) {
    const report = JSON.parse(readFileSync(outputFile, 'utf8'));
    passed = report.numPassedTests;
    failed = report.numFailedTests;
    skipped = report.numPendingTests + report.numTodoTests;
    failures.push(...failedTests(report, root));
  }
  // A runner that crashed before reporting counts as a failure, never as a pass.
  if (result.status !== 0 && failed === 0) failed = 1;
  return { passed, failed, skipped };
}

const vitest = path.join(root, 'node_modules/vitest/vitest.mjs');
const totals = [run('unit', [vitest, 'run', ...unitArgs])];

if (!skipE2e) {
  const chromium = process.env.CHROME_PATH || '/usr/bin/chromium';
  if (existsSync(chromium)) {
    const build = spawnSync('npm', ['run', 'build', '-w', '@sabai/web'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) totals.push({ passed: 0, failed: 1, skipped: 0 });
    else
      totals.push(run('e2e', [vitest, 'run', '--config', 'e2e/vitest.config.ts'], { CHROME_PATH: chromium }));
  } else {
    console.log(`SKIPPED: browser journeys (no Chromium at /usr/bin/chromium or CHROME_PATH)`);
  }
}

rmSync(reports, { recursive: true, force: true });
const sum = (key) => totals.reduce((total, part) => total + part[key], 0);
const failed = sum('failed');
if (failures.length > 0) console.log(`\n${failures.join('\n')}`);
console.log(`\ntests: ${sum('passed')} passed, ${failed} failed, ${sum('skipped')} skipped`);
process.exit(failed > 0 ? 1 : 0);
