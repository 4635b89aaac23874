import type { SellerAnalytics } from '../../../../../../shared/api/analytics';
import { figureCards } from '../../lib/analytics-display';

/** The range's figures, one card each. */
export function FigureCards({ analytics }: { analytics: SellerAnalytics }) {
  return (
    <dl className="analytics-cards">
      {figureCards(analytics).map((card) => (
        <div key={card.label} className="analytics-card">
          <dt className="analytics-card-label">{card.label}</dt>
          <dd className="analytics-card-value">{card.value}</dd>
          {card.note && <dd className="analytics-card-note">{card.note}</dd>}
        </div>
      ))}
    </dl>
  );
}
