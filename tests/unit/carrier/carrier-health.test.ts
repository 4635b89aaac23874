import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { carrier, resetCarrier } from '../../../functions/adapters/carrier/fedex-carrier';
import { healthProbes, resetHealthProbes } from '../../../functions/wiring/health';
import { resetSecrets, secrets } from '../../../functions/adapters/secrets';
import { resetConfigForTests } from '../../../functions/lib/config';
import { restoreEnv } from '../lib/function-env';
import {
  ACCOUNT,
  CLIENT,
  newParcel,
  startStandIn,
  TRACK_CLIENT,
  WEBHOOK_TOKEN,
  type StandInFixture,
} from './stand-in-fixture';

const saved = { ...process.env };
let f: StandInFixture;

function reset() {
  resetConfigForTests();
  resetSecrets();
  resetCarrier();
  resetHealthProbes();
}

beforeEach(async () => {
  f = await startStandIn();
  Object.assign(process.env, {
    TABLE_NAME: 't',
    MEDIA_BUCKET: 'b',
    MEDIA_BASE_URL: '/media',
    QUEUE_EVENTS_URL: 'http://127.0.0.1:1/q',
    WS_CALLBACK_URL: 'http://127.0.0.1:1/ws',
    CARRIER_API_URL: f.service.url,
    CARRIER_ACCOUNT_NUMBER: ACCOUNT,
    CARRIER_API_KEY: CLIENT.clientId,
    CARRIER_API_SECRET: CLIENT.clientSecret,
    CARRIER_TRACK_API_KEY: TRACK_CLIENT.clientId,
    CARRIER_TRACK_API_SECRET: TRACK_CLIENT.clientSecret,
    CARRIER_WEBHOOK_SECRET: WEBHOOK_TOKEN,
  });
  reset();
});

afterEach(async () => {
  restoreEnv(saved);
  reset();
  await f.stop();
});

const carrierProbe = () => healthProbes().find((p) => p.name === 'carrier')!;

describe('the configured carrier', () => {
  it('is built from CARRIER_* settings and secrets, and tracks through the Track key pair', async () => {
    const n = await newParcel(f.service.url);
    expect((await carrier().track([n]))[0]).toMatchObject({ found: true, status: 'pending' });
    expect(await secrets.read('carrierWebhookSecret')).toBe(WEBHOOK_TOKEN);
  });

  it('is among the health probes: ok when FedEx hands out tokens for both key pairs', async () => {
    expect(healthProbes().map((p) => p.name)).toContain('carrier');
    await expect(carrierProbe().check()).resolves.toBeUndefined();
  });

  it('fails the health probe when a secret is refused, without the secret in the reason', async () => {
    process.env.CARRIER_TRACK_API_SECRET = 'not-the-track-secret';
    reset();
    const error = await carrierProbe()
      .check()
      .then(
        () => undefined,
        (e: unknown) => e as Error,
      );
    expect(error?.message).toBe('The carrier refused our credentials (NOT.AUTHORIZED.ERROR)');
    expect(JSON.stringify({ ...error, message: error?.message })).not.toContain('not-the-track-secret');
  });

  const configProblem = () => {
    reset();
    try {
      carrier();
      return '';
    } catch (error) {
      return (error as Error).message;
    }
  };

  it('names missing or inconsistent settings, never their values', async () => {
    delete process.env.CARRIER_API_KEY;
    process.env.CARRIER_ACCOUNT_NUMBER = '12-34';
    const missing = configProblem();
    expect(missing).toMatch(/^Invalid carrier configuration: /);
    expect(missing).toContain('CARRIER_ACCOUNT_NUMBER (the 9-digit FedEx account number)');
    expect(missing).not.toContain('12-34');
    // The API key may be saved in the admin portal instead (decision 071): without either, the first call says so.
    expect(missing).not.toContain('CARRIER_API_KEY');
    process.env.CARRIER_ACCOUNT_NUMBER = ACCOUNT;
    reset();
    await expect(carrier().checkHealth()).rejects.toThrow(
      'The carrier is not configured: no value for carrierApiKey: save one in the admin portal or set CARRIER_API_KEY',
    );

    process.env.CARRIER_API_KEY = CLIENT.clientId;
    delete process.env.CARRIER_TRACK_API_SECRET;
    expect(configProblem()).toContain('CARRIER_TRACK_API_SECRET_ARN (CARRIER_TRACK_API_KEY needs');
    delete process.env.CARRIER_API_SECRET;
    delete process.env.CARRIER_TRACK_API_KEY;
    expect(configProblem()).toContain('CARRIER_API_SECRET_ARN (set CARRIER_API_SECRET_ARN');
    process.env.CARRIER_API_SECRET_ARN = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:carrier';
    process.env.CARRIER_WEBHOOK_SECRET = 'Short1';
    const short = configProblem();
    expect(short).toContain('CARRIER_WEBHOOK_SECRET');
    expect(short).not.toContain('Short1');
  });
});
