import fs from 'node:fs';
import readline from 'node:readline';
import {
  BatchWriteItemCommand,
  CreateTableCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  ScanCommand,
  UpdateTimeToLiveCommand,
  type AttributeValue,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { createTableInput, TTL_ATTRIBUTE } from '../../functions/adapters/db/table';

/**
 * The local restore drill (decision 076, docs/operations.md "Restore drill"): the table is exported item by item to a
 * file of DynamoDB JSON lines (the shape of DynamoDB's own export), a new table is made from the shared definition and
 * filled from the file, and the items of each entity are counted in both. As in AWS, the new table starts without TTL,
 * which is turned on once the counts are taken (expired items would otherwise vanish while they are counted).
 */

type Item = Record<string, AttributeValue>;

/** ElectroDB's entity attribute; items without one (the idempotency records) are counted together. */
const ENTITY = '__edb_e__';
export const NO_ENTITY = '(no entity)';
/** Parallel scan segments: the export reads the whole table (an operator's job, not a read path). */
const SEGMENTS = 4;
const BATCH = 25;

/** Binary attributes survive the JSON file as base64. */
const replacer = (_key: string, value: unknown) =>
  value instanceof Uint8Array ? { $base64: Buffer.from(value).toString('base64') } : value;
const reviver = (_key: string, value: unknown) =>
  value && typeof value === 'object' && '$base64' in value
    ? new Uint8Array(Buffer.from(String((value as { $base64: string }).$base64), 'base64'))
    : value;

const entityOf = (item: Item) => item[ENTITY]?.S ?? NO_ENTITY;
const tally = (counts: Record<string, number>, item: Item) => {
  const e = entityOf(item);
  counts[e] = (counts[e] ?? 0) + 1;
};

/** Every item of the table, segment by segment, page by page. */
async function scanAll(client: DynamoDBClient, tableName: string, each: (item: Item) => void): Promise<void> {
  await Promise.all(
    Array.from({ length: SEGMENTS }, async (_, segment) => {
      let start: Item | undefined;
      do {
        const page = await client.send(
          new ScanCommand({
            TableName: tableName,
            Segment: segment,
            TotalSegments: SEGMENTS,
            ExclusiveStartKey: start,
            ConsistentRead: true,
          }),
        );
        for (const item of page.Items ?? []) each(item);
        start = page.LastEvaluatedKey;
      } while (start);
    }),
  );
}

/** Writes every item of `tableName` to `file` (one `{"Item": ...}` per line); returns the items per entity. */
export async function exportTable(
  client: DynamoDBClient,
  tableName: string,
  file: string,
): Promise<Record<string, number>> {
  const out = fs.createWriteStream(file);
  const counts: Record<string, number> = {};
  await scanAll(client, tableName, (item) => {
    tally(counts, item);
    out.write(JSON.stringify({ Item: item }, replacer) + '\n');
  });
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
  return counts;
}

async function waitActive(client: DynamoDBClient, tableName: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    const out = await client.send(new DescribeTableCommand({ TableName: tableName }));
    if (out.Table?.TableStatus === 'ACTIVE') return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`table ${tableName} did not become ACTIVE`);
}

async function writeBatch(client: DynamoDBClient, tableName: string, items: Item[]): Promise<void> {
  let requests = items.map((Item) => ({ PutRequest: { Item } }));
  for (let attempt = 0; requests.length > 0; attempt++) {
    if (attempt > 10) throw new Error(`${requests.length} items not written to ${tableName}`);
    if (attempt > 0) await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
    const out = await client.send(new BatchWriteItemCommand({ RequestItems: { [tableName]: requests } }));
    requests = (out.UnprocessedItems?.[tableName] ?? []) as typeof requests;
  }
}

/** Makes `tableName` (the shared definition, no TTL yet) and fills it from an export file; returns the items written. */
export async function restoreTable(client: DynamoDBClient, file: string, tableName: string): Promise<number> {
  await client.send(new CreateTableCommand(createTableInput(tableName)));
  await waitActive(client, tableName);
  const lines = readline.createInterface({ input: fs.createReadStream(file), crlfDelay: Infinity });
  let batch: Item[] = [];
  let written = 0;
  const pending = new Set<Promise<void>>();
  const flush = async () => {
    const items = batch;
    batch = [];
    written += items.length;
    const p = writeBatch(client, tableName, items).finally(() => pending.delete(p));
    pending.add(p);
    if (pending.size >= SEGMENTS) await Promise.race(pending);
  };
  for await (const line of lines) {
    if (!line) continue;
    batch.push((JSON.parse(line, reviver) as { Item: Item }).Item);
    if (batch.length === BATCH) await flush();
  }
  if (batch.length) await flush();
  await Promise.all(pending);
  return written;
}

/** The items of each entity in a table. */
export async function countByEntity(client: DynamoDBClient, tableName: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  await scanAll(client, tableName, (item) => tally(counts, item));
  return counts;
}

/** Each entity's items in the export and in the restored table; they match when every entity (and one at least) agrees. */
export function compareCounts(
  exported: Record<string, number>,
  found: Record<string, number>,
): Pick<DrillResult, 'counts' | 'matches'> {
  const entities = [...new Set([...Object.keys(exported), ...Object.keys(found)])].sort();
  const counts = Object.fromEntries(entities.map((e) => [e, { exported: exported[e] ?? 0, restored: found[e] ?? 0 }]));
  return {
    counts,
    matches: entities.length > 0 && entities.every((e) => counts[e]!.exported === counts[e]!.restored),
  };
}

export interface DrillResult {
  source: string;
  restored: string;
  /** Per entity: items exported from the source and items found in the restored table. */
  counts: Record<string, { exported: number; restored: number }>;
  matches: boolean;
  /** Seconds the whole drill took, and its export and restore steps. */
  seconds: number;
  steps: { export: number; restore: number };
}

/**
 * The whole drill: export `source` to `file`, restore it as `restored`, count each entity in both, then turn on TTL on
 * the restored table as the AWS runbook does. The restored table stays (the caller drops it with `dropTable`).
 */
export async function restoreDrill(
  client: DynamoDBClient,
  opts: { source: string; restored: string; file: string },
): Promise<DrillResult> {
  const started = performance.now();
  const exported = await exportTable(client, opts.source, opts.file);
  const exportedAt = performance.now();
  await restoreTable(client, opts.file, opts.restored);
  const restoredAt = performance.now();
  const found = await countByEntity(client, opts.restored);
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: opts.restored,
      TimeToLiveSpecification: { AttributeName: TTL_ATTRIBUTE, Enabled: true },
    }),
  );
  return {
    source: opts.source,
    restored: opts.restored,
    ...compareCounts(exported, found),
    seconds: (performance.now() - started) / 1000,
    steps: { export: (exportedAt - started) / 1000, restore: (restoredAt - exportedAt) / 1000 },
  };
}

export async function dropTable(client: DynamoDBClient, tableName: string): Promise<void> {
  await client.send(new DeleteTableCommand({ TableName: tableName }));
}
