import { buyPaidLabel } from '../orders/buy-paid-label';
import type { FeeDeps } from '../orders/platform-fee';
import type { LabelDeps } from '../orders/platform-label';
import { settleEscrowSigning, type SettleDeps } from '../orders/settle-escrow';
import { settlePlatformFee } from '../orders/settle-platform-fee';
import { settleTrustLine } from '../wallet/settle-trust-line';
import type { TrustLineDeps } from '../wallet/trust-line';
import type { ReturnRefundDeps } from '../returns/return-refund';
import { settleReturnRefund } from '../returns/settle-return-refund';
import { settleSendFunds, type SettleSendDeps } from '../sends/settle-send-funds';
import type { SigningPurpose, SigningRequestRecord } from './requests';

/**
 * What a resolved signing request leads to, by its purpose (decision 045). Each purpose has its settlement and the
 * deps it takes; a purpose added to SIGNING_PURPOSES without both fails the typecheck. Settlements run after every
 * check that finds a request resolved, so each is idempotent.
 */
export interface SettlementDeps {
  /** The browser completes a sign-in itself. */
  'sign-in': undefined;
  'escrow-create': SettleDeps;
  'trust-line': TrustLineDeps;
  'platform-fee': { fee: FeeDeps; label: LabelDeps };
  'return-refund': ReturnRefundDeps;
  'send-funds': SettleSendDeps;
}

type Settlement<P extends SigningPurpose> = (record: SigningRequestRecord, deps: SettlementDeps[P]) => Promise<void>;

export const SETTLEMENTS: { readonly [P in SigningPurpose]: Settlement<P> } = {
  'sign-in': async () => {},
  'escrow-create': settleEscrowSigning,
  'trust-line': settleTrustLine,
  'platform-fee': async (record, deps) => {
    await settlePlatformFee(record, deps.fee);
    // A label paid with the fee is bought now (decision 039); a retried message finds it bought, or started.
    if (record.subjectId) await buyPaidLabel(record.subjectId, deps.label);
  },
  'return-refund': settleReturnRefund,
  'send-funds': settleSendFunds,
};

/** How each purpose's deps are built (the wiring's), only when a request of that purpose resolves. */
export type SettlementWiring = { readonly [P in SigningPurpose]: () => Promise<SettlementDeps[P]> };

async function settleAs<P extends SigningPurpose>(purpose: P, record: SigningRequestRecord, wiring: SettlementWiring) {
  const settle: Settlement<P> = SETTLEMENTS[purpose];
  await settle(record, await wiring[purpose]());
}

/** Settles a resolved request by its purpose. */
export function settleSigning(record: SigningRequestRecord, wiring: SettlementWiring): Promise<void> {
  return settleAs(record.purpose, record, wiring);
}
