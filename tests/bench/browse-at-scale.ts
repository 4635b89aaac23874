/**
 * Browse and search over 50,000 generated listings: a local stack with no seed data, the generated catalogue written
 * straight to its table, then sequential GET /api/listings requests through the gateway, timed and with their DynamoDB
 * reads counted. Run on its own (`tsx tests/bench/browse-at-scale.ts`) it prints the result as JSON.
 */
import { startBareStack } from './bare-stack';
import { db } from '../../functions/adapters/db/service';
import { dynamoRawClient } from '../../functions/lib/aws-clients';
import { generateListings, writeGenerated } from './generate-listings';
import { loopbackClients } from './loopback-clients';
import { percentile } from './percentile';
import { countReads, emptyReadTally, type ReadTally } from './read-counter';

export const SCALE_LISTINGS = 50_000;
const WARM_UP = 20;
const TIMED = 200;

/** Browse pages (filtered and sorted) and searches; the words come from the generator's title vocabulary. */
export const SCALE_QUERIES = [
  { kind: 'browse', query: 'category=Electronics&sort=price-low' },
  { kind: 'browse', query: 'category=Photography&subcategory=Cameras&sort=newest' },
  { kind: 'browse', query: 'condition=like_new&listingType=auction&sort=ending-soon' },
  { kind: 'browse', query: 'category=Fashion&condition=good&listingType=fixed&sort=price-high' },
  { kind: 'browse', query: 'category=Electronics&sort=ending-soon' },
  { kind: 'search', query: 'search=vintage camera kit' },
  { kind: 'search', query: 'search=vin cam ki' },
] as const;

export interface ScaleResult {
  query: string;
  kind: 'browse' | 'search';
  p50: number;
  p95: number;
  /** Items on the page. */
  items: number;
  /** Per request. */
  reads: ReadTally;
}

export async function browseAtScale(): Promise<{ writeSeconds: number; results: ScaleResult[] }> {
  // DynamoDB Local keeps its data in SQLite: on tmpfs the bulk write does not wait on the disk (several times faster).
  const stack = await startBareStack('scale');
  try {
    // The handlers run in this process, so db() and the raw client are theirs (created after the stack set the env).
    const listings = generateListings(SCALE_LISTINGS, new Date());
    const t0 = performance.now();
    await writeGenerated(db(), listings);
    const writeSeconds = (performance.now() - t0) / 1000;
    const reads = countReads(dynamoRawClient());

    // 440 searches in seconds: from 8 addresses, each well under the per-IP search limit.
    const clients = loopbackClients(8);
    const get = async (q: string) => {
      const res = await clients.get(`${stack.url}/api/listings?${q}`);
      if (res.status !== 200) throw new Error(`GET /api/listings?${q} -> ${res.status}`);
      return (JSON.parse(res.text) as { items: unknown[] }).items.length;
    };
    const results: ScaleResult[] = [];
    for (const { kind, query } of SCALE_QUERIES) {
      for (let i = 0; i < WARM_UP; i++) await get(query);
      const samples: number[] = [];
      reads.take();
      const total = emptyReadTally();
      let items = 0;
      for (let i = 0; i < TIMED; i++) {
        const t = performance.now();
        items = await get(query);
        samples.push(performance.now() - t);
        const r = reads.take();
        for (const op of ['query', 'batchGet'] as const) {
          total[op].calls += r[op].calls / TIMED;
          total[op].rcu += r[op].rcu / TIMED;
          total[op].items += r[op].items / TIMED;
        }
      }
      samples.sort((a, b) => a - b);
      results.push({ query, kind, p50: percentile(samples, 50), p95: percentile(samples, 95), items, reads: total });
    }
    clients.close();
    return { writeSeconds, results };
  } finally {
    await stack.dispose();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await browseAtScale()));
  process.exit(0);
}
