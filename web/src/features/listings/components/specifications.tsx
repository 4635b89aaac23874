import type { ListingDetail } from '../../../../../shared/api/listings';
import { DetailList } from '../../../components/ui/detail-list';

/** The item's facts (brand, model, UPC, the seller's specifications, weight, dimensions); none: nothing shown. */
export function Specifications({ l }: { l: ListingDetail }) {
  const rows: [string, string][] = [
    ...(l.brand ? ([['Brand', l.brand]] as [string, string][]) : []),
    ...(l.model ? ([['Model', l.model]] as [string, string][]) : []),
    ...(l.upc ? ([['UPC', l.upc]] as [string, string][]) : []),
    ...Object.entries(l.specifications),
    ...(l.weightLbs !== null ? ([['Weight', `${l.weightLbs} lbs`]] as [string, string][]) : []),
    ...(l.dimensions
      ? ([['Dimensions', `${l.dimensions.length} × ${l.dimensions.width} × ${l.dimensions.height} in`]] as [
          string,
          string,
        ][])
      : []),
  ];
  if (!rows.length) return null;
  return (
    <section aria-labelledby="specs-heading">
      <h2 id="specs-heading" className="section-heading">
        Specifications
      </h2>
      <DetailList rows={rows} />
    </section>
  );
}
