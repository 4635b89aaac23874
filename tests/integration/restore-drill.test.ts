import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DescribeTimeToLiveCommand, DynamoDBClient, ListTablesCommand, ScanCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { LOCAL_CREDENTIALS, LOCAL_REGION, LOCAL_TABLE_NAME } from '../../infra/local/env';
import { dropTable, NO_ENTITY, restoreDrill, restoreTable } from '../../infra/local/table-restore';

/**
 * The local restore drill's core (docs/operations.md, decision 076) in the stack's DynamoDB Local. DynamoDB Local
 * writes about 50 items a second under load, so the drill runs on a sample of the stack's own items (the seed's and
 * the other tests') copied into a table of its own, not on the whole table `npm run restore-drill` takes.
 */
const SAMPLE = 100;
const client = new DynamoDBClient({
  region: LOCAL_REGION,
  endpoint: inject('dynamoEndpoint'),
  credentials: LOCAL_CREDENTIALS,
});
const stamp = Date.now();
const source = `${LOCAL_TABLE_NAME}-drill-source-${stamp}`;
const restored = `${LOCAL_TABLE_NAME}-drill-restored-${stamp}`;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'restore-drill-'));

afterAll(async () => {
  for (const table of [source, restored]) await dropTable(client, table).catch(() => undefined);
  fs.rmSync(dir, { recursive: true, force: true });
  client.destroy();
});

describe('restore drill', () => {
  it('exports a table, restores it into a new one with TTL back on, and every entity counts the same', async () => {
    const page = await client.send(new ScanCommand({ TableName: LOCAL_TABLE_NAME, Limit: SAMPLE }));
    const sample = path.join(dir, 'sample.jsonl');
    fs.writeFileSync(sample, page.Items!.map((Item) => JSON.stringify({ Item })).join('\n') + '\n');
    await restoreTable(client, sample, source);

    const file = path.join(dir, 'export.jsonl');
    const result = await restoreDrill(client, { source, restored, file });
    expect(result.matches).toBe(true);
    const exported = Object.values(result.counts).reduce((n, c) => n + c.exported, 0);
    expect(exported).toBe(page.Items!.length);
    expect(Object.keys(result.counts).filter((e) => e !== NO_ENTITY).length).toBeGreaterThan(1);
    for (const [entity, c] of Object.entries(result.counts)) expect(c.restored, entity).toBe(c.exported);
    const lines = fs.readFileSync(file, 'utf8').trim().split('\n');
    expect(lines).toHaveLength(exported);
    expect(JSON.parse(lines[0]!)).toHaveProperty('Item.pk.S');
    expect((await client.send(new ListTablesCommand({}))).TableNames).toContain(restored);
    const ttl = await client.send(new DescribeTimeToLiveCommand({ TableName: restored }));
    expect(ttl.TimeToLiveDescription?.AttributeName).toBe('ttl');
  });
});
