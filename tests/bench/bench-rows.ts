import fs from 'node:fs';
import path from 'node:path';
import * as prettier from 'prettier';

/**
 * Puts a bench piece's rows (each starting with `prefix`) and its note into docs/bench.md's first table, replacing an
 * earlier run's, for a piece measured alone (`--write`) without re-running the whole bench. The rows go after the
 * table's last row and the note after the table's notes, both in the first section (the cold-start table follows
 * under its own heading).
 */
export async function writeFirstTableRows(prefix: string, rows: string, notes: string): Promise<void> {
  const file = path.resolve(import.meta.dirname, '../../docs/bench.md');
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  const text0 = lines
    .filter((l) => !l.startsWith(prefix))
    .join('\n')
    // The note is written as it is (prose is not rewrapped), so an earlier run's copy is found verbatim.
    .replace(`${notes}\n`, '');
  const kept = text0.split('\n');
  const heading = kept.findIndex((l, i) => i > 0 && l.startsWith('## '));
  const sectionEnd = heading === -1 ? kept.length : heading;
  const lastRow = kept.slice(0, sectionEnd).reduce((last, l, i) => (l.startsWith('|') ? i : last), -1);
  const head = kept.slice(0, sectionEnd);
  head.splice(lastRow + 1, 0, rows);
  const text = `${head.join('\n').trimEnd()}\n${notes}\n\n${kept.slice(sectionEnd).join('\n')}`;
  const options = (await prettier.resolveConfig(file)) ?? {};
  fs.writeFileSync(file, await prettier.format(text, { ...options, filepath: file }));
}
