/**
 * `npm test`: installs what the tests need (Java for DynamoDB Local, Debian's Chromium), then runs four lanes at once
 * and prints one summary line: the integration project in two halves (each its own vitest process and local stack:
 * tests/integration/stack-halves.ts), the checks (type check, lint, then the vitest projects that need no stack: unit,
 * web, ledger, infra) and the Playwright browser tests (their own stack). The integration tests and the browser
 * journeys mostly wait on their stacks, so on two cores the lanes overlap instead of queueing (decision 048). Each
 * lane's lines are prefixed with its name.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { ensureJava } from '../infra/local/ensure-java';
import { ensureChromium } from '../scripts/ensure-chromium';

const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-test-'));
const started = Date.now();
const seconds = (since: number) => ((Date.now() - since) / 1000).toFixed(1);

interface Step {
  title: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
}

/** Runs one step with its output prefixed by the lane's name; resolves whether it exited 0. */
function run(lane: string, step: Step): Promise<boolean> {
  const t0 = Date.now();
  const say = (line: string) => console.log(`[${lane}] ${line}`);
  say(`=== ${step.title}: ${step.command} ${step.args.join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn(step.command, step.args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1', ...step.env },
    });
    readline.createInterface({ input: child.stdout }).on('line', say);
    readline.createInterface({ input: child.stderr }).on('line', say);
    child.on('error', (error) => say(`could not start: ${error.message}`));
    child.on('close', (code) => {
      say(`=== ${step.title}: ${code === 0 ? 'ok' : 'FAILED'} in ${seconds(t0)} s`);
      resolve(code === 0);
    });
  });
}

/** The steps of a lane one after the other (a failed step does not stop the next: every test still runs). */
async function lane(name: string, steps: Step[]): Promise<boolean[]> {
  const results: boolean[] = [];
  for (const step of steps) results.push(await run(name, step));
  return results;
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

const vitest = (projects: string[], report: string, env?: Record<string, string>): Step => ({
  title: `vitest (${projects.join(', ')})`,
  env,
  command: 'npx',
  args: [
    'vitest',
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ],
});
const integrationReports = ['1', '2'].map((half) => path.join(reportDir, `vitest-integration-${half}.json`));
const otherReport = path.join(reportDir, 'vitest.json');
const playwrightReport = path.join(reportDir, 'playwright.json');

const lanes = await Promise.all([
  lane('integration 1', [vitest(['integration'], integrationReports[0]!, { INTEGRATION_HALF: '1' })]),
  lane('integration 2', [vitest(['integration'], integrationReports[1]!, { INTEGRATION_HALF: '2' })]),
  lane('checks', [
    { title: 'typecheck', command: 'npx', args: ['tsc', '-p', 'tsconfig.json', '--noEmit'] },
    { title: 'lint', command: 'npx', args: ['eslint', '.', '--max-warnings=0'] },
    vitest(['unit', 'web', 'ledger', 'infra'], otherReport),
  ]),
  lane('browser', [
    {
      title: 'browser tests',
      command: 'npx',
      args: ['playwright', 'test', '--config', 'tests/e2e/playwright.config.ts', '--reporter=list,json'],
      env: { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport },
    },
  ]),
]);
const steps = lanes.flat();

type VitestReport = { numPassedTests: number; numFailedTests: number; numPendingTests: number };
const reports = [...integrationReports, otherReport].map((file) => readJson<VitestReport>(file));
const pw = readJson<{ stats: { expected: number; unexpected: number; flaky: number; skipped: number } }>(
  playwrightReport,
);
const sum = (pick: (r: VitestReport) => number) => reports.reduce((n, r) => n + (r ? pick(r) : 0), 0);
const passed = sum((r) => r.numPassedTests) + (pw?.stats.expected ?? 0) + (pw?.stats.flaky ?? 0);
const failed = sum((r) => r.numFailedTests) + (pw?.stats.unexpected ?? 0) + steps.filter((ok) => !ok).length;
const skipped = sum((r) => r.numPendingTests) + (pw?.stats.skipped ?? 0);
const allOk = steps.every(Boolean) && reports.every((r) => r !== undefined) && pw !== undefined;

console.log(`\nFinished in ${seconds(started).replace(/\.\d$/, '')} s`);
console.log(`tests: ${passed} passed, ${allOk ? failed : Math.max(failed, 1)} failed, ${skipped} skipped`);
process.exit(allOk && failed === 0 ? 0 : 1);
