import { BatchGetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

type Key = Record<string, unknown>;
type Item = Record<string, unknown>;

/** DynamoDB's limit of keys in one BatchGetItem. */
const KEYS_PER_BATCH = 100;
/** BatchGetItem leaves keys unprocessed when throttled: they are asked for again, this many times at most. */
const BATCH_ATTEMPTS = 5;
/** Batches out at once per process: reads asked for meanwhile gather and go together when one comes back. */
const MAX_IN_FLIGHT = 1;

interface Wanted {
  key: Key;
  waiters: { resolve(item: Item | undefined): void; reject(error: unknown): void }[];
}

/** A key's identity in a table: its attributes' values in name order (the same key asked for twice is read once). */
const idOf = (key: Key, names: readonly string[]) => JSON.stringify(names.map((n) => key[n]));

async function readAll(client: DynamoDBDocumentClient, table: string, wanted: Map<string, Wanted>): Promise<void> {
  const names = Object.keys(wanted.values().next().value!.key).sort();
  const found = new Map<string, Item>();
  let keys = [...wanted.values()].map((w) => w.key);
  for (let attempt = 1; keys.length > 0; attempt++) {
    if (attempt > BATCH_ATTEMPTS) throw new Error(`batched read: ${keys.length} keys left unprocessed`);
    const out = await client.send(
      new BatchGetCommand({ RequestItems: { [table]: { Keys: keys, ConsistentRead: true } } }),
    );
    for (const item of out.Responses?.[table] ?? []) found.set(idOf(item, names), item);
    keys = (out.UnprocessedKeys?.[table]?.Keys ?? []) as Key[];
  }
  for (const [id, w] of wanted) for (const waiter of w.waiters) waiter.resolve(found.get(id));
}

function batcher(client: DynamoDBDocumentClient) {
  let pending: Map<string, Map<string, Wanted>> | null = null;
  let scheduled = false;
  let inFlight = 0;
  const send = (table: string, part: Map<string, Wanted>): Promise<void> =>
    readAll(client, table, part).catch((error: unknown) => {
      // One request's bad key must not fail another's read: each key of a refused batch is read on its own.
      if (part.size === 1 || (error as { name?: string }).name !== 'ValidationException') {
        for (const w of part.values()) for (const waiter of w.waiters) waiter.reject(error);
        return;
      }
      for (const [id, w] of part) {
        readAll(client, table, new Map([[id, w]])).catch((alone: unknown) => {
          for (const waiter of w.waiters) waiter.reject(alone);
        });
      }
    });
  const flush = () => {
    scheduled = false;
    if (!pending) return;
    const tables = pending;
    pending = null;
    const sent: Promise<void>[] = [];
    for (const [table, wanted] of tables) {
      const all = [...wanted];
      for (let i = 0; i < all.length; i += KEYS_PER_BATCH)
        sent.push(send(table, new Map(all.slice(i, i + KEYS_PER_BATCH))));
    }
    inFlight++;
    void Promise.all(sent).then(() => {
      inFlight--;
      // What gathered while this batch was out goes now, in one request.
      if (pending && !scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    });
  };
  return (table: string, key: Key): Promise<Item | undefined> =>
    new Promise((resolve, reject) => {
      if (!pending) pending = new Map();
      if (!scheduled && inFlight < MAX_IN_FLIGHT) {
        scheduled = true;
        setImmediate(flush);
      }
      const wanted = pending.get(table) ?? new Map<string, Wanted>();
      pending.set(table, wanted);
      const id = idOf(key, Object.keys(key).sort());
      const entry = wanted.get(id) ?? { key, waiters: [] };
      wanted.set(id, entry);
      entry.waiters.push({ resolve, reject });
    });
}

const batchers = new WeakMap<DynamoDBDocumentClient, ReturnType<typeof batcher>>();

/**
 * One item by its key, read strongly consistent, together with every other such read this process asks for in the
 * same turn of the event loop: they wait for the turn's I/O callbacks to run (setImmediate) and go in BatchGetItem
 * requests of up to 100 keys. While a batch is out, the reads asked for meanwhile gather and go together once it is
 * back: under load one request carries a few turns' reads (a batch never answers a read asked for after it was sent,
 * so a read still sees every write that finished before it was asked for). Where one process serves many requests at once (the local runtime, a container host),
 * the session checks and bid reads of a burst of requests cost DynamoDB one request, not one each (decision 036); in a
 * Lambda container, serving one request at a time, a batch holds the request's own reads.
 */
export function readItem(
  client: DynamoDBDocumentClient,
  params: { TableName?: string; Key?: Key },
): Promise<Item | undefined> {
  let read = batchers.get(client);
  if (!read) {
    read = batcher(client);
    batchers.set(client, read);
  }
  return read(params.TableName!, params.Key!);
}
