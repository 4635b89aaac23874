import { CONDITION_LABELS, RETURN_LABELS, SHIPPING_LABELS } from '../../../../../shared/domain/listing';
import { formatUsd, parseDollarsToCents } from '../../../../../shared/domain/money';
import type { ListingForm } from '../lib/listing-form';
import type { WizardPhoto } from '../../../domains/listing-photos/api';

const usd = (text: string) => {
  const cents = parseDollarsToCents(text);
  return cents === undefined ? '—' : formatUsd(cents);
};

/** Everything entered, before Create Listing (spec part 3). */
export function ReviewStep({ form, photos }: { form: ListingForm; photos: WizardPhoto[] }) {
  const specs = Object.entries(form.specifications).filter(([, v]) => v.trim());
  const dims = [form.length, form.width, form.height];
  const rows: [string, string][] = [
    ['Title', form.title || '—'],
    ['Category', [form.category, form.subcategory].filter(Boolean).join(' › ') || '—'],
    ['Condition', form.condition ? CONDITION_LABELS[form.condition] : '—'],
    ['Brand', form.brand || '—'],
    ['Model', form.model || '—'],
    ['UPC', form.upc || '—'],
    ...specs,
    ['Weight', form.weightLbs ? `${form.weightLbs} lbs` : '—'],
    ['Dimensions', dims.every(Boolean) ? `${dims.join(' × ')} in` : '—'],
    ...((form.listingType === 'fixed'
      ? [
          ['Listing Type', 'Fixed Price'],
          ['Price', usd(form.price)],
          [
            'Offers',
            form.acceptOffers ? `Accepted${form.minOffer ? `, from ${usd(form.minOffer)}` : ''}` : 'Not accepted',
          ],
        ]
      : [
          ['Listing Type', 'Auction'],
          ['Starting Bid', usd(form.startingBid)],
          ['Buy It Now Price', form.buyItNow ? usd(form.buyItNow) : '—'],
          ['Reserve Price', form.reserve ? usd(form.reserve) : '—'],
          ['Auction End Date', form.endsAt ? new Date(form.endsAt).toLocaleString() : '—'],
        ]) as [string, string][]),
    ['Quantity', form.quantity],
    [
      'Shipping',
      `${SHIPPING_LABELS[form.shippingType]}${form.shippingType === 'flat' ? ` (${usd(form.shippingCost)})` : ''}${form.localPickup ? ', local pickup too' : ''}`,
    ],
    ['Location', [form.city, form.state, form.zipCode].filter(Boolean).join(', ') || '—'],
    ['Return Policy', RETURN_LABELS[form.returnPolicy]],
  ];
  return (
    <div className="review">
      {photos.length > 0 ? (
        <ul className="review-photos" aria-label="Photos">
          {photos.map((p, i) => (
            <li key={p.id}>
              <img src={p.previewUrl} alt={i === 0 ? `Main photo: ${p.name}` : p.name} width={96} height={96} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="field-hint">No photos</p>
      )}
      <dl className="review-list">
        {rows.map(([k, v]) => (
          <div key={k} className="review-row">
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      {form.description && (
        <>
          <h3 className="section-heading">Description</h3>
          <p className="review-description">{form.description}</p>
        </>
      )}
    </div>
  );
}
