import { useEffect, useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { useSWRConfig } from 'swr';
import { STORE_FEATURED_MAX, type Store } from '../../../../../shared/api/stores';
import { Dialog } from '../../../components/ui/dialog';
import { DialogFormFooter } from '../../../components/ui/dialog-form-footer';
import { keys } from '../../../domains/keys';
import { saveFeaturedListings } from '../../../domains/stores/api';

/**
 * Choose Featured Items: up to four of the store's active listings, in the order ticked; none ticked goes back to the
 * newest four (decision 055). The server checks each is the seller's own and active.
 */
export function FeaturedPicker({
  store,
  token,
  open,
  onOpenChange,
}: {
  store: Store;
  token: string;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const id = useId();
  const { mutate } = useSWRConfig();
  const [picked, setPicked] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  // Each opening starts from the pins as they are.
  useEffect(() => {
    if (open) setPicked(store.featuredPinned ? store.featured.map((l) => l.id) : []);
  }, [open, store]);

  const toggle = (listingId: string) =>
    setPicked((p) => (p.includes(listingId) ? p.filter((x) => x !== listingId) : [...p, listingId]));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    saveFeaturedListings(token, picked)
      .then(async () => {
        await mutate(keys.store(store.username, store.userId));
        toast.success('Store Updated');
        onOpenChange(false);
      })
      .catch((error: unknown) => {
        console.warn('Saving the featured items failed', error);
        toast.error('Error', { description: 'Failed to save changes. Please try again.' });
        // A listing may have ended meanwhile: show the store as it is now.
        void mutate(keys.store(store.username, store.userId));
      })
      .finally(() => setSaving(false));
  };

  const full = picked.length >= STORE_FEATURED_MAX;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !saving && onOpenChange(next)}
      title="Choose Featured Items"
      description={`Pick up to ${STORE_FEATURED_MAX} of your active listings, in the order they should show. With none picked, your newest ${STORE_FEATURED_MAX} show.`}
      className="featured-picker"
    >
      <form onSubmit={submit}>
        <p id={`${id}-count`} className="field-hint" aria-live="polite">
          {picked.length} of {STORE_FEATURED_MAX} chosen
        </p>
        <ul className="featured-choices" aria-describedby={`${id}-count`}>
          {store.listings.map((l) => {
            const position = picked.indexOf(l.id);
            return (
              <li key={l.id}>
                <label className="checkbox">
                  <input
                    type="checkbox"
                    checked={position >= 0}
                    disabled={position < 0 && full}
                    onChange={() => toggle(l.id)}
                  />
                  <span className="featured-choice-title">{l.title}</span>
                  {position >= 0 && <span className="badge badge-primary">#{position + 1}</span>}
                </label>
              </li>
            );
          })}
        </ul>
        <DialogFormFooter busy={saving} label="Save Featured Items" busyLabel="Saving..." />
      </form>
    </Dialog>
  );
}
