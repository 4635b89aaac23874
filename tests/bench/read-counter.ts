import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';

/** DynamoDB reads by operation: consumed read capacity and items read (ScannedCount for Query, keys asked for by BatchGetItem). */
export type ReadTally = Record<'query' | 'batchGet', { calls: number; rcu: number; items: number }>;

interface ReadOutput {
  ConsumedCapacity?: { CapacityUnits?: number } | { CapacityUnits?: number }[];
  ScannedCount?: number;
}

export const emptyReadTally = (): ReadTally => ({
  query: { calls: 0, rcu: 0, items: 0 },
  batchGet: { calls: 0, rcu: 0, items: 0 },
});

/**
 * Counts the reads of everything sent through `client` (the app's singleton, so the handlers' reads too): asks each
 * request for its consumed capacity and adds it up. `take()` returns the tally since the last take and starts a new one.
 */
export function countReads(client: DynamoDBClient): { take(): ReadTally } {
  let tally = emptyReadTally();
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const input = args.input as {
        ReturnConsumedCapacity?: string;
        RequestItems?: Record<string, { Keys?: unknown[] }>;
      };
      input.ReturnConsumedCapacity = 'TOTAL';
      const out = await next(args);
      const kind =
        context.commandName === 'QueryCommand'
          ? 'query'
          : context.commandName === 'BatchGetItemCommand'
            ? 'batchGet'
            : null;
      if (kind) {
        const output = out.output as ReadOutput;
        const consumed = output.ConsumedCapacity;
        const t = tally[kind];
        t.calls += 1;
        t.rcu += [consumed ?? []].flat().reduce((sum, c) => sum + (c.CapacityUnits ?? 0), 0);
        t.items +=
          kind === 'query'
            ? (output.ScannedCount ?? 0)
            : Object.values(input.RequestItems ?? {}).reduce((sum, r) => sum + (r.Keys?.length ?? 0), 0);
      }
      return out;
    },
    { step: 'initialize', name: 'benchReadCounter' },
  );
  return {
    take() {
      const t = tally;
      tally = emptyReadTally();
      return t;
    },
  };
}
