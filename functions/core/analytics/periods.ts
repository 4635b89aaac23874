import { addDays } from '../../../shared/domain/analytics';

/**
 * Where a seller's figures are kept (decision 056): one item per UTC day (the day's counters, its viewers' sketch and
 * its per-listing views and revenue) and one per block of BLOCK_DAYS days (the per-listing views and revenue again),
 * so a range's per-listing totals are read from its whole blocks and the few days at its ends, not from every day.
 */
export const BLOCK_DAYS = 10;

const DAY_MS = 86_400_000;
const epochDay = (day: string) => Math.floor(Date.parse(`${day}T00:00:00.000Z`) / DAY_MS);

/** The first day of the block `day` falls in (blocks are aligned on the epoch: days 0-9, 10-19, ...). */
export function blockOf(day: string): string {
  const n = epochDay(day);
  return addDays(day, n - (n % BLOCK_DAYS) - n);
}

/**
 * How a range of consecutive days (oldest first) is read for per-listing totals: the blocks that lie wholly inside it,
 * and its other days one by one. Together they cover every day of the range exactly once.
 */
export function rangePlan(days: readonly string[]): { blocks: string[]; days: string[] } {
  const inRange = new Set(days);
  const blocks: string[] = [];
  const single: string[] = [];
  for (let i = 0; i < days.length;) {
    const day = days[i]!;
    const start = blockOf(day);
    const whole = start === day && inRange.has(addDays(day, BLOCK_DAYS - 1));
    if (whole) {
      blocks.push(day);
      i += BLOCK_DAYS;
    } else {
      single.push(day);
      i += 1;
    }
  }
  return { blocks, days: single };
}

/** Per-listing amounts (views or cents) as stored: `id:n` pairs, sorted by id, joined by commas. */
export function packAmounts(amounts: ReadonlyMap<string, number>): string {
  return [...amounts]
    .filter(([, n]) => n > 0)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([id, n]) => `${id}:${n}`)
    .join(',');
}

/** The stored form back (a malformed pair is skipped). */
export function unpackAmounts(packed: string | undefined): Map<string, number> {
  const out = new Map<string, number>();
  if (!packed) return out;
  for (const pair of packed.split(',')) {
    const colon = pair.lastIndexOf(':');
    const n = Number(pair.slice(colon + 1));
    if (colon > 0 && Number.isSafeInteger(n) && n > 0) out.set(pair.slice(0, colon), n);
  }
  return out;
}

/** Adds `more` into `into`, in place. */
export function addAmounts(into: Map<string, number>, more: ReadonlyMap<string, number>): Map<string, number> {
  for (const [id, n] of more) into.set(id, (into.get(id) ?? 0) + n);
  return into;
}
