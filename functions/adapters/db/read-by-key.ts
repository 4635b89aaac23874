import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { BoundedMap } from '../../lib/bounded-map';
import { readItem } from './batched-reads';

type GetParams = { TableName?: string; Key?: Record<string, unknown> };
type Gettable<K> = { get(key: K): { params(): GetParams } };

/** Keys remembered per entity: a process's hot listings, its users' sessions and counters. */
const KEYS_PER_ENTITY = 5_000;
const memos = new WeakMap<object, BoundedMap<string, GetParams>>();

/**
 * One item by its key through the process's batched reads (batched-reads.ts), its GetItem parameters built once per
 * key: ElectroDB builds its whole chain (every attribute of the entity) for each `get`, about 30 µs, and a hot
 * listing's or a session's key is read hundreds of times a second. For keys read again; a key read once (a request's
 * Idempotency-Key) gains nothing from it.
 */
export function readByKey<K extends Record<string, string>>(
  client: DynamoDBDocumentClient,
  entity: Gettable<K>,
  key: K,
): Promise<Record<string, unknown> | undefined> {
  let memo = memos.get(entity);
  if (!memo) {
    memo = new BoundedMap(KEYS_PER_ENTITY);
    memos.set(entity, memo);
  }
  const id = JSON.stringify(key);
  let params = memo.get(id);
  if (!params) {
    params = entity.get(key).params();
    memo.set(id, params);
  }
  return readItem(client, params);
}
