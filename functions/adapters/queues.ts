import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { queues } from '../routes';
import { sqsClient } from '../lib/aws-clients';

/** The URL of a queue of the route table, from the variable its QueueDef names. */
export function queueUrl(name: string): string {
  const def = queues.find((q) => q.name === name);
  if (!def) throw new Error(`No queue named ${name} in functions/routes.ts`);
  const url = process.env[def.urlEnv];
  if (!url) throw new Error(`${def.urlEnv} is not set`);
  return url;
}

export async function sendToQueue(name: string, body: unknown, delaySeconds = 0): Promise<void> {
  await sqsClient().send(
    new SendMessageCommand({
      QueueUrl: queueUrl(name),
      MessageBody: JSON.stringify(body),
      ...(delaySeconds > 0 && { DelaySeconds: delaySeconds }),
    }),
  );
}
