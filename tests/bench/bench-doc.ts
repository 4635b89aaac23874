import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as prettier from 'prettier';

/** One bench piece's part of docs/bench.md's first table: rows that all start with `prefix`, and its note below. */
export interface BenchRows {
  prefix: string;
  rows: string;
  notes: string;
}

const ALONE = 'Measured alone with `npx tsx tests/bench/';
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Replaces a piece's rows (or adds them at the end of the first table) and its note in docs/bench.md, for a piece run
 * alone with `--write`; a line under the note says so, with the load on the machine as it started (the machine may be
 * shared with other work). The rows and the note belong to the first section (the cold-start table and the simulation
 * follow under their own headings).
 */
export async function writeBenchRows(piece: BenchRows, script: string, loadAtStart: number): Promise<void> {
  const file = path.resolve(import.meta.dirname, '../../docs/bench.md');
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  // The note is written as it is (prose is not rewrapped), so an earlier run's copy is found verbatim.
  const earlierNote = new RegExp(`${escape(piece.notes)}\\n(?:${escape(ALONE)}[^\\n]*\\n)?`);
  const kept = lines
    .filter((l) => !l.startsWith(piece.prefix))
    .join('\n')
    .replace(earlierNote, '')
    .split('\n');
  const heading = kept.findIndex((l, i) => i > 0 && l.startsWith('## '));
  const sectionEnd = heading === -1 ? kept.length : heading;
  const lastRow = kept.slice(0, sectionEnd).reduce((last, l, i) => (l.startsWith('|') ? i : last), -1);
  const head = kept.slice(0, sectionEnd);
  head.splice(lastRow + 1, 0, piece.rows);
  const cores = os.cpus().length;
  const alone =
    `${ALONE}${script} --write\` on ${new Date().toISOString().slice(0, 10)} (the whole bench was not re-run); ` +
    `1-minute load average ${loadAtStart.toFixed(1)} on ${cores} cores as it started` +
    `${loadAtStart >= 0.5 ? ' (the machine was shared with other work)' : ''}.`;
  const text = `${head.join('\n').trimEnd()}\n${piece.notes}\n${alone}\n\n${kept.slice(sectionEnd).join('\n')}`;
  const options = (await prettier.resolveConfig(file)) ?? {};
  fs.writeFileSync(file, await prettier.format(text, { ...options, filepath: file }));
}

/** Whether the module with this `import.meta.url` is the script node was started with (a piece run alone). */
export const isMain = (moduleUrl: string) =>
  process.argv[1] !== undefined && moduleUrl === pathToFileURL(process.argv[1]).href;

/**
 * A piece run alone: prints its result as JSON (the last line, which `npm run bench` reads from a child process) and,
 * with `--write`, puts its rows and note into docs/bench.md.
 */
export async function runAlone<T>(
  moduleUrl: string,
  measure: () => Promise<T>,
  rowsOf: (result: T) => BenchRows,
): Promise<void> {
  if (!isMain(moduleUrl)) return;
  const load = os.loadavg()[0]!;
  const result = await measure();
  if (process.argv.includes('--write')) {
    await writeBenchRows(rowsOf(result), path.basename(new URL(moduleUrl).pathname), load);
  }
  console.log(JSON.stringify(result));
  process.exit(0);
}
