import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SECOND_HALF } from '../integration/stack-halves';

const root = path.resolve(import.meta.dirname, '../..');
const dir = path.join(root, 'tests/integration');
const files = fs.readdirSync(dir).map((f) => `tests/integration/${f}`);
/** A call of a test control that moves a clock of the local stack (the functions', Xaman's or the ledger's) in code. */
const MOVES_A_CLOCK = /[`'"}]\/(_local|_test)\/clock/;
const movesAClock = (file: string) => MOVES_A_CLOCK.test(fs.readFileSync(path.join(root, file), 'utf8'));

describe('the two halves of the integration files', () => {
  it('put every file that moves a clock in the second half, where files run one after another', () => {
    const movers = files.filter((f) => f.endsWith('.test.ts') && movesAClock(f));
    expect(movers.length).toBeGreaterThan(0);
    expect(movers.filter((f) => !SECOND_HALF.includes(f))).toEqual([]);
  });

  it('move clocks only from test files, so the rule above sees every mover', () => {
    expect(files.filter((f) => !f.endsWith('.test.ts') && movesAClock(f))).toEqual([]);
  });

  it('list only files that exist', () => {
    expect(SECOND_HALF.filter((f) => !files.includes(f))).toEqual([]);
  });
});
