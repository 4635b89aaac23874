import type { Profile } from '../../../shared/api/profile';
import { formatAddress, type PostalAddress } from '../../../shared/domain/address';

/** What the table keeps of a profile's settings (the rest of the profile belongs to the store pages). */
export interface ProfileSettingsRecord {
  fullName?: string;
  email?: string;
  phone?: string;
  addressParts?: PostalAddress;
  returnAddressParts?: PostalAddress;
  useDifferentReturnAddress?: boolean;
  isSeller?: boolean;
  avatarKey?: string;
}

export interface ProfileSettingsUpdate {
  fullName: string;
  email: string;
  phone: string;
  address: PostalAddress | null;
  returnAddress: PostalAddress | null;
  useDifferentReturnAddress: boolean;
  isSeller: boolean;
}

/** What saving the settings writes: the parts and their one-line forms (the listing wizard reads the address). */
export interface ProfileSettingsWrite {
  fullName: string;
  email: string;
  phone: string;
  addressParts: PostalAddress | null;
  address: string | null;
  returnAddressParts: PostalAddress | null;
  returnAddress: string | null;
  useDifferentReturnAddress: boolean;
  isSeller: boolean;
}

export interface ProfileStore {
  get(userId: string): Promise<ProfileSettingsRecord | null>;
  save(userId: string, write: ProfileSettingsWrite, at: Date): Promise<ProfileSettingsRecord>;
  setAvatar(userId: string, avatarKey: string, at: Date): Promise<ProfileSettingsRecord>;
}

/** Spec part 3: a profile is complete when full name, email and phone are all filled. */
export function isProfileComplete(p: Pick<ProfileSettingsRecord, 'fullName' | 'email' | 'phone'>): boolean {
  return [p.fullName, p.email, p.phone].every((v) => (v ?? '').trim() !== '');
}

export function toProfile(record: ProfileSettingsRecord | null, mediaUrl: (key: string) => string): Profile {
  const r = record ?? {};
  return {
    fullName: r.fullName ?? '',
    email: r.email ?? '',
    phone: r.phone ?? '',
    address: r.addressParts ?? null,
    returnAddress: r.returnAddressParts ?? null,
    useDifferentReturnAddress: r.useDifferentReturnAddress ?? false,
    isSeller: r.isSeller ?? false,
    avatarUrl: r.avatarKey ? mediaUrl(r.avatarKey) : null,
    profileComplete: isProfileComplete(r),
  };
}

/** A return address is kept only while the separate return address is on. */
export function settingsWrite(update: ProfileSettingsUpdate): ProfileSettingsWrite {
  const returnParts = update.useDifferentReturnAddress ? update.returnAddress : null;
  return {
    fullName: update.fullName,
    email: update.email,
    phone: update.phone,
    addressParts: update.address,
    address: update.address ? formatAddress(update.address) : null,
    returnAddressParts: returnParts,
    returnAddress: returnParts ? formatAddress(returnParts) : null,
    useDifferentReturnAddress: update.useDifferentReturnAddress,
    isSeller: update.isSeller,
  };
}

/** Where a user's avatar uploads go; a key outside it is never accepted as their avatar. */
export function avatarPrefix(userId: string): string {
  return `avatars/${userId}/`;
}
