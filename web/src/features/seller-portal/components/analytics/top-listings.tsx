import { Link } from 'react-router-dom';
import type { AnalyticsListing } from '../../../../../../shared/api/analytics';

/** One top list (most viewed, top revenue): each listing with its figure, linked to its page. */
export function TopListings({
  title,
  items,
  value,
  empty,
}: {
  title: string;
  items: AnalyticsListing[];
  value(item: AnalyticsListing): string;
  empty: string;
}) {
  const headingId = `top-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section className="analytics-top" aria-labelledby={headingId}>
      <h3 id={headingId} className="analytics-subheading">
        {title}
      </h3>
      {items.length === 0 ? (
        <p className="analytics-empty">{empty}</p>
      ) : (
        <ol className="analytics-top-list" aria-label={title}>
          {items.map((item) => (
            <li key={item.listingId} className="analytics-top-item">
              {item.imageUrl ? (
                <img className="analytics-top-thumb" src={item.imageUrl} alt="" width={40} height={40} loading="lazy" />
              ) : (
                <span className="analytics-top-thumb" aria-hidden="true" />
              )}
              {item.title === null ? (
                <span className="analytics-top-title">A removed listing</span>
              ) : (
                <Link className="analytics-top-title" to={`/item/${item.listingId}`}>
                  {item.title}
                </Link>
              )}
              <span className="analytics-top-value">{value(item)}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
