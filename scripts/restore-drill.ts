/**
 * `npm run restore-drill`: the restore drill of docs/operations.md, locally. It exports the local table, restores it
 * into a new table and checks that every entity has as many items in both (infra/local/table-restore.ts).
 *
 * Which table: the DynamoDB Local of a running `npm start` (found through <DATA_DIR>/dynamodb-endpoint.json, which
 * the local stack writes), or `--endpoint <url>`; without either, a fresh local stack with the demo seed is started in
 * a scratch directory and stopped after. `--keep` leaves the restored table in place (it is dropped by default).
 * Exits 1 when any count differs.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { ENDPOINT_FILE } from '../infra/local/dynamodb';
import { LOCAL_CREDENTIALS, LOCAL_REGION, LOCAL_TABLE_NAME } from '../infra/local/env';
import { startLocalStack, type LocalStack } from '../infra/local/stack';
import { dropTable, restoreDrill } from '../infra/local/table-restore';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};

const clientFor = (endpoint: string) =>
  new DynamoDBClient({ region: LOCAL_REGION, endpoint, credentials: LOCAL_CREDENTIALS });

/** The running stack's DynamoDB Local, if its endpoint file names one that answers. */
async function runningEndpoint(): Promise<string | undefined> {
  const file = path.join(path.resolve(root, process.env.DATA_DIR ?? '.data'), ENDPOINT_FILE);
  if (!fs.existsSync(file)) return undefined;
  const { endpoint } = JSON.parse(fs.readFileSync(file, 'utf8')) as { endpoint: string };
  const client = clientFor(endpoint);
  try {
    await client.send(new ListTablesCommand({ Limit: 1 }));
    return endpoint;
  } catch {
    return undefined;
  } finally {
    client.destroy();
  }
}

let stack: LocalStack | undefined;
let scratch: string | undefined;
let code = 0;
try {
  let endpoint = option('--endpoint') ?? (await runningEndpoint());
  if (endpoint) {
    console.log(`Using the DynamoDB Local at ${endpoint}`);
  } else {
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'restore-drill-'));
    console.log('No running stack found: starting a fresh one with the demo seed...');
    stack = await startLocalStack({
      port: 0,
      dataDir: scratch,
      seed: true,
      webDir: null,
      ledgerPort: 0,
      xamanPort: 0,
      productsPort: 0,
      carrierPort: 0,
    });
    endpoint = stack.env.AWS_ENDPOINT_URL_DYNAMODB!;
  }
  const client = clientFor(endpoint);
  const stamp = new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14);
  const restored = `${LOCAL_TABLE_NAME}-restored-${stamp}`;
  const file = path.join(os.tmpdir(), `${restored}.jsonl`);
  const result = await restoreDrill(client, { source: LOCAL_TABLE_NAME, restored, file });
  console.table(result.counts);
  const total = Object.values(result.counts).reduce((n, c) => n + c.exported, 0);
  console.log(
    `${total} items exported from ${result.source} to ${file} and restored into ${result.restored} in ` +
      `${result.seconds.toFixed(1)} s (export ${result.steps.export.toFixed(1)} s, restore ` +
      `${result.steps.restore.toFixed(1)} s): ${result.matches ? 'every entity’s count matches' : 'COUNTS DIFFER'}`,
  );
  if (args.includes('--keep')) console.log(`Kept ${restored}.`);
  else await dropTable(client, restored);
  fs.rmSync(file, { force: true });
  client.destroy();
  code = result.matches ? 0 : 1;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  code = 1;
} finally {
  await stack?.stop().catch(() => undefined);
  if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
}
process.exit(code);
