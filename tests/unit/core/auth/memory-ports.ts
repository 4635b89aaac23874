import type {
  AccountStore,
  CreateAccountResult,
  ProfileFlags,
  RateLimitStore,
  SessionRecord,
  SessionStore,
  UserRecord,
} from '../../../../functions/core/auth/ports';
import type { SignerGateway, SignRequest, SignRequestState } from '../../../../functions/core/signing/ports';
import type {
  SigningCheck,
  SigningEvents,
  SigningQueue,
  SigningRequestRecord,
  SigningRequestStore,
  SigningStatus,
} from '../../../../functions/core/signing/requests';
import { usernameKey } from '../../../../shared/domain/username';
import { AppError } from '../../../../functions/lib/errors';

/** In-memory ports with the same conditional semantics as the table adapters, for use-case tests. */
export class MemorySigningRequests implements SigningRequestStore {
  readonly records = new Map<string, SigningRequestRecord>();
  async create(r: SigningRequestRecord) {
    if (this.records.has(r.uuid)) throw new Error('exists');
    this.records.set(r.uuid, { ...r });
  }
  async get(uuid: string) {
    const r = this.records.get(uuid);
    return r ? { ...r } : null;
  }
  async updateIfPending(uuid: string, w: { status: SigningStatus; checkedAt: string }) {
    const r = this.records.get(uuid);
    if (!r || r.status !== 'pending') return false;
    Object.assign(r, { status: w.status, lastCheckedAt: w.checkedAt });
    return true;
  }
  async recordCheck(uuid: string, attempt: number, messageId: string, w: { status: SigningStatus; checkedAt: string }) {
    const r = this.records.get(uuid);
    if (!r || r.status !== 'pending' || r.attempts !== attempt - 1) return false;
    Object.assign(r, { status: w.status, lastCheckedAt: w.checkedAt, attempts: attempt, lastMessageId: messageId });
    return true;
  }
  async markCompleted(uuid: string, account: string, at: string) {
    const r = this.records.get(uuid);
    if (!r || r.status !== 'signed' || r.completedAt) return false;
    Object.assign(r, { completedAt: at, account });
    return true;
  }
}

export class MemoryQueue implements SigningQueue {
  readonly sent: { check: SigningCheck; delaySeconds: number }[] = [];
  async enqueue(check: SigningCheck, delaySeconds: number) {
    this.sent.push({ check, delaySeconds });
  }
}

export class MemoryEvents implements SigningEvents {
  readonly published: { uuid: string; status: SigningStatus }[] = [];
  async statusChanged(r: { uuid: string; status: SigningStatus }) {
    this.published.push({ uuid: r.uuid, status: r.status });
  }
}

export class MemorySessions implements SessionStore {
  readonly records = new Map<string, SessionRecord>();
  async create(r: SessionRecord) {
    this.records.set(r.sessionId, { ...r });
  }
  async get(id: string) {
    const r = this.records.get(id);
    return r ? { ...r } : null;
  }
  async extend(id: string, expiresAt: string) {
    const r = this.records.get(id);
    if (!r || r.revokedAt) return false;
    r.expiresAt = expiresAt;
    return true;
  }
  async revoke(id: string, at: string) {
    const r = this.records.get(id);
    if (r && !r.revokedAt) r.revokedAt = at;
  }
}

export class MemoryAccounts implements AccountStore {
  readonly users = new Map<string, UserRecord>();
  readonly flags = new Map<string, ProfileFlags>();
  async userByWallet(address: string) {
    return [...this.users.values()].find((u) => u.walletAddress === address) ?? null;
  }
  async user(id: string) {
    return this.users.get(id) ?? null;
  }
  async profileFlags(id: string) {
    return this.flags.get(id) ?? { isSeller: false, isVerified: false, avatarKey: null };
  }
  async isUsernameTaken(name: string) {
    return [...this.users.values()].some((u) => usernameKey(u.username) === usernameKey(name));
  }
  async create(u: UserRecord): Promise<CreateAccountResult> {
    if (await this.userByWallet(u.walletAddress)) return { ok: false, reason: 'wallet_taken' };
    if (await this.isUsernameTaken(u.username)) return { ok: false, reason: 'username_taken' };
    this.users.set(u.userId, u);
    return { ok: true };
  }
}

export class MemoryRateLimits implements RateLimitStore {
  readonly counts = new Map<string, number>();
  async hit(key: string, windowStart: number, limit: number) {
    const k = `${key}@${windowStart}`;
    const n = this.counts.get(k) ?? 0;
    if (n >= limit) return false;
    this.counts.set(k, n + 1);
    return true;
  }
}

/** A signer whose answers the test sets per uuid. */
export class ScriptedSigner implements Pick<SignerGateway, 'create' | 'get'> {
  readonly states = new Map<string, SignRequestState | null>();
  gets = 0;
  /** What each create asked the wallet service for. */
  readonly requests: SignRequest[] = [];
  private next = 0;
  async create(request: SignRequest) {
    this.requests.push(request);
    const uuid = `00000000-0000-4000-8000-${String(++this.next).padStart(12, '0')}`;
    this.states.set(uuid, state(uuid, 'pending'));
    return {
      uuid,
      signUrl: `http://signer/sign/${uuid}`,
      qrPngUrl: `http://signer/sign/${uuid}_q.png`,
      websocketUrl: '',
    };
  }
  async get(uuid: string) {
    this.gets++;
    return this.states.has(uuid) ? (this.states.get(uuid) ?? null) : null;
  }
}

export function state(
  uuid: string,
  status: SignRequestState['status'],
  extra: Partial<SignRequestState> = {},
): SignRequestState {
  return {
    uuid,
    status,
    txType: 'SignIn',
    opened: status !== 'pending',
    expiresAt: new Date(Date.now() + 300_000).toISOString(),
    response: null,
    customMeta: { identifier: null, instruction: null, blob: null },
    ...extra,
  };
}

export const TEST_KEY = new TextEncoder().encode('unit-test-session-signing-key-0123456789');

/** A use case's outcome as a test compares it: 'ok', or the HTTP status of the typed error it threw. */
export async function statusOf(p: Promise<unknown>): Promise<number | 'ok'> {
  try {
    await p;
    return 'ok';
  } catch (error) {
    if (error instanceof AppError) return error.status;
    throw error;
  }
}
