import type { AddressCountry, PostalAddress } from '../../../shared/domain/address';
import type { ProfileSettingsRecord, ProfileSettingsWrite, ProfileStore } from '../../core/profile/profile';
import { isConditionalFailure } from './conditional';
import type { Db } from './service';

type StoredAddress = { country: string; street: string; city: string; state?: string; postalCode?: string };

function address(stored: StoredAddress | undefined): PostalAddress | undefined {
  if (!stored) return undefined;
  return {
    country: stored.country as AddressCountry,
    street: stored.street,
    city: stored.city,
    state: stored.state ?? '',
    postalCode: stored.postalCode ?? '',
  };
}

/** Makes the user's (empty) profile unless they have one. */
export async function ensureProfile(db: Db, userId: string, now: Date): Promise<void> {
  const at = now.toISOString();
  try {
    await db.entities.profile.create({ userId, createdAt: at, updatedAt: at }).go();
  } catch (error) {
    if (!isConditionalFailure(error)) throw error;
  }
}

/** Profile settings in the table; a profile is made with the account, and here too if an older account has none. */
export function profileStore(db: Db): ProfileStore {
  const { profile } = db.entities;

  function record(item: Record<string, unknown> | null | undefined): ProfileSettingsRecord | null {
    if (!item) return null;
    const r = item as ProfileSettingsRecord & { addressParts?: StoredAddress; returnAddressParts?: StoredAddress };
    return { ...r, addressParts: address(r.addressParts), returnAddressParts: address(r.returnAddressParts) };
  }

  async function get(userId: string): Promise<ProfileSettingsRecord | null> {
    return record((await profile.get({ userId }).go()).data);
  }

  return {
    get,
    async save(userId, write: ProfileSettingsWrite, now) {
      await ensureProfile(db, userId, now);
      const { addressParts, address: line, returnAddressParts, returnAddress, ...plain } = write;
      const set: Record<string, unknown> = { ...plain, updatedAt: now.toISOString() };
      const remove: ('addressParts' | 'address' | 'returnAddressParts' | 'returnAddress')[] = [];
      if (addressParts) Object.assign(set, { addressParts, address: line });
      else remove.push('addressParts', 'address');
      if (returnAddressParts) Object.assign(set, { returnAddressParts, returnAddress });
      else remove.push('returnAddressParts', 'returnAddress');
      let update = profile.patch({ userId }).set(set);
      if (remove.length) update = update.remove(remove);
      await update.go();
      return (await get(userId))!;
    },
    async setAvatar(userId, avatarKey, now) {
      await ensureProfile(db, userId, now);
      await profile.patch({ userId }).set({ avatarKey, updatedAt: now.toISOString() }).go();
      return (await get(userId))!;
    },
  };
}
