import { usernameKey } from '../../../shared/domain/username';
import type { AccountStore, CreateAccountResult, UserRecord } from '../../core/auth/ports';
import type { Db } from './service';

/** Users with their username and wallet guard items (uniqueness by conditional, transactional writes). */
export function accountStore(db: Db): AccountStore {
  const { user, username, wallet, profile } = db.entities;

  async function byId(userId: string): Promise<UserRecord | null> {
    // Consistent: a suspension (decision 066) is seen by the sign-in that follows it.
    const { data } = await user.get({ userId }).go({ consistent: true });
    if (!data) return null;
    return {
      userId: data.userId,
      username: data.username,
      walletAddress: data.walletAddress,
      role: data.role ?? 'user',
      createdAt: data.createdAt,
      suspendedAt: data.suspendedAt ?? null,
    };
  }

  return {
    user: byId,
    async userByWallet(walletAddress) {
      const { data } = await wallet.get({ walletAddress }).go({ consistent: true });
      return data ? byId(data.userId) : null;
    },
    async profileFlags(userId) {
      const { data } = await profile.get({ userId }).go();
      return {
        isSeller: data?.isSeller ?? false,
        isVerified: data?.isVerified ?? false,
        avatarKey: data?.avatarKey ?? null,
      };
    },
    async isUsernameTaken(name) {
      const { data } = await username.get({ usernameLower: usernameKey(name) }).go({ consistent: true });
      return data !== null;
    },
    async create(u) {
      // A conflicting transaction on the same items (two creators racing) is retried: its winner is then settled,
      // so the retry meets a failed condition instead.
      for (let attempt = 1; ; attempt++) {
        const result = await createOnce(u);
        if (result !== 'conflict') return result;
        if (attempt === 3) throw new Error('account transaction kept conflicting');
        await new Promise((r) => setTimeout(r, 20 * attempt));
      }
    },
  };

  async function createOnce(u: UserRecord): Promise<CreateAccountResult | 'conflict'> {
    const at = u.createdAt;
    // Order matters: the cancellation reasons come back in this order.
    const result = await db.transaction
      .write(({ user: tu, username: tn, wallet: tw, profile: tp }) => [
        tu
          .create({
            userId: u.userId,
            walletAddress: u.walletAddress,
            username: u.username,
            role: u.role,
            createdAt: at,
            updatedAt: at,
          })
          .commit(),
        tn.create({ usernameLower: usernameKey(u.username), userId: u.userId }).commit(),
        tw.create({ walletAddress: u.walletAddress, userId: u.userId }).commit(),
        tp.create({ userId: u.userId, createdAt: at, updatedAt: at }).commit(),
      ])
      .go();
    if (!result.canceled) return { ok: true };
    const failed = (i: number) => result.data[i]?.code === 'ConditionalCheckFailed';
    if (failed(2)) return { ok: false, reason: 'wallet_taken' };
    if (failed(1)) return { ok: false, reason: 'username_taken' };
    if (result.data.some((d) => d?.code === 'TransactionConflict')) return 'conflict';
    throw new Error(`account transaction cancelled: ${result.data.map((d) => d?.code ?? 'None').join(', ')}`);
  }
}
