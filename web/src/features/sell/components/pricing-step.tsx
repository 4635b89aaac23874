import { auctionEndProblem, earliestAuctionEnd } from '../../../../../shared/domain/auction-end';
import type { ListingType } from '../../../../../shared/domain/listing';
import type { StepProps } from '../lib/form-props';
import { toLocalInput } from '../lib/listing-form';
import { Tabs } from '../../../components/ui/tabs';
import { TextField } from './field';

const TYPES: readonly { id: ListingType; label: string }[] = [
  { id: 'fixed', label: 'Fixed Price' },
  { id: 'auction', label: 'Auction' },
];
const money = { type: 'number', inputMode: 'decimal', min: 0.01, step: 0.01 } as const;

export function PricingStep({ form, set, errors, now }: StepProps & { now: Date }) {
  const choose = (type: ListingType) => set('listingType', type);
  // A typed (or pasted) time too early when the page opened is too early for sure; submit checks against the clock
  // again.
  const endError = errors.endsAt ?? (form.endsAt ? auctionEndProblem(new Date(form.endsAt), now) : undefined);
  return (
    <Tabs
      label="Listing type"
      look="segmented"
      tabs={TYPES}
      selected={form.listingType}
      onSelect={choose}
      panelProps={{ className: 'form-grid', tabIndex: undefined }}
    >
      {form.listingType === 'fixed' ? (
        <>
          <TextField
            id="price"
            label="Price ($)"
            required
            {...money}
            value={form.price}
            onChange={(v) => set('price', v)}
            error={errors.price}
          />
          <div className="form-field checkbox-field">
            <label>
              <input
                type="checkbox"
                checked={form.acceptOffers}
                onChange={(e) => set('acceptOffers', e.target.checked)}
              />{' '}
              Accept Offers
            </label>
          </div>
          {form.acceptOffers && (
            <TextField
              id="minOffer"
              label="Minimum Offer ($)"
              {...money}
              value={form.minOffer}
              onChange={(v) => set('minOffer', v)}
              error={errors.minOffer}
            />
          )}
        </>
      ) : (
        <>
          <TextField
            id="startingBid"
            label="Starting Bid ($)"
            required
            {...money}
            value={form.startingBid}
            onChange={(v) => set('startingBid', v)}
            error={errors.startingBid}
          />
          <TextField
            id="buyItNow"
            label="Buy It Now Price ($)"
            {...money}
            value={form.buyItNow}
            onChange={(v) => set('buyItNow', v)}
            error={errors.buyItNow}
          />
          <TextField
            id="reserve"
            label="Reserve Price ($)"
            {...money}
            value={form.reserve}
            onChange={(v) => set('reserve', v)}
            error={errors.reserve}
          />
          <TextField
            id="endsAt"
            label="Auction End Date"
            required
            type="datetime-local"
            min={toLocalInput(earliestAuctionEnd(now))}
            value={form.endsAt}
            onChange={(v) => set('endsAt', v)}
            error={endError}
          />
        </>
      )}
      <TextField
        id="quantity"
        label="Quantity"
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        value={form.quantity}
        onChange={(v) => set('quantity', v)}
        error={errors.quantity}
      />
    </Tabs>
  );
}
