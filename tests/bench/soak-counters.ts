/**
 * Counters for the cost model (scripts/cost-model.ts), taken in the process that runs the handlers (the one-process
 * shape): DynamoDB items and capacity on the app's client, SQS messages sent on the app's client, and the app's ledger
 * requests (the xrpl Client's requests made from functions/, not from the stand-ins).
 */
import { Client } from 'xrpl';
import { dynamoRawClient, sqsClient } from '../../functions/lib/aws-clients';

export interface AwsTally {
  dynamo: { readItems: number; rcu: number; writeItems: number; wcu: number; calls: number };
  /** Messages sent, by queue name. */
  sqsSent: Record<string, number>;
  ledgerCalls: number;
}

export const emptyTally = (): AwsTally => ({
  dynamo: { readItems: 0, rcu: 0, writeItems: 0, wcu: 0, calls: 0 },
  sqsSent: {},
  ledgerCalls: 0,
});

const READS = new Set([
  'GetItemCommand',
  'QueryCommand',
  'ScanCommand',
  'BatchGetItemCommand',
  'TransactGetItemsCommand',
]);
const WRITES = new Set([
  'PutItemCommand',
  'UpdateItemCommand',
  'DeleteItemCommand',
  'BatchWriteItemCommand',
  'TransactWriteItemsCommand',
]);

type Capacity = { CapacityUnits?: number } | { CapacityUnits?: number }[] | undefined;
const units = (c: Capacity) => [c ?? []].flat().reduce((sum, x) => sum + (x.CapacityUnits ?? 0), 0);

/** Items a write request touches (a transaction's or batch's entries; one otherwise). */
function writeItems(command: string, input: Record<string, unknown>): number {
  if (command === 'TransactWriteItemsCommand') return (input.TransactItems as unknown[] | undefined)?.length ?? 0;
  if (command === 'BatchWriteItemCommand') {
    return Object.values((input.RequestItems as Record<string, unknown[]>) ?? {}).reduce((s, r) => s + r.length, 0);
  }
  return 1;
}

/** Items a read returns or examines (Query and Scan: ScannedCount; batch and transaction gets: keys asked for). */
function readItems(command: string, input: Record<string, unknown>, output: Record<string, unknown>): number {
  if (command === 'QueryCommand' || command === 'ScanCommand') return (output.ScannedCount as number) ?? 0;
  if (command === 'BatchGetItemCommand') {
    return Object.values((input.RequestItems as Record<string, { Keys?: unknown[] }>) ?? {}).reduce(
      (s, r) => s + (r.Keys?.length ?? 0),
      0,
    );
  }
  if (command === 'TransactGetItemsCommand') return (input.TransactItems as unknown[] | undefined)?.length ?? 0;
  return output.Item ? 1 : 0;
}

/** Starts counting; `take()` returns the counts since the last take. Call after the local stack has started. */
export function countAws(): { take(): AwsTally } {
  let tally = emptyTally();
  dynamoRawClient().middlewareStack.add(
    (next, context) => async (args) => {
      const input = args.input as Record<string, unknown>;
      const command = context.commandName ?? '';
      const counted = READS.has(command) || WRITES.has(command);
      if (counted) input.ReturnConsumedCapacity = 'TOTAL';
      const out = await next(args);
      if (counted) {
        const output = out.output as unknown as Record<string, unknown>;
        const d = tally.dynamo;
        d.calls++;
        if (READS.has(command)) {
          d.readItems += readItems(command, input, output);
          d.rcu += units(output.ConsumedCapacity as Capacity);
        } else {
          d.writeItems += writeItems(command, input);
          d.wcu += units(output.ConsumedCapacity as Capacity);
        }
      }
      return out;
    },
    { step: 'initialize', name: 'soakAwsCounter' },
  );
  sqsClient().middlewareStack.add(
    (next, context) => async (args) => {
      const input = args.input as { QueueUrl?: string; Entries?: unknown[] };
      const out = await next(args);
      const sent =
        context.commandName === 'SendMessageCommand'
          ? 1
          : context.commandName === 'SendMessageBatchCommand'
            ? (input.Entries?.length ?? 0)
            : 0;
      if (sent) {
        const queue = (input.QueueUrl ?? '').split('/').at(-1) ?? '?';
        tally.sqsSent[queue] = (tally.sqsSent[queue] ?? 0) + sent;
      }
      return out;
    },
    { step: 'initialize', name: 'soakSqsCounter' },
  );
  // The app's requests only: the nearest caller outside the xrpl package (async frames included) is in functions/.
  Error.stackTraceLimit = Math.max(Error.stackTraceLimit, 60);
  const request = Client.prototype.request;
  Client.prototype.request = function (this: Client, ...args: Parameters<Client['request']>) {
    const caller = (new Error().stack ?? '')
      .split('\n')
      .slice(2)
      .find((line) => line.includes('/') && !line.includes('node_modules') && !line.includes('soak-counters'));
    if (caller?.includes('/functions/')) tally.ledgerCalls++;
    return request.apply(this, args);
  } as Client['request'];
  return {
    take() {
      const t = tally;
      tally = emptyTally();
      return t;
    },
  };
}
