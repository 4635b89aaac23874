/** Ledger-entry and transaction flag values as rippled defines them (LedgerFormats.h, TxFlags.h). */

export const ACCOUNT_FLAGS = {
  lsfPasswordSpent: 0x00010000,
  lsfRequireDestTag: 0x00020000,
  lsfRequireAuth: 0x00040000,
  lsfDisallowXRP: 0x00080000,
  lsfDisableMaster: 0x00100000,
  lsfNoFreeze: 0x00200000,
  lsfGlobalFreeze: 0x00400000,
  lsfDefaultRipple: 0x00800000,
  lsfDepositAuth: 0x01000000,
  lsfDisallowIncomingNFTokenOffer: 0x04000000,
  lsfDisallowIncomingCheck: 0x08000000,
  lsfDisallowIncomingPayChan: 0x10000000,
  lsfDisallowIncomingTrustline: 0x20000000,
  lsfAllowTrustLineLocking: 0x40000000,
  lsfAllowTrustLineClawback: 0x80000000,
} as const;

export const RIPPLE_STATE_FLAGS = {
  lsfLowReserve: 0x00010000,
  lsfHighReserve: 0x00020000,
  lsfLowAuth: 0x00040000,
  lsfHighAuth: 0x00080000,
  lsfLowNoRipple: 0x00100000,
  lsfHighNoRipple: 0x00200000,
  lsfLowFreeze: 0x00400000,
  lsfHighFreeze: 0x00800000,
} as const;

/** AccountSet SetFlag / ClearFlag values. */
export const ASF = {
  asfRequireDest: 1,
  asfRequireAuth: 2,
  asfDisallowXRP: 3,
  asfDisableMaster: 4,
  asfAccountTxnID: 5,
  asfNoFreeze: 6,
  asfGlobalFreeze: 7,
  asfDefaultRipple: 8,
  asfDepositAuth: 9,
  asfAuthorizedNFTokenMinter: 10,
  asfDisallowIncomingNFTokenOffer: 12,
  asfDisallowIncomingCheck: 13,
  asfDisallowIncomingPayChan: 14,
  asfDisallowIncomingTrustline: 15,
  asfAllowTrustLineClawback: 16,
  asfAllowTrustLineLocking: 17,
} as const;

/** Flags every transaction may carry. */
export const TF_UNIVERSAL = 0x80000000; // tfFullyCanonicalSig

export const TF_PAYMENT = {
  tfNoRippleDirect: 0x00010000,
  tfPartialPayment: 0x00020000,
  tfLimitQuality: 0x00040000,
} as const;

export const TF_TRUST_SET = {
  tfSetfAuth: 0x00010000,
  tfSetNoRipple: 0x00020000,
  tfClearNoRipple: 0x00040000,
  tfSetFreeze: 0x00100000,
  tfClearFreeze: 0x00200000,
  tfSetDeepFreeze: 0x00400000,
  tfClearDeepFreeze: 0x00800000,
} as const;

export const TF_ACCOUNT_SET = {
  tfRequireDestTag: 0x00010000,
  tfOptionalDestTag: 0x00020000,
  tfRequireAuth: 0x00040000,
  tfOptionalAuth: 0x00080000,
  tfDisallowXRP: 0x00100000,
  tfAllowXRP: 0x00200000,
} as const;

export function hasFlag(flags: unknown, flag: number): boolean {
  return (Number(flags ?? 0) & flag) >>> 0 !== 0;
}

/** True when `flags` sets nothing outside `allowed` (plus the universal flags). */
export function onlyFlags(flags: unknown, allowed: number): boolean {
  const mask = (allowed | TF_UNIVERSAL) >>> 0;
  return ((Number(flags ?? 0) >>> 0) & ~mask) >>> 0 === 0;
}
