import type { MyListing } from '../../../../../shared/api/listings';
import { Dialog } from '../../../components/ui/dialog';
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
    <Dialog
      open={listing !== null}
      onOpenChange={(open) => !open && !ending && onClose()}
      onCloseAutoFocus={onCloseAutoFocus}
      title="End Listing"
      description="Are you sure you want to end this listing? This action cannot be undone."
    >
      {listing && <p className="end-dialog-listing">{listing.title}</p>}
      <DialogActions busy={ending}>
        <button type="button" className="btn btn-danger" disabled={ending} onClick={onConfirm}>
          {ending ? 'Ending...' : 'End Listing'}
        </button>
      </DialogActions>
    </Dialog>
  );
}
