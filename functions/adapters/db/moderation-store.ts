import { usernameKey } from '../../../shared/domain/username';
import type { ModerationListing, ModerationStore, VerificationStore } from '../../core/admin-moderation/ports';
import { ConflictError } from '../../lib/errors';
import { conditionally } from './conditional';
import { sessionsEraser } from './erasers/sessions-eraser';
import type { Db } from './service';

/** Listings and users as the admin Moderation tab changes them (decisions 066, 069). */
export function moderationStore(db: Db): ModerationStore & VerificationStore {
  const { listing, user, username, profile } = db.entities;
  return {
    async listing(listingId) {
      const { data } = await listing.get({ listingId }).go({ consistent: true });
      if (!data) return null;
      return {
        ...data,
        bidCount: data.bidCount ?? 0,
        quantityReserved: data.quantityReserved ?? 0,
        featured: data.featured === true,
        hidden: data.hidden === true,
      } as unknown as ModerationListing;
    },
    async setFeatured(l, featured, at) {
      const row = l as unknown as { createdAt: string };
      // The featured index is sparse on `featured`: its key's composites are named so ElectroDB rewrites it.
      const written = await conditionally(() =>
        listing
          .patch({ listingId: l.listingId })
          .set({ featured, updatedAt: at })
          .composite({ status: l.status as never, createdAt: row.createdAt })
          .go(),
      );
      // Gone since it was read (a patch needs the item): the administrator reads the listing again.
      if (!written) throw new ConflictError('The listing changed meanwhile. Please try again.');
    },
    async userByUsername(name) {
      const { data: guard } = await username.get({ usernameLower: usernameKey(name) }).go({ consistent: true });
      if (!guard) return null;
      const { data } = await user.get({ userId: guard.userId }).go({ consistent: true });
      if (!data) return null;
      return {
        userId: data.userId,
        username: data.username,
        suspendedAt: data.suspendedAt ?? null,
        suspendedReason: data.suspendedReason ?? null,
      };
    },
    async setSuspension(userId, suspension) {
      const at = new Date().toISOString();
      if (suspension) {
        await user
          .patch({ userId })
          .set({ suspendedAt: suspension.at, suspendedReason: suspension.reason, updatedAt: at })
          .go();
      } else {
        await user.patch({ userId }).set({ updatedAt: at }).remove(['suspendedAt', 'suspendedReason']).go();
      }
    },
    async verified(userId) {
      const { data } = await profile.get({ userId }).go({ consistent: true });
      return data?.isVerified === true;
    },
    async setVerified(userId, verified, at) {
      // Every account has its profile from creation (createAccount's transaction): patch, never a half-made one.
      await profile.patch({ userId }).set({ isVerified: verified, updatedAt: at }).go();
    },
    async revokeSessions(userId, at) {
      const eraser = sessionsEraser(db);
      let cursor: string | null = null;
      for (;;) {
        const step = await eraser.step(userId, cursor, new Date(at));
        if (step.done) return;
        cursor = step.cursor;
      }
    },
  };
}
