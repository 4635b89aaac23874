/** What the auth use cases need from storage; adapters/ implements each. */

export interface SessionRecord {
  sessionId: string;
  userId: string;
  createdAt: string;
  /** Expiry of the newest token issued for this session. */
  expiresAt: string;
  revokedAt: string | null;
}

export interface SessionStore {
  create(record: SessionRecord): Promise<void>;
  get(sessionId: string): Promise<SessionRecord | null>;
  /** Moves the expiry forward unless the session was revoked; false when it was (or is gone). */
  extend(sessionId: string, expiresAt: string): Promise<boolean>;
  revoke(sessionId: string, at: string): Promise<void>;
}

export interface UserRecord {
  userId: string;
  username: string;
  walletAddress: string;
  role: 'user' | 'admin';
  createdAt: string;
  /** Set while an administrator has the account suspended (decision 066). */
  suspendedAt?: string | null;
}

export interface ProfileFlags {
  isSeller: boolean;
  /** An administrator's 'Verified Seller' mark (decision 069). */
  isVerified: boolean;
  avatarKey: string | null;
}

export type CreateAccountResult = { ok: true } | { ok: false; reason: 'username_taken' | 'wallet_taken' };

export interface AccountStore {
  userByWallet(address: string): Promise<UserRecord | null>;
  user(userId: string): Promise<UserRecord | null>;
  profileFlags(userId: string): Promise<ProfileFlags>;
  isUsernameTaken(username: string): Promise<boolean>;
  /** User, username guard, wallet guard and an empty profile in one transaction, each only if absent. */
  create(user: UserRecord): Promise<CreateAccountResult>;
}

/** Fixed-window counters: one hit; false when the window's limit was already reached. */
export interface RateLimitStore {
  hit(key: string, windowStart: number, limit: number, expiresAtEpochSeconds: number): Promise<boolean>;
}
