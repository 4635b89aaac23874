import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DescribeTimeToLiveCommand, DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { LOCAL_CREDENTIALS, LOCAL_REGION, LOCAL_TABLE_NAME } from '../../infra/local/env';
import { dropTable, NO_ENTITY, restoreDrill } from '../../infra/local/table-restore';

/**
 * The local restore drill (docs/operations.md, decision 076) against the stack's own table: everything the other
 * tests and the seed left there is exported, restored into a new table and counted per entity in both.
 */
const client = new DynamoDBClient({
  region: LOCAL_REGION,
  endpoint: inject('dynamoEndpoint'),
  credentials: LOCAL_CREDENTIALS,
});
const restored = `${LOCAL_TABLE_NAME}-restore-drill-${Date.now()}`;
const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'restore-drill-')), 'export.jsonl');

afterAll(async () => {
  await dropTable(client, restored).catch(() => undefined);
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
  client.destroy();
});

describe('restore drill', () => {
  it('exports the table, restores it into a new one with TTL back on, and every entity counts the same', async () => {
    const result = await restoreDrill(client, { source: LOCAL_TABLE_NAME, restored, file });
    expect(result.matches).toBe(true);
    // The stack's table holds users and listings at least (the seed, the other tests), each counted by entity.
    const entities = Object.keys(result.counts).filter((e) => e !== NO_ENTITY);
    expect(entities.length).toBeGreaterThan(3);
    for (const [entity, c] of Object.entries(result.counts)) expect(c.restored, entity).toBe(c.exported);
    const lines = fs.readFileSync(file, 'utf8').trim().split('\n');
    expect(lines.length).toBe(Object.values(result.counts).reduce((n, c) => n + c.exported, 0));
    expect(JSON.parse(lines[0]!)).toHaveProperty('Item.pk.S');
    const tables = await client.send(new ListTablesCommand({}));
    expect(tables.TableNames).toContain(restored);
    const ttl = await client.send(new DescribeTimeToLiveCommand({ TableName: restored }));
    expect(ttl.TimeToLiveDescription?.AttributeName).toBe('ttl');
  });
});
