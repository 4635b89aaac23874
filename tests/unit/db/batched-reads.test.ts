import type { BatchGetCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { readItem } from '../../../functions/adapters/db/batched-reads';
import { readByKey } from '../../../functions/adapters/db/read-by-key';

type Key = { pk: string; sk: string };
type Request = { Keys: Key[]; ConsistentRead: boolean };

/**
 * A table of `items` behind BatchGetItem; `unprocessed` keys are left over once; `fail` throws instead; a request with
 * the `bad` key is refused as invalid.
 */
function fakeClient(items: Key[], opts: { unprocessed?: string[]; fail?: boolean; bad?: string } = {}) {
  const requests: Request[] = [];
  let leftOver = new Set(opts.unprocessed ?? []);
  const client = {
    async send(command: BatchGetCommand) {
      const asked = command.input.RequestItems!.t as Request;
      requests.push(asked);
      if (opts.fail) throw new Error('throttled');
      if (asked.Keys.some((k) => k.pk === opts.bad))
        throw Object.assign(new Error('key too long'), { name: 'ValidationException' });
      const left = asked.Keys.filter((k) => leftOver.has(k.pk));
      leftOver = new Set();
      const found = items.filter((i) => asked.Keys.some((k) => k.pk === i.pk && k.sk === i.sk) && !left.includes(i));
      return {
        Responses: { t: found.map((i) => ({ ...i, value: `of ${i.pk}` })) },
        UnprocessedKeys: { t: { Keys: left } },
      };
    },
  };
  return { client: client as unknown as DynamoDBDocumentClient, requests };
}

const key = (pk: string): Key => ({ pk, sk: 's' });
const read = (client: DynamoDBDocumentClient, pk: string) => readItem(client, { TableName: 't', Key: key(pk) });

describe('readItem', () => {
  it('reads the items asked for in one turn of the event loop in one strongly consistent request, each key once', async () => {
    const { client, requests } = fakeClient([key('a'), key('b')]);
    const answers = await Promise.all(['a', 'b', 'a', 'none'].map((pk) => read(client, pk)));
    expect(answers).toEqual([
      { pk: 'a', sk: 's', value: 'of a' },
      { pk: 'b', sk: 's', value: 'of b' },
      { pk: 'a', sk: 's', value: 'of a' },
      undefined,
    ]);
    expect(requests).toEqual([{ Keys: [key('a'), key('b'), key('none')], ConsistentRead: true }]);
    // A later turn is a new request.
    await read(client, 'b');
    expect(requests).toHaveLength(2);
  });

  it('asks for at most 100 keys a request, and again for the keys DynamoDB left unprocessed', async () => {
    const all = Array.from({ length: 150 }, (_, i) => key(`k${i}`));
    const { client, requests } = fakeClient(all, { unprocessed: ['k3'] });
    const answers = await Promise.all(all.map((k) => read(client, k.pk)));
    expect(answers.every((a, i) => a?.pk === `k${i}`)).toBe(true);
    expect(requests.map((r) => r.Keys.length)).toEqual([100, 50, 1]);
  });

  it('fails every read of a request that failed, but only the bad key of a request refused as invalid', async () => {
    const { client } = fakeClient([key('a')], { fail: true });
    const answers = await Promise.allSettled(['a', 'b'].map((pk) => read(client, pk)));
    expect(answers.map((a) => a.status)).toEqual(['rejected', 'rejected']);
    const refused = fakeClient([key('a')], { bad: 'x' });
    const alone = await Promise.allSettled(['a', 'x'].map((pk) => read(refused.client, pk)));
    expect(alone.map((a) => a.status)).toEqual(['fulfilled', 'rejected']);
    expect(refused.requests.map((r) => r.Keys.length)).toEqual([2, 1, 1]);
  });

  it('gathers the reads asked for while a batch is out and sends them together once it is back', async () => {
    const requests: string[][] = [];
    const held: (() => void)[] = [];
    const client = {
      send(command: BatchGetCommand) {
        const keys = (command.input.RequestItems!.t as Request).Keys;
        requests.push(keys.map((k) => k.pk));
        // Each answer says when it was read: a later write must not be missed by a read asked for after the send.
        const at = requests.length;
        return new Promise((resolve) =>
          held.push(() => resolve({ Responses: { t: keys.map((k) => ({ ...k, value: `read ${at}` })) } })),
        );
      },
    } as unknown as DynamoDBDocumentClient;
    const first = read(client, 'a');
    await new Promise((r) => setImmediate(r));
    expect(requests).toEqual([['a']]);
    // Asked for in later turns while the first is out: none is sent yet, and 'a' again is not answered by the first.
    const later = [read(client, 'a'), read(client, 'b')];
    await new Promise((r) => setImmediate(r));
    const last = read(client, 'c');
    await new Promise((r) => setImmediate(r));
    expect(requests).toEqual([['a']]);
    held.shift()!();
    expect(await first).toMatchObject({ value: 'read 1' });
    for (let turn = 0; turn < 3; turn++) await new Promise((r) => setImmediate(r));
    expect(requests).toEqual([['a'], ['a', 'b', 'c']]);
    held.shift()!();
    expect(await Promise.all([...later, last])).toMatchObject([
      { value: 'read 2' },
      { value: 'read 2' },
      { value: 'read 2' },
    ]);
  });
});

describe('readByKey', () => {
  it('reads an entity item by its key through the batched reads, with the same parameters ElectroDB builds', async () => {
    const asked: unknown[] = [];
    const client = {
      async send(command: BatchGetCommand) {
        asked.push(command.input.RequestItems);
        return { Responses: { t: [] }, UnprocessedKeys: {} };
      },
    } as unknown as DynamoDBDocumentClient;
    let builds = 0;
    const entity = {
      get(key: { id: string }) {
        builds++;
        return { params: () => ({ TableName: 't', Key: { pk: `$x#id_${key.id}`, sk: '$x' } }) };
      },
    };
    await Promise.all([readByKey(client, entity, { id: 'a' }), readByKey(client, entity, { id: 'b' })]);
    await readByKey(client, entity, { id: 'a' });
    expect(asked).toEqual([
      {
        t: {
          Keys: [
            { pk: '$x#id_a', sk: '$x' },
            { pk: '$x#id_b', sk: '$x' },
          ],
          ConsistentRead: true,
        },
      },
      { t: { Keys: [{ pk: '$x#id_a', sk: '$x' }], ConsistentRead: true } },
    ]);
    // Built once per key, however often it is read.
    expect(builds).toBe(2);
  });
});
