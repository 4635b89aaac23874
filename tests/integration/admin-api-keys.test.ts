import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../functions/routes';
import { LOCAL_CARRIER_WEBHOOK_SECRET } from '../../infra/local/env';
import { call } from './auth-support';
import { signedCarrierWebhook } from './route-fixtures';
import { rawRequestOf, sendRaw, signUp, type Account } from './route-support';
import { makeAdmin } from './table-support';

/**
 * A key saved in the admin portal takes effect (decision 071). The stack's FedEx webhook token changes for a moment,
 * so this file runs in the half whose files run one after another (tests/integration/stack-halves.ts).
 */

const FROM = '127.0.73.1';
let admin: Account;

beforeAll(async () => {
  admin = await signUp(FROM, 'keysadm');
  await makeAdmin(admin.userId);
}, 60_000);

const webhookSignedWith = async (secret: string) =>
  (await sendRaw(rawRequestOf(routes.carrierWebhook, signedCarrierWebhook([], secret), undefined, FROM))).status;

const saveWebhookSecret = async (value: string) =>
  (await call('PUT', '/api/admin/api-keys/carrierWebhookSecret', { token: admin.token, from: FROM, body: { value } }))
    .status;

describe('a saved FedEx webhook secret', () => {
  it('checks the next webhook in place of the deployment’s token', async () => {
    const saved = `SavedWebhookToken${randomUUID().replaceAll('-', '')}`;
    expect(await webhookSignedWith(saved)).toBe(401);
    try {
      expect(await saveWebhookSecret(saved)).toBe(200);
      expect(await webhookSignedWith(saved)).toBe(200);
      expect(await webhookSignedWith(LOCAL_CARRIER_WEBHOOK_SECRET)).toBe(401);
    } finally {
      // The stand-in signs with the deployment's token: saved back, it is the one in use again.
      expect(await saveWebhookSecret(LOCAL_CARRIER_WEBHOOK_SECRET)).toBe(200);
    }
    expect(await webhookSignedWith(LOCAL_CARRIER_WEBHOOK_SECRET)).toBe(200);
  });
});
