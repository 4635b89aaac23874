import { UNVERIFIED_SELLER_MESSAGE } from '../../../../../shared/domain/admin-settings';
import { usePublicSettings } from '../../../domains/platform-settings/api';
import { useStore } from '../../../domains/stores/api';

/**
 * While require_kyc is on, a seller an administrator has not marked verified is told before filling the wizard in that
 * publishing will be refused (decision 069); the server refuses it regardless. The mark is read from their own store.
 */
export function KycNotice({ username }: { username: string }) {
  const required = usePublicSettings().data?.requireKyc === true;
  const store = useStore(required ? username : '');
  if (!required || !store.data || store.data.verified) return null;
  return (
    <div className="status status-error" role="status">
      <p className="status-title">{UNVERIFIED_SELLER_MESSAGE}</p>
    </div>
  );
}
