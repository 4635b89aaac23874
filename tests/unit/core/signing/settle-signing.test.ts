import { describe, expect, it, vi } from 'vitest';
import { SIGNING_PURPOSES, type SigningRequestRecord } from '../../../../functions/core/signing/requests';
import { SETTLEMENTS, settleSigning, type SettlementWiring } from '../../../../functions/core/signing/settle-signing';

const record = (purpose: SigningRequestRecord['purpose']): SigningRequestRecord => ({
  uuid: 'U1',
  purpose,
  status: 'cancelled',
  clientSecretHash: '',
  subjectId: null,
  createdAt: '2026-11-24T10:00:00.000Z',
  expiresAt: '2026-11-24T10:05:00.000Z',
  attempts: 1,
  lastCheckedAt: null,
  lastMessageId: null,
  completedAt: null,
  account: null,
});

describe('settling a resolved request by its purpose (decision 045)', () => {
  it('has a settlement for every purpose', () => {
    expect(Object.keys(SETTLEMENTS).sort()).toEqual([...SIGNING_PURPOSES].sort());
  });

  it("builds only the resolved request's purpose's deps", async () => {
    const wiring = {
      'sign-in': vi.fn(async () => undefined),
      'escrow-create': vi.fn(async () => Promise.reject(new Error('not this purpose'))),
      'trust-line': vi.fn(async () => Promise.reject(new Error('not this purpose'))),
      'platform-fee': vi.fn(async () => Promise.reject(new Error('not this purpose'))),
      'return-refund': vi.fn(async () => Promise.reject(new Error('not this purpose'))),
      'send-funds': vi.fn(async () => Promise.reject(new Error('not this purpose'))),
    } satisfies SettlementWiring;
    await settleSigning(record('sign-in'), wiring);
    expect(wiring['sign-in']).toHaveBeenCalledTimes(1);
    await expect(settleSigning(record('trust-line'), wiring)).rejects.toThrow('not this purpose');
    expect(wiring['escrow-create']).not.toHaveBeenCalled();
    expect(wiring['platform-fee']).not.toHaveBeenCalled();
  });
});
