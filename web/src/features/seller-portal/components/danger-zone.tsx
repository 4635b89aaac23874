import '../../../styles/danger-zone.css';
import { useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { useSWRConfig } from 'swr';
import { isDeactivated, type StoreStatus } from '../../../../../shared/domain/account-state';
import { deactivateStore, deleteMyData, reactivateStore } from '../../../domains/account-state/api';
import { refreshListingCaches } from '../../../domains/listings/api';
import { useStore } from '../../../domains/stores/api';
import { ApiError } from '../../../lib/api';
import { useSignedInSession } from '../../../lib/session/session-context';
import { DeleteDataDialog } from './delete-data-dialog';
import { StoreStatusDialog, type StoreAction } from './store-status-dialog';

/** While listings are still being moved, the status is read again this often. */
const IN_PROGRESS_REFRESH_MS = 10_000;

const STATUS_TEXT: Record<StoreStatus, string> = {
  active: 'Your store is active: it and its listings show in browse and search.',
  deactivating:
    'Your store is deactivated. Its listings are leaving browse and search; this finishes within a few minutes.',
  deactivated: 'Your store is deactivated: it and its listings are hidden from browse and search.',
  reactivating: 'Your store is active again. Its listings are coming back into browse and search within a few minutes.',
};

const messageOf = (e: unknown) => (e instanceof ApiError ? e.message : 'Something went wrong. Please try again.');

/**
 * The seller portal settings' danger zone (spec part 3 "Seller portal", decision 059): Deactivate or Reactivate the
 * store, and Delete Data, each after a confirmation; Delete Data signs the user out.
 */
export function DangerZone() {
  const id = useId();
  const { token, user, disconnect } = useSignedInSession();
  const { data: store, error: loadError, isLoading, mutate: reloadStore } = useStore(user.username);
  const { mutate, cache } = useSWRConfig();
  const navigate = useNavigate();
  const [storeAction, setStoreAction] = useState<StoreAction | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const status = store?.storeStatus;
  const moving = status === 'deactivating' || status === 'reactivating';
  useEffect(() => {
    if (!moving) return;
    const timer = setInterval(() => void reloadStore(), IN_PROGRESS_REFRESH_MS);
    return () => clearInterval(timer);
  }, [moving, reloadStore]);

  const close = () => {
    setStoreAction(null);
    setDeleting(false);
    setError(null);
  };

  const changeStore = (action: StoreAction) => {
    setBusy(true);
    setError(null);
    (action === 'deactivate' ? deactivateStore(token) : reactivateStore(token))
      .then(async ({ storeStatus }) => {
        close();
        toast.success(action === 'deactivate' ? 'Store Deactivated' : 'Store Reactivated', {
          description: STATUS_TEXT[storeStatus],
        });
        await reloadStore(store && { ...store, storeStatus, deactivated: isDeactivated(storeStatus) });
        // Its listings left (or came back to) browse, search and the store page.
        void refreshListingCaches(mutate, cache).catch(() => undefined);
      })
      .catch((e: unknown) => setError(messageOf(e)))
      .finally(() => setBusy(false));
  };

  const eraseData = (confirmUsername: string) => {
    setBusy(true);
    setError(null);
    deleteMyData(token, confirmUsername)
      .then(async ({ status: erasure }) => {
        toast.success(erasure === 'erased' ? 'Your Data Was Deleted' : 'Your Data Is Being Deleted', {
          description:
            erasure === 'erased'
              ? 'You have been signed out.'
              : 'You have been signed out; the rest finishes within a few minutes.',
        });
        // The server has ended every session already; this clears this tab's.
        await disconnect();
        navigate('/', { replace: true });
      })
      .catch((e: unknown) => {
        setError(messageOf(e));
        setBusy(false);
      });
  };

  const deactivated = status !== undefined && isDeactivated(status);
  return (
    <section className="danger-zone" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="section-heading danger-zone-heading">
        Danger Zone
      </h2>
      <div className="danger-zone-row">
        <div className="danger-zone-text">
          <h3 className="danger-zone-title">{deactivated ? 'Reactivate Store' : 'Deactivate Store'}</h3>
          {isLoading && !store ? (
            <p role="status">Loading store status...</p>
          ) : loadError && !store ? (
            <div className="status-inline status-error" role="alert">
              <span>Failed to load store status</span>
              <button type="button" className="btn btn-outline btn-sm" onClick={() => void reloadStore()}>
                Try Again
              </button>
            </div>
          ) : (
            status && (
              <p role="status" aria-live="polite">
                {STATUS_TEXT[status]}
              </p>
            )
          )}
        </div>
        {status && (
          <button
            type="button"
            className={deactivated ? 'btn btn-outline' : 'btn btn-outline btn-danger-outline'}
            onClick={() => setStoreAction(deactivated ? 'reactivate' : 'deactivate')}
          >
            {deactivated ? 'Reactivate' : 'Deactivate'}
          </button>
        )}
      </div>
      <div className="danger-zone-row">
        <div className="danger-zone-text">
          <h3 className="danger-zone-title">Delete Data</h3>
          <p>Permanently delete your personal data and sign out. Orders and reviews are kept without your name.</p>
        </div>
        <button type="button" className="btn btn-danger" onClick={() => setDeleting(true)}>
          Delete Data
        </button>
      </div>
      <StoreStatusDialog
        action={storeAction}
        busy={busy}
        error={storeAction ? error : null}
        onConfirm={() => storeAction && changeStore(storeAction)}
        onClose={close}
      />
      <DeleteDataDialog
        open={deleting}
        username={user.username}
        busy={busy}
        error={deleting ? error : null}
        onConfirm={eraseData}
        onClose={close}
      />
    </section>
  );
}
