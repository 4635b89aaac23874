import '../../../styles/home.css';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { ListingCard } from '../../../../../shared/api/listings';
import { ListingGrid } from '../../../domains/listings/listing-grid';
import { LoadFailed } from '../../../components/ui/load-failed';

export interface ListingSectionProps {
  title: string;
  viewAllHref: string;
  viewAllLabel?: string;
  listings: readonly ListingCard[] | undefined;
  isLoading: boolean;
  error: Error | undefined;
  onRetry: () => void;
  loadingText: string;
  emptyText: string;
  /** Render nothing at all when there are no listings (Newest Listings). */
  hideWhenEmpty?: boolean;
  description?: string;
}

/** A home page row of up to 4 listings with its title, View All link and loading / empty / error states. */
export function ListingSection(props: ListingSectionProps) {
  const headingId = useId();
  const items = props.listings ?? [];
  const empty = !props.isLoading && !props.error && items.length === 0;
  if (empty && props.hideWhenEmpty) return null;
  return (
    <section className="home-section" aria-labelledby={headingId}>
      <div className="container">
        <div className="section-head">
          <div>
            <h2 id={headingId} className="section-title">
              {props.title}
            </h2>
            {props.description && <p className="section-description">{props.description}</p>}
          </div>
          <Link className="btn btn-outline" to={props.viewAllHref}>
            {props.viewAllLabel ?? 'View All'}
            <span className="sr-only"> {props.title}</span>
          </Link>
        </div>
        {props.isLoading ? (
          <div className="status" role="status" aria-live="polite">
            <div className="spinner" aria-hidden />
            <p>{props.loadingText}</p>
          </div>
        ) : props.error && items.length === 0 ? (
          <LoadFailed title="Failed to fetch listings" onRetry={props.onRetry} outline />
        ) : empty ? (
          <p className="status">{props.emptyText}</p>
        ) : (
          <ListingGrid listings={items} label={props.title} />
        )}
      </div>
    </section>
  );
}
