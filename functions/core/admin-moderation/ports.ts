import type { SweptListing } from '../account-state/account-rules';
import type { StoreListings } from '../account-state/ports';
import type { Clock } from '../clock/clock';
import type { EventPublisher } from '../realtime/ports';
import type { AuditLog } from '../admin/audit';

/** A listing as moderation reads it: whole (pausing and resuming rewrite its browse entries). */
export type ModerationListing = SweptListing & {
  sellerId: string;
  title: string;
  featured: boolean;
  hidden: boolean;
};

export interface ModerationUser {
  userId: string;
  username: string;
  suspendedAt: string | null;
  suspendedReason: string | null;
}

export interface ModerationStore {
  listing(listingId: string): Promise<ModerationListing | null>;
  /** Sets the listing's featured mark (its featured index entry follows). */
  setFeatured(listing: ModerationListing, featured: boolean, at: string): Promise<void>;
  userByUsername(username: string): Promise<ModerationUser | null>;
  /** Marks the user suspended with the reason, or (null) clears it. */
  setSuspension(userId: string, suspension: { at: string; reason: string } | null): Promise<void>;
  /** Revokes every live session of the user (their tokens stop working everywhere at once). */
  revokeSessions(userId: string, at: string): Promise<void>;
}

export interface ModerationDeps {
  store: ModerationStore;
  listings: Pick<StoreListings, 'pause' | 'resume'>;
  events: EventPublisher;
  audit: AuditLog;
  clock: Clock;
}

/** The seller's 'Verified Seller' mark (the profile's isVerified), as an administrator sets it (decision 069). */
export interface VerificationStore {
  userByUsername(username: string): Promise<Pick<ModerationUser, 'userId' | 'username'> | null>;
  /** Read consistently: the audit's before is what the change replaced. */
  verified(userId: string): Promise<boolean>;
  setVerified(userId: string, verified: boolean, at: string): Promise<void>;
}

export interface SellerVerificationDeps {
  store: VerificationStore;
  audit: AuditLog;
  clock: Clock;
}
