import { mkdtemp, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  API_KEY_CHARACTERS,
  API_KEY_EMPTY,
  MANAGED_KEYS,
  saveApiKey as saveApiKeyContract,
} from '../../../../shared/api/admin-api-keys';
import { SECRET_CHANGED, type AuditRecord } from '../../../../functions/core/admin/audit';
import { getApiKeys } from '../../../../functions/core/admin-api-keys/get-api-keys';
import { saveApiKey } from '../../../../functions/core/admin-api-keys/save-api-key';
import { testApiConnection } from '../../../../functions/core/admin-api-keys/test-api-connection';
import { managedSecrets } from '../../../../functions/adapters/managed-secrets';

const VALUE = 'sk-very-secret-value-0001';

afterEach(() => vi.unstubAllEnvs());

async function localStore() {
  const file = path.join(await mkdtemp(path.join(tmpdir(), 'admin-secrets-')), 'admin-secrets.json');
  vi.stubEnv('ADMIN_SECRETS_PREFIX', '');
  vi.stubEnv('ADMIN_SECRETS_FILE', file);
  for (const v of ['XAMAN_API_KEY', 'XAMAN_API_SECRET', 'XAMAN_API_SECRET_ARN', 'CARRIER_API_KEY']) vi.stubEnv(v, '');
  return { file, secrets: managedSecrets() };
}

describe('managed API keys (decision 064)', () => {
  it('an empty value is refused with the spec’s words', () => {
    const body = saveApiKeyContract.body;
    expect(body.safeParse({ value: '   ' }).error?.issues[0]?.message).toBe(API_KEY_EMPTY);
    expect(body.safeParse({ value: 'k' }).data).toEqual({ value: 'k' });
    // Saved keys go into headers as they are (decision 071).
    for (const value of ['two words', 'line\nbreak', 'clé']) {
      expect(body.safeParse({ value }).error?.issues[0]?.message).toBe(API_KEY_CHARACTERS);
    }
    expect(body.safeParse({ value: ' k-1_/+=~ \n' }).data).toEqual({ value: 'k-1_/+=~' });
  });

  it('saves a value, shows it Configured, never echoes it, and audits SECRET_CHANGED', async () => {
    const { file, secrets } = await localStore();
    vi.stubEnv('CARRIER_API_KEY', 'deployed-key');
    const before = await getApiKeys({ secrets });
    expect(before.keys.map((k) => k.name)).toEqual([...MANAGED_KEYS]);
    expect(before.keys.find((k) => k.name === 'xamanApiSecret')?.configured).toBe(false);
    // A key the deployment supplies counts as set.
    expect(before.keys.find((k) => k.name === 'carrierApiKey')?.configured).toBe(true);

    const audits: AuditRecord[] = [];
    const deps = {
      secrets,
      audit: { record: (e: AuditRecord) => (audits.push(e), Promise.resolve()) },
      clock: { now: () => new Date('2026-11-28T12:00:00.000Z') },
    };
    const saved = await saveApiKey('admin1', 'xamanApiSecret', VALUE, deps);
    expect(saved).toEqual({ name: 'xamanApiSecret', label: 'Xaman API secret', configured: true });
    const after = await getApiKeys({ secrets });
    expect(after.keys.find((k) => k.name === 'xamanApiSecret')?.configured).toBe(true);
    expect(JSON.stringify([saved, after, audits])).not.toContain(VALUE);
    expect(audits).toEqual([
      {
        actorId: 'admin1',
        action: 'secret.update',
        subject: 'xamanApiSecret',
        before: SECRET_CHANGED,
        after: SECRET_CHANGED,
      },
    ]);
    // Kept for the owner only.
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ xamanApiSecret: VALUE });
    expect((await stat(file)).mode & 0o077).toBe(0);
  });

  it('Test Connection: connected, or the service’s reason, or the spec’s words', async () => {
    const checks = {
      xaman: () => Promise.resolve(),
      fedex: () => Promise.reject(new Error('The carrier refused our credentials')),
    };
    expect(await testApiConnection('xaman', checks)).toEqual({ connected: true });
    expect(await testApiConnection('fedex', checks)).toEqual({
      connected: false,
      error: 'The carrier refused our credentials',
    });
    expect(await testApiConnection('xaman', { ...checks, xaman: () => Promise.reject(new Error('')) })).toEqual({
      connected: false,
      error: 'Unable to connect to Xaman API',
    });
  });
});
