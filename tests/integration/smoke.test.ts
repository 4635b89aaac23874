import { execFile } from 'node:child_process';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { call } from './auth-support';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** `npm run smoke` as CI runs it after a deploy: the CLI in its own process, here against the test stack. */
function smoke(args: string[]): Promise<{ code: number; stdout: string }> {
  return new Promise((resolve) => {
    execFile(
      path.join(ROOT, 'node_modules/.bin/tsx'),
      ['scripts/smoke.ts', ...args],
      { cwd: ROOT, timeout: 60_000 },
      (error, stdout) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout }),
    );
  });
}

describe('the smoke command (decision 077)', () => {
  it('passes against the local stack: one line per check, a sign-in left cancelled, exit code 0', async () => {
    // The integration stack serves no web app: its item page is not checked.
    const { code, stdout } = await smoke(['--url', inject('baseUrl'), '--api-only', '--timeout', '8000']);
    const lines = stdout.trim().split('\n');
    expect(lines.map((l) => /^(\w+)\s+([\w-]+)\s+\d+ ms/.exec(l)?.slice(1, 3))).toEqual([
      ['ok', 'health'],
      ['ok', 'browse'],
      ['ok', 'item-api'],
      ['skip', 'item-page'],
      ['ok', 'search'],
      ['ok', 'socket'],
      ['ok', 'sign-in'],
      ['ok', 'security-headers'],
      undefined,
    ]);
    expect(lines.at(-1)).toMatch(/^smoke passed: 8 of 8 checks passed in \d+ ms against http:\/\/localhost:\d+$/);
    expect(code).toBe(0);
    const uuid = /payload ([0-9a-f-]{36}) created and cancelled/.exec(stdout)![1]!;
    const status = await call<{ status: string }>('GET', `/api/auth/sign-in/${uuid}`);
    expect(status.body.status).toBe('cancelled');
  });
});
