import { describe, expect, it, vi } from 'vitest';
import type { AuditRecord } from '../../../../functions/core/admin/audit';
import { LISTING_HIDDEN_TITLE, moderateListing } from '../../../../functions/core/admin-moderation/moderate-listing';
import { moderateUser } from '../../../../functions/core/admin-moderation/moderate-user';
import { setSellerVerification } from '../../../../functions/core/admin-moderation/set-seller-verification';
import type {
  ModerationDeps,
  ModerationListing,
  ModerationUser,
  SellerVerificationDeps,
} from '../../../../functions/core/admin-moderation/ports';
import type { DomainEvent } from '../../../../shared/events';
import { ForbiddenError, InvalidStateError } from '../../../../functions/lib/errors';

const NOW = new Date('2026-11-28T12:00:00.000Z');

function aListing(over: Partial<ModerationListing> = {}): ModerationListing {
  return {
    listingId: 'L1',
    sellerId: 'SELLER',
    title: 'Brass Lantern',
    status: 'active',
    listingType: 'fixed',
    bidCount: 0,
    quantityReserved: 0,
    featured: false,
    hidden: false,
    ...over,
  };
}

function deps(listing: ModerationListing | null, user: ModerationUser | null = null) {
  const audit: AuditRecord[] = [];
  const events: DomainEvent[] = [];
  const d: ModerationDeps = {
    store: {
      listing: async () => listing,
      setFeatured: vi.fn(async () => undefined),
      userByUsername: async () => user,
      setSuspension: vi.fn(async () => undefined),
      revokeSessions: vi.fn(async () => undefined),
    },
    listings: { pause: vi.fn(async () => true), resume: vi.fn(async () => true) },
    events: { publish: async (e) => void events.push(...e) },
    audit: { record: async (entry) => void audit.push(entry) },
    clock: { now: () => NOW },
  };
  return { d, audit, events };
}

const reason = 'Counterfeit item reported twice.';

describe('listing moderation (decision 066)', () => {
  it('hides by pausing with the reason, tells the seller why, and audits', async () => {
    const { d, audit, events } = deps(aListing());
    const after = await moderateListing('ADMIN', 'L1', { action: 'hide', reason }, d);
    expect(after).toMatchObject({ hidden: true, status: 'paused' });
    expect(d.listings.pause).toHaveBeenCalledWith(expect.objectContaining({ listingId: 'L1' }), { reason });
    expect(events).toEqual([
      expect.objectContaining({
        type: 'notify.requested',
        data: expect.objectContaining({
          userId: 'SELLER',
          title: LISTING_HIDDEN_TITLE,
          message: expect.stringContaining(reason),
        }),
      }),
    ]);
    expect(audit).toEqual([expect.objectContaining({ actorId: 'ADMIN', action: 'listing.hide', subject: 'L1' })]);
  });

  it('refuses to hide an auction with bids (it could not close), telling nobody', async () => {
    const { d, events, audit } = deps(aListing({ listingType: 'auction', bidCount: 2 }));
    await expect(moderateListing('ADMIN', 'L1', { action: 'hide', reason }, d)).rejects.toBeInstanceOf(
      InvalidStateError,
    );
    expect(d.listings.pause).not.toHaveBeenCalled();
    expect(events).toHaveLength(0);
    expect(audit).toHaveLength(0);
  });

  it('unhides through the resume that clears the hiding; features by its mark', async () => {
    const hidden = deps(aListing({ status: 'paused', hidden: true }));
    expect(await moderateListing('ADMIN', 'L1', { action: 'unhide', reason }, hidden.d)).toMatchObject({
      hidden: false,
      status: 'active',
    });
    expect(hidden.d.listings.resume).toHaveBeenCalledWith(expect.objectContaining({ listingId: 'L1' }), true);

    const plain = deps(aListing());
    expect(await moderateListing('ADMIN', 'L1', { action: 'feature', reason }, plain.d)).toMatchObject({
      featured: true,
    });
    expect(plain.d.store.setFeatured).toHaveBeenCalledWith(expect.anything(), true, NOW.toISOString());
    expect(plain.audit[0]).toMatchObject({ action: 'listing.feature', after: expect.objectContaining({ reason }) });
  });
});

describe('user suspension (decision 066)', () => {
  const user: ModerationUser = { userId: 'U1', username: 'sam', suspendedAt: null, suspendedReason: null };

  it('marks the user and revokes every session, audited', async () => {
    const { d, audit } = deps(null, user);
    const after = await moderateUser('ADMIN', { username: 'sam', action: 'suspend', reason }, d);
    expect(after).toEqual({ userId: 'U1', username: 'sam', suspended: true, suspendedReason: reason });
    expect(d.store.setSuspension).toHaveBeenCalledWith('U1', { at: NOW.toISOString(), reason });
    expect(d.store.revokeSessions).toHaveBeenCalledWith('U1', NOW.toISOString());
    expect(audit).toEqual([expect.objectContaining({ action: 'user.suspend', subject: 'U1' })]);
  });

  it('unsuspends by clearing the mark; an administrator cannot suspend themself', async () => {
    const { d } = deps(null, { ...user, suspendedAt: NOW.toISOString(), suspendedReason: reason });
    expect((await moderateUser('ADMIN', { username: 'sam', action: 'unsuspend', reason }, d)).suspended).toBe(false);
    expect(d.store.setSuspension).toHaveBeenCalledWith('U1', null);
    await expect(moderateUser('U1', { username: 'sam', action: 'suspend', reason }, d)).rejects.toBeInstanceOf(
      ForbiddenError,
    );
  });
});

describe('seller verification (decision 069)', () => {
  function verification(verified: boolean) {
    const audit: AuditRecord[] = [];
    const marks: boolean[] = [];
    const d: SellerVerificationDeps = {
      store: {
        userByUsername: async (name) => (name === 'sam' ? { userId: 'U1', username: 'sam' } : null),
        verified: async () => verified,
        setVerified: async (_userId, mark) => void marks.push(mark),
      },
      audit: { record: async (entry) => void audit.push(entry) },
      clock: { now: () => NOW },
    };
    return { d, audit, marks };
  }

  it('marks the seller, auditing the before, after and reason; the same mark again changes and records nothing', async () => {
    const { d, audit, marks } = verification(false);
    expect(await setSellerVerification('ADMIN', 'sam', { verified: true, reason }, d)).toEqual({
      userId: 'U1',
      username: 'sam',
      verified: true,
    });
    expect(marks).toEqual([true]);
    expect(audit).toEqual([
      {
        actorId: 'ADMIN',
        action: 'user.verify',
        subject: 'U1',
        before: { verified: false },
        after: { verified: true, reason },
      },
    ]);

    const again = verification(true);
    expect((await setSellerVerification('ADMIN', 'sam', { verified: true, reason }, again.d)).verified).toBe(true);
    expect(again.marks).toEqual([]);
    expect(again.audit).toEqual([]);
  });

  it('removes the mark as user.unverify, and an unknown username is not found', async () => {
    const { d, audit } = verification(true);
    await setSellerVerification('ADMIN', 'sam', { verified: false, reason }, d);
    expect(audit[0]).toMatchObject({ action: 'user.unverify', before: { verified: true }, after: { verified: false } });
    await expect(setSellerVerification('ADMIN', 'nobody', { verified: true, reason }, d)).rejects.toMatchObject({
      status: 404,
    });
  });
});
