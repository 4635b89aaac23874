import * as Dialog from '@radix-ui/react-dialog';
import type { MyListing } from '../../../../../shared/api/listings';
import { DialogActions } from '../../../components/ui/dialog-actions';

/** Spec part 3: ending a listing asks first, with this exact text. */
export function EndListingDialog({
  listing,
  ending,
  onConfirm,
  onClose,
  onCloseAutoFocus,
}: {
  /** The listing to end; null keeps the dialog closed. */
  listing: MyListing | null;
  ending: boolean;
  onConfirm(): void;
  onClose(): void;
  onCloseAutoFocus(event: Event): void;
}) {
  return (
    <Dialog.Root open={listing !== null} onOpenChange={(open) => !open && !ending && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog" onCloseAutoFocus={onCloseAutoFocus}>
          <Dialog.Title className="dialog-title">End Listing</Dialog.Title>
          <Dialog.Description className="dialog-text">
            Are you sure you want to end this listing? This action cannot be undone.
          </Dialog.Description>
          {listing && <p className="end-dialog-listing">{listing.title}</p>}
          <DialogActions busy={ending}>
            <button type="button" className="btn btn-danger" disabled={ending} onClick={onConfirm}>
              {ending ? 'Ending...' : 'End Listing'}
            </button>
          </DialogActions>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
