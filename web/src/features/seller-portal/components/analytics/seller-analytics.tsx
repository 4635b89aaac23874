import '../../../../styles/analytics.css';
import { useState } from 'react';
import type { SellerAnalytics as Figures } from '../../../../../../shared/api/analytics';
import { DEFAULT_ANALYTICS_RANGE, type AnalyticsRange } from '../../../../../../shared/domain/analytics';
import { formatUsd } from '../../../../../../shared/domain/money';
import { LoadFailed } from '../../../../components/ui/load-failed';
import { PageLoading } from '../../../../components/ui/page-loading';
import { useSellerAnalytics } from '../../../../domains/analytics/api';
import { longDay, rangeIsEmpty } from '../../lib/analytics-display';
import { DailyTrend } from './daily-trend';
import { FigureCards } from './figure-cards';
import { RangePicker } from './range-picker';
import { RecentActivity } from './recent-activity';
import { TopListings } from './top-listings';

function AnalyticsBody({ analytics }: { analytics: Figures }) {
  const empty = rangeIsEmpty(analytics);
  return (
    <>
      <p className="analytics-period">
        {longDay(analytics.from)} – {longDay(analytics.to)} (UTC days)
      </p>
      <FigureCards analytics={analytics} />
      {empty ? (
        <p className="analytics-empty analytics-empty-range">
          No views, messages, offers or sales in the last {analytics.range} days yet.
        </p>
      ) : (
        <>
          <DailyTrend daily={analytics.daily} range={analytics.range} />
          <div className="analytics-tops">
            <TopListings
              title="Most viewed"
              items={analytics.topByViews}
              value={(l) => `${l.views.toLocaleString('en-US')} ${l.views === 1 ? 'view' : 'views'}`}
              empty="No views in this range yet."
            />
            <TopListings
              title="Top revenue"
              items={analytics.topByRevenue}
              value={(l) => formatUsd(l.revenueCents)}
              empty="No sales released in this range yet."
            />
          </div>
        </>
      )}
      <RecentActivity items={analytics.activity} />
    </>
  );
}

/**
 * The seller portal's Analytics tab (spec part 3 "Seller portal", decision 056): the seller's own figures over the last
 * 7, 30 or 90 days, counted by the server from real views, messages, offers and released sales.
 */
export function SellerAnalytics({ userId, token }: { userId: string; token: string }) {
  const [range, setRange] = useState<AnalyticsRange>(DEFAULT_ANALYTICS_RANGE);
  const { data, error, isLoading, mutate } = useSellerAnalytics(userId, token, range);
  // While another range loads, the previous one stays on screen, marked busy.
  const stale = data !== undefined && data.range !== range;
  return (
    <section className="portal-analytics" aria-labelledby="analytics-heading" aria-busy={isLoading || stale}>
      <div className="portal-section-head">
        <h2 id="analytics-heading" className="section-heading">
          Analytics
        </h2>
        <RangePicker value={range} onChange={setRange} />
      </div>
      {error && (!data || stale) ? (
        <LoadFailed title="Failed to load analytics" outline onRetry={() => void mutate()} />
      ) : !data ? (
        <PageLoading text="Loading analytics..." />
      ) : (
        <div className={stale ? 'analytics-body analytics-stale' : 'analytics-body'}>
          <AnalyticsBody analytics={data} />
        </div>
      )}
    </section>
  );
}
