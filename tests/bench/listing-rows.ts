/** docs/bench.md rows and notes for browse and search at scale and for Lighthouse. */
import type { ScaleResult } from './browse-at-scale';
import type { PageScore } from './lighthouse';
import type { ReadTally } from './read-counter';

const round = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

function readsText(r: ReadTally): string {
  const parts = [`${round(r.query.items)} by query (${round(r.query.rcu)} RCU)`];
  if (r.batchGet.calls > 0) parts.push(`${round(r.batchGet.items)} by batch-get (${round(r.batchGet.rcu)} RCU)`);
  return `${round(r.query.items + r.batchGet.items)} items: ${parts.join(' + ')}`;
}

export function scaleRows(scale: { writeSeconds: number; results: ScaleResult[] }): string {
  const rows = scale.results.flatMap((r) => [
    `| 50k listings: \`GET /api/listings?${r.query}\`, p50 / p95 | ${r.p50.toFixed(1)} / ${r.p95.toFixed(1)} ms | p95 ≤ 50 ms |`,
    `| 50k listings: \`${r.query}\`, DynamoDB reads a request for ${r.items} items returned | ${readsText(r.reads)} | about 2× (${2 * r.items} items) |`,
  ]);
  rows.push(
    `| 50k listings: writing them, their search postings and browse facets (bench setup) | ${scale.writeSeconds.toFixed(0)} s | |`,
  );
  return rows.join('\n');
}

export function lighthouseRows(pages: PageScore[]): string {
  return pages
    .map(
      (p) =>
        `| Lighthouse desktop \`${p.page.replace(/\/item\/.+/, '/item/{id}')}\`: performance, LCP, CLS, TBT | ${p.score}, ${(
          p.lcpMs / 1000
        ).toFixed(2)} s, ${p.cls.toFixed(3)}, ${Math.round(p.tbtMs)} ms | ≥ 95, ≤ 1.5 s, ≤ 0.05 |`,
    )
    .join('\n');
}

export const listingNotes = `Listings at scale: 50,000 generated listings (tests/bench/generate-listings.ts: 15 categories, 30 % auctions, titles from
a small vocabulary) written to a fresh local stack's table (on tmpfs when /dev/shm exists), then per query 20 warm-up and
200 sequential timed requests through the gateway. Reads are counted on the app's DynamoDB client (consumed capacity asked
for on every request): items read are ScannedCount for Query and keys asked for by BatchGetItem; RCU as DynamoDB Local
reports them (eventually consistent). Lighthouse 12 (desktop preset, simulated throttling, performance only) on the
production web build served by a local stack with the demo seed; median of 3 runs per page; the item is a seeded listing
with photos.`;
