import { TEST_PARCEL_CLAIM, type TestParcelStore } from '../../core/admin-tools/test-parcels';
import { conditionally } from './conditional';
import type { Db } from './service';

/** Test parcels as tracking-number claims owned by the tools' marker (decision 066). */
export function testParcelStore(db: Db): TestParcelStore {
  const { trackingClaim } = db.entities;
  return {
    async claim(trackingNumber, at) {
      const made = await conditionally(() =>
        trackingClaim.create({ trackingNumber, orderId: TEST_PARCEL_CLAIM, claimedAt: at }).go(),
      );
      return made ? 'ok' : 'taken';
    },
    async isTestParcel(trackingNumber) {
      const { data } = await trackingClaim.get({ trackingNumber }).go();
      return data?.orderId === TEST_PARCEL_CLAIM;
    },
  };
}
