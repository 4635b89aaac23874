import { accountSet } from './account-set';
import { escrowCancel } from './escrow-cancel';
import { escrowCreate } from './escrow-create';
import { escrowFinish } from './escrow-finish';
import { payment } from './payment';
import { setRegularKey } from './set-regular-key';
import { type Transactor } from './transactor';
import { trustSet } from './trust-set';

/** The transaction types the engine applies; any other type answers temUNKNOWN. */
export const TRANSACTORS: Readonly<Record<string, Transactor>> = {
  AccountSet: accountSet,
  EscrowCancel: escrowCancel,
  EscrowCreate: escrowCreate,
  EscrowFinish: escrowFinish,
  Payment: payment,
  SetRegularKey: setRegularKey,
  TrustSet: trustSet,
};
