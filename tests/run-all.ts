/**
 * `npm test`: installs what the tests need (Java for DynamoDB Local, Debian's Chromium), then type-checks, lints, runs
 * the vitest projects (unit, web, infra, integration) and the Playwright browser tests, and prints one summary line.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureJava } from '../infra/local/ensure-java';
import { ensureChromium } from '../scripts/ensure-chromium';

const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-test-'));
const started = Date.now();

function run(title: string, command: string, args: string[], env: Record<string, string> = {}): boolean {
  const t0 = Date.now();
  console.log(`\n=== ${title}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`=== ${title}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  return result.status === 0;
}

function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

await ensureJava();
await ensureChromium();

const steps: boolean[] = [];
steps.push(run('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']));
steps.push(run('lint', 'npx', ['eslint', '.', '--max-warnings=0']));

const vitestReport = path.join(reportDir, 'vitest.json');
steps.push(
  run('vitest (unit, web, infra, integration)', 'npx', [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${vitestReport}`,
  ]),
);

const playwrightReport = path.join(reportDir, 'playwright.json');
steps.push(
  run(
    'browser tests',
    'npx',
    ['playwright', 'test', '--config', 'tests/e2e/playwright.config.ts', '--reporter=list,json'],
    {
      PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
    },
  ),
);

const vitest = readJson<{ numPassedTests: number; numFailedTests: number; numPendingTests: number }>(vitestReport);
const pw = readJson<{ stats: { expected: number; unexpected: number; flaky: number; skipped: number } }>(
  playwrightReport,
);
const passed = (vitest?.numPassedTests ?? 0) + (pw?.stats.expected ?? 0) + (pw?.stats.flaky ?? 0);
const failed = (vitest?.numFailedTests ?? 0) + (pw?.stats.unexpected ?? 0) + steps.filter((ok) => !ok).length;
const skipped = (vitest?.numPendingTests ?? 0) + (pw?.stats.skipped ?? 0);
const allOk = steps.every(Boolean) && vitest !== undefined && pw !== undefined;

console.log(`\nFinished in ${((Date.now() - started) / 1000).toFixed(0)} s`);
console.log(`tests: ${passed} passed, ${allOk ? failed : Math.max(failed, 1)} failed, ${skipped} skipped`);
process.exit(allOk && failed === 0 ? 0 : 1);
