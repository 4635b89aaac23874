import {
  GetSecretValueCommand,
  ResourceNotFoundException,
  SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  resetSecrets,
  SECRET_REFRESH_MIN_SECONDS,
  SECRET_TTL_SECONDS,
  secrets,
} from '../../../functions/adapters/secrets';
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
  vi.useRealTimers();
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

  it('reads the secret from Secrets Manager once per TTL, concurrent reads sharing one call', async () => {
    setEnv({ XAMAN_API_KEY: key, XAMAN_API_SECRET_ARN: ARN });
    sm.on(GetSecretValueCommand, { SecretId: ARN }).resolves({ SecretString: ' the-secret \n' });
    const both = await Promise.all([secrets.read('xamanApiSecret'), secrets.read('xamanApiSecret')]);
    expect(both).toEqual(['the-secret', 'the-secret']);
    expect(await secrets.read('xamanApiSecret')).toBe('the-secret');
    expect(sm.commandCalls(GetSecretValueCommand)).toHaveLength(1);
  });

  it('picks up a rotated secret once the TTL has passed, without a restart', async () => {
    vi.useFakeTimers({ now: new Date('2030-01-01T00:00:00Z'), toFake: ['Date'] });
    setEnv({ XAMAN_API_KEY: key, XAMAN_API_SECRET_ARN: ARN });
    sm.on(GetSecretValueCommand).resolvesOnce({ SecretString: 'before' }).resolves({ SecretString: 'rotated' });
    expect(await secrets.read('xamanApiSecret')).toBe('before');
    vi.setSystemTime(Date.now() + (SECRET_TTL_SECONDS - 1) * 1000);
    expect(await secrets.read('xamanApiSecret')).toBe('before');
    expect(sm.commandCalls(GetSecretValueCommand)).toHaveLength(1);
    vi.setSystemTime(Date.now() + 2000);
    expect(await secrets.read('xamanApiSecret')).toBe('rotated');
    expect(sm.commandCalls(GetSecretValueCommand)).toHaveLength(2);
  });

  it('reads past the cache on refresh (a just-rotated key), at most once per interval, saying whether it changed', async () => {
    vi.useFakeTimers({ now: new Date('2030-01-01T00:00:00Z'), toFake: ['Date'] });
    setEnv({ XAMAN_API_KEY: key, XAMAN_API_SECRET_ARN: ARN });
    sm.on(GetSecretValueCommand).resolvesOnce({ SecretString: 'before' }).resolves({ SecretString: 'rotated' });
    expect(await secrets.read('xamanApiSecret')).toBe('before');
    expect(await secrets.refresh('xamanApiSecret')).toBe(true);
    expect(await secrets.read('xamanApiSecret')).toBe('rotated');
    expect(await secrets.refresh('xamanApiSecret')).toBe(false); // throttled: no call
    expect(sm.commandCalls(GetSecretValueCommand)).toHaveLength(2);
    vi.setSystemTime(Date.now() + SECRET_REFRESH_MIN_SECONDS * 1000);
    expect(await secrets.refresh('xamanApiSecret')).toBe(false); // read again, unchanged
    expect(sm.commandCalls(GetSecretValueCommand)).toHaveLength(3);
  });

  it('never refreshes a plain local value', async () => {
    setEnv({ XAMAN_API_KEY: key, XAMAN_API_SECRET: 'local-secret' });
    expect(await secrets.refresh('xamanApiSecret')).toBe(false);
    expect(sm.commandCalls(GetSecretValueCommand)).toHaveLength(0);
  });

  it('reads the session signing key from its own secret with the same TTL', async () => {
    const saved = process.env.SESSION_SIGNING_KEY;
    const sessionArn = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:SessionKey-AbCdEf';
    delete process.env.SESSION_SIGNING_KEY;
    process.env.SESSION_SIGNING_KEY_ARN = sessionArn;
    resetConfigForTests();
    resetSecrets();
    try {
      sm.on(GetSecretValueCommand, { SecretId: sessionArn }).resolves({ SecretString: 'k'.repeat(40) });
      expect(await secrets.read('sessionSigningKey')).toBe('k'.repeat(40));
      expect(sm.commandCalls(GetSecretValueCommand)[0]?.args[0].input).toEqual({ SecretId: sessionArn });
    } finally {
      delete process.env.SESSION_SIGNING_KEY_ARN;
      if (saved !== undefined) process.env.SESSION_SIGNING_KEY = saved;
    }
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
