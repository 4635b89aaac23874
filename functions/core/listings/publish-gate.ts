import { UNVERIFIED_SELLER_MESSAGE } from '../../../shared/domain/admin-settings';
import { ForbiddenError } from '../../lib/errors';
import type { SettingsPort } from '../admin-settings/ports';
import type { AccountStore } from '../auth/ports';

/** What publishing a listing (creating one, relisting an auction) asks before it writes. */
export interface PublishGate {
  settings: Pick<SettingsPort, 'current'>;
  accounts: Pick<AccountStore, 'profileFlags'>;
}

/** With require_kyc on, only a seller an administrator marked verified publishes a listing (decision 069). */
export async function assertMayPublish(sellerId: string, gate: PublishGate): Promise<void> {
  if (!(await gate.settings.current()).requireKyc) return;
  if (!(await gate.accounts.profileFlags(sellerId)).isVerified) {
    throw new ForbiddenError(UNVERIFIED_SELLER_MESSAGE, 'seller_not_verified');
  }
}
