import {
  GetSecretValueCommand,
  ResourceNotFoundException,
  SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetSecrets, secrets } from '../../../functions/adapters/secrets';
import { ledgerConfig, resetConfigForTests, signerConfig } from '../../../functions/lib/config';

const ARN = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:XamanApiSecret-AbCdEf';
const KEYS = [
  'XRPL_URL',
  'XRPL_NETWORK',
  'RLUSD_ISSUER',
  'RLUSD_CURRENCY',
  'XAMAN_API_URL',
  'XAMAN_API_KEY',
  'XAMAN_API_SECRET',
  'XAMAN_API_SECRET_ARN',
] as const;
const saved = Object.fromEntries(KEYS.map((k) => [k, process.env[k]]));
const sm = mockClient(SecretsManagerClient);

function setEnv(values: Partial<Record<(typeof KEYS)[number], string>>) {
  for (const k of KEYS) delete process.env[k];
  Object.assign(process.env, values);
  resetConfigForTests();
  resetSecrets();
}

beforeEach(() => sm.reset());
afterEach(() => {
  for (const k of KEYS) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
  resetConfigForTests();
  resetSecrets();
});

describe('ledger and signer settings', () => {
  it('validates the ledger settings and defaults the RLUSD currency', () => {
    setEnv({
      XRPL_URL: 'ws://127.0.0.1:6006',
      XRPL_NETWORK: 'local',
      RLUSD_ISSUER: 'rLUEXYuLiQptky37CqLcm9USQpPiz5rkpD',
    });
    expect(ledgerConfig()).toEqual({
      XRPL_URL: 'ws://127.0.0.1:6006',
      XRPL_NETWORK: 'local',
      RLUSD_ISSUER: 'rLUEXYuLiQptky37CqLcm9USQpPiz5rkpD',
      RLUSD_CURRENCY: '524C555344000000000000000000000000000000',
    });
  });

  it('names every setting that is wrong, and counts an empty value as unset', () => {
    setEnv({ XRPL_URL: 'https://s.altnet.rippletest.net', XRPL_NETWORK: 'devnet', RLUSD_ISSUER: '' });
    expect(() => ledgerConfig()).toThrow(/XRPL_URL.*XRPL_NETWORK.*RLUSD_ISSUER/);
    setEnv({ XAMAN_API_KEY: '6a1c9d36-2b55-4a3e-9a43-6f3c1f0e2b11' });
    expect(() => signerConfig()).toThrow(/XAMAN_API_SECRET_ARN \(set XAMAN_API_SECRET_ARN/);
  });

  it('defaults the Xaman API to the real one', () => {
    setEnv({ XAMAN_API_KEY: '6a1c9d36-2b55-4a3e-9a43-6f3c1f0e2b11', XAMAN_API_SECRET_ARN: ARN });
    expect(signerConfig().XAMAN_API_URL).toBe('https://xumm.app');
  });
});

describe('secrets', () => {
  const key = '6a1c9d36-2b55-4a3e-9a43-6f3c1f0e2b11';

  it('takes the local value from the environment without asking Secrets Manager', async () => {
    setEnv({ XAMAN_API_KEY: key, XAMAN_API_SECRET: 'local-secret' });
    expect(await secrets.read('xamanApiSecret')).toBe('local-secret');
    expect(sm.commandCalls(GetSecretValueCommand)).toHaveLength(0);
  });

  it('reads the secret from Secrets Manager once per cold start', async () => {
    setEnv({ XAMAN_API_KEY: key, XAMAN_API_SECRET_ARN: ARN });
    sm.on(GetSecretValueCommand, { SecretId: ARN }).resolves({ SecretString: ' the-secret \n' });
    expect(await secrets.read('xamanApiSecret')).toBe('the-secret');
    expect(await secrets.read('xamanApiSecret')).toBe('the-secret');
    expect(sm.commandCalls(GetSecretValueCommand)).toHaveLength(1);
  });

  it('says when the secret has no value yet, and tries again on the next read', async () => {
    setEnv({ XAMAN_API_KEY: key, XAMAN_API_SECRET_ARN: ARN });
    sm.on(GetSecretValueCommand)
      .rejectsOnce(new ResourceNotFoundException({ message: 'no AWSCURRENT', $metadata: {} }))
      .resolves({ SecretString: 'put-later' });
    await expect(secrets.read('xamanApiSecret')).rejects.toThrow(`secret ${ARN} has no value yet`);
    expect(await secrets.read('xamanApiSecret')).toBe('put-later');
    expect(sm.commandCalls(GetSecretValueCommand)).toHaveLength(2);
  });
});
