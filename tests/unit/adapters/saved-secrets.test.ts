import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  CreateSecretCommand,
  DescribeSecretCommand,
  GetSecretValueCommand,
  PutSecretValueCommand,
  ResourceNotFoundException,
  SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { managedSecrets } from '../../../functions/adapters/managed-secrets';
import { resetSecrets, SECRET_TTL_SECONDS, secrets } from '../../../functions/adapters/secrets';
import { saveApiKeyDeps } from '../../../functions/wiring/admin-api-keys';
import { restoreFunctionEnv, stubFunctionEnv } from '../lib/function-env';

/** Keys saved in the admin portal over the deployment's own, through the secrets cache (decision 071). */

const sm = mockClient(SecretsManagerClient);
const T0 = Date.parse('2030-01-01T00:00:00Z');
const TTL_MS = SECRET_TTL_SECONDS * 1000;
const PREFIX = 'marketplace/qa/api-keys/';
const DEPLOYED_ARN = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:CarrierApiSecret-AbCdEf';
const CARRIER = {
  CARRIER_ACCOUNT_NUMBER: '740561073',
  CARRIER_API_KEY: 'deployed-key',
  CARRIER_WEBHOOK_SECRET: 'DeployedWebhookToken000000001',
};
const notFound = () => new ResourceNotFoundException({ message: 'Secrets Manager can’t find it', $metadata: {} });

function stub(env: Record<string, string>) {
  stubFunctionEnv({ ADMIN_SECRETS_PREFIX: '', ADMIN_SECRETS_FILE: '', UPCITEMDB_USER_KEY: '', ...CARRIER, ...env });
  resetSecrets();
}

beforeEach(() => {
  sm.reset();
  vi.useFakeTimers({ now: T0, toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
  restoreFunctionEnv();
  resetSecrets();
});

describe('locally (the data dir’s file)', () => {
  it('the deployment’s value until a key is saved; the saving function uses it at once, every other within the TTL', async () => {
    const file = path.join(await mkdtemp(path.join(tmpdir(), 'saved-secrets-')), 'admin-secrets.json');
    stub({ CARRIER_API_SECRET: 'deployed-secret', ADMIN_SECRETS_FILE: file });
    expect(await secrets.read('carrierWebhookSecret')).toBe(CARRIER.CARRIER_WEBHOOK_SECRET);
    expect(await secrets.find('upcServiceKey')).toBeUndefined();
    await expect(secrets.read('upcServiceKey')).rejects.toThrow(
      'no value for upcServiceKey: save one in the admin portal or set UPCITEMDB_USER_KEY',
    );

    // Saved by another function (its own container): this one keeps its copy until the TTL runs out.
    await managedSecrets().save('carrierWebhookSecret', 'SavedElsewhereToken00000001');
    vi.setSystemTime(T0 + TTL_MS - 1);
    expect(await secrets.read('carrierWebhookSecret')).toBe(CARRIER.CARRIER_WEBHOOK_SECRET);
    vi.setSystemTime(T0 + TTL_MS);
    expect(await secrets.read('carrierWebhookSecret')).toBe('SavedElsewhereToken00000001');

    // Saved through the save route's store: this function forgets its copy, so a read within the TTL sees it.
    await saveApiKeyDeps().secrets.save('carrierWebhookSecret', 'SavedHereToken000000000002');
    await saveApiKeyDeps().secrets.save('upcServiceKey', 'upc-key');
    expect(await secrets.read('carrierWebhookSecret')).toBe('SavedHereToken000000000002');
    expect(await secrets.find('upcServiceKey')).toBe('upc-key');
    // A key nobody saved is still the deployment's.
    expect(await secrets.read('carrierApiSecret')).toBe('deployed-secret');
  });
});

describe('in AWS (Secrets Manager under the stage’s prefix)', () => {
  it('the saved secret over the deployment’s ARN; none saved is remembered for the TTL too', async () => {
    stub({ CARRIER_API_SECRET_ARN: DEPLOYED_ARN, ADMIN_SECRETS_PREFIX: PREFIX });
    sm.on(GetSecretValueCommand, { SecretId: DEPLOYED_ARN }).resolves({ SecretString: 'deployed-secret' });
    sm.on(GetSecretValueCommand, { SecretId: `${PREFIX}carrierApiSecret` })
      .rejectsOnce(notFound())
      .resolves({ SecretString: 'saved-secret\n' });
    const savedReads = () =>
      sm.commandCalls(GetSecretValueCommand).filter((c) => c.args[0].input.SecretId === `${PREFIX}carrierApiSecret`);

    expect(await secrets.read('carrierApiSecret')).toBe('deployed-secret');
    expect(await secrets.read('carrierApiSecret')).toBe('deployed-secret');
    expect(savedReads()).toHaveLength(1);
    vi.setSystemTime(T0 + TTL_MS);
    expect(await secrets.read('carrierApiSecret')).toBe('saved-secret');
    expect(savedReads()).toHaveLength(2);
  });

  it('a read that began before this function’s save never caches the value from before it', async () => {
    stub({ CARRIER_API_SECRET_ARN: DEPLOYED_ARN, ADMIN_SECRETS_PREFIX: PREFIX });
    let answer: (out: { SecretString: string }) => void = () => undefined;
    sm.on(GetSecretValueCommand, { SecretId: `${PREFIX}carrierApiKey` })
      .callsFakeOnce(() => new Promise((resolve) => (answer = resolve)))
      .resolves({ SecretString: 'saved-after' });
    sm.on(PutSecretValueCommand).resolves({});
    const early = secrets.read('carrierApiKey');
    await vi.waitFor(() => expect(sm.commandCalls(GetSecretValueCommand)).toHaveLength(1));
    await saveApiKeyDeps().secrets.save('carrierApiKey', 'saved-after');
    answer({ SecretString: 'saved-before' });
    expect(await early).toBe('saved-before');
    expect(await secrets.read('carrierApiKey')).toBe('saved-after');
  });

  it('saves one secret per key (created on the first save), says which exist without listing, echoes no value', async () => {
    stub({ CARRIER_API_SECRET_ARN: DEPLOYED_ARN, ADMIN_SECRETS_PREFIX: PREFIX });
    sm.on(PutSecretValueCommand).rejectsOnce(notFound()).resolves({});
    sm.on(CreateSecretCommand).resolves({});
    const store = saveApiKeyDeps().secrets;
    await store.save('xamanApiKey', 'saved-app-key');
    await store.save('xamanApiKey', 'saved-app-key-2');
    expect(sm.commandCalls(CreateSecretCommand).map((c) => c.args[0].input)).toEqual([
      { Name: `${PREFIX}xamanApiKey`, SecretString: 'saved-app-key' },
    ]);
    expect(sm.commandCalls(PutSecretValueCommand)).toHaveLength(2);

    sm.on(DescribeSecretCommand).rejects(notFound());
    sm.on(DescribeSecretCommand, { SecretId: `${PREFIX}xamanApiKey` }).resolves({ Name: `${PREFIX}xamanApiKey` });
    const configured = await store.configured();
    expect(configured).toMatchObject({ xamanApiKey: true, carrierApiKey: true, carrierApiSecret: true });
    expect(configured.upcServiceKey).toBe(false);
    expect(JSON.stringify(configured)).not.toContain('saved-app-key');
  });
});
