import { useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import { ApiError } from '../../lib/api-error';
import { toLocalInput } from '../../lib/local-time';
import { relist } from './api';
import { errorProps, FormField } from '../../components/ui/form-field';
import { DialogFormFooter } from '../../components/ui/dialog-form-footer';
import { AUCTION_END_MESSAGES, auctionEndTooSoon, earliestAuctionEnd } from '../../../../shared/domain/auction-end';
import { Dialog } from '../../components/ui/dialog';

/**
 * The seller relists an auction that ended without a paid sale: a fresh auction of the same item ending when they
 * choose (decision 029). A button that opens a dialog with the new end date; the server validates it again.
 */
export function RelistButton({
  token,
  listingId,
  title,
  onRelisted,
}: {
  token: string;
  listingId: string;
  title: string;
  onRelisted?(newListingId: string): void;
}) {
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const id = `relist-end-${listingId}`;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const endsAt = new Date(value);
    if (!value || Number.isNaN(endsAt.getTime())) return setError('Auction End Date is required');
    if (auctionEndTooSoon(endsAt, new Date())) return setError(AUCTION_END_MESSAGES.tooSoon);
    setBusy(true);
    try {
      const made = await relist(token, listingId, endsAt);
      setOpen(false);
      toast.success('Auction Relisted', { description: `${title} is up for auction again.` });
      onRelisted?.(made.id);
    } catch (e) {
      const message = e instanceof ApiError ? e.message : 'Failed to relist. Please try again.';
      if (e instanceof ApiError && e.status === 400) setError(e.fields?.endsAt ?? message);
      else toast.error('Relist Failed', { description: message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        setOpen(next);
        setError(undefined);
        if (next) setValue(toLocalInput(new Date(Date.now() + 7 * 86_400_000)));
      }}
      trigger={
        <button type="button" className="btn btn-outline btn-sm" aria-label={`Relist ${title}`}>
          Relist
        </button>
      }
      title="Relist Auction"
      description={`${title} goes up for auction again with the same starting bid, reserve and photos, and no bids.`}
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <FormField id={id} label="Auction End Date" required error={error}>
          <input
            {...errorProps(id, error, true)}
            className="input"
            type="datetime-local"
            min={toLocalInput(earliestAuctionEnd(new Date()))}
            value={value}
            onChange={(e) => setValue(e.target.value)}
          />
        </FormField>
        <DialogFormFooter busy={busy} label="Relist" busyLabel="Relisting..." />
      </form>
    </Dialog>
  );
}

/** A link to a relisted auction. */
export function RelistedLink({ listingId }: { listingId: string }) {
  return (
    <p className="commerce-note">
      Relisted as a new auction. <Link to={`/item/${encodeURIComponent(listingId)}`}>View the new listing</Link>
    </p>
  );
}
