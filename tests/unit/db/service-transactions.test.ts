import type { DynamoDBDocumentClient, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { serviceFor } from '../../../functions/adapters/db/service';

/** A client that records the transactions sent to it and answers each with success. */
function recordingClient() {
  const sent: TransactWriteCommand['input'][] = [];
  const client = {
    async send(command: { input: TransactWriteCommand['input'] }) {
      sent.push(command.input);
      return {};
    },
  };
  return { client: client as unknown as DynamoDBDocumentClient, sent };
}

describe('the table service', () => {
  it("builds a transaction's items once, and gives ElectroDB only the entities they use", async () => {
    const { client, sent } = recordingClient();
    const db = serviceFor(client, 't');
    let built = 0;
    const touched: string[] = [];
    const result = await db.transaction
      .write((entities) => {
        built++;
        touched.push(...Object.keys(entities));
        return [
          entities.notificationCounter.update({ userId: 'U1' }).add({ unread: 1 }).commit(),
          entities.notificationKey.create({ userId: 'U1', dedupeKey: 'k', notificationId: 'N1' }).commit(),
        ];
      })
      .go();
    expect(result.canceled).toBe(false);
    expect(built).toBe(1);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.TransactItems).toHaveLength(2);
    expect(sent[0]!.TransactItems![0]!.Update?.TableName).toBe('t');
    expect(sent[0]!.TransactItems![1]!.Put?.ConditionExpression).toContain('attribute_not_exists');
  });
});
