/**
 * Test parcels (decision 066): a tracking number an admin tool made is claimed in the tracking-number claims under
 * this marker instead of an order id, so no order can ever claim it (claims are create-only) and the delivery
 * release path, which finds orders through those claims, skips it.
 */
export const TEST_PARCEL_CLAIM = 'admin-test-parcel';

/** Whether a claim's owner is the tools' marker rather than an order (order ids are ULIDs, never this word). */
export function isTestParcelClaim(ownerId: string): boolean {
  return ownerId === TEST_PARCEL_CLAIM;
}

export interface TestParcelStore {
  /** Records a label's number as a test parcel; 'taken' when the number is claimed already (by an order or a test). */
  claim(trackingNumber: string, at: string): Promise<'ok' | 'taken'>;
  /** Whether the number is a test parcel a tool made. */
  isTestParcel(trackingNumber: string): Promise<boolean>;
}
