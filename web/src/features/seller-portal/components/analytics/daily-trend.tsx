import { Component, lazy, Suspense, useId, useState, type ReactNode } from 'react';
import type { AnalyticsDay } from '../../../../../../shared/api/analytics';
import { formatUsd } from '../../../../../../shared/domain/money';
import { longDay } from '../../lib/analytics-display';
import { canDraw } from '../../lib/can-draw';

// The chart library comes with this tab only (decision 056): the home page's first load never carries it.
const TrendChart = lazy(() => import('./trend-chart'));

/** A chart that failed to load (its chunk, offline) leaves its table, shown instead. */
class ChartBoundary extends Component<{ children: ReactNode; onFail(): void }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.warn('The trend chart could not be drawn', error);
    this.props.onFail();
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * The daily trend of views, sales and revenue: a chart for the eye, and the same figures as a table for screen readers
 * (shown to everyone where no chart can be drawn).
 */
export function DailyTrend({ daily, range }: { daily: AnalyticsDay[]; range: number }) {
  const id = useId();
  const [chartable, setChartable] = useState(canDraw);
  return (
    <figure className="analytics-trend" aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`} className="analytics-subheading">
        Daily views, sales and revenue
      </figcaption>
      {chartable && (
        <ChartBoundary onFail={() => setChartable(false)}>
          <Suspense fallback={<p className="analytics-chart-loading">Loading chart...</p>}>
            <TrendChart daily={daily} />
          </Suspense>
        </ChartBoundary>
      )}
      <div className={chartable ? 'sr-only' : 'analytics-table-wrap'}>
        <table className="analytics-table">
          <caption>Daily figures of the last {range} days (UTC)</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Views</th>
              <th scope="col">Sales</th>
              <th scope="col">Revenue</th>
            </tr>
          </thead>
          <tbody>
            {daily.map((d) => (
              <tr key={d.day}>
                <th scope="row">{longDay(d.day)}</th>
                <td>{d.views}</td>
                <td>{d.sales}</td>
                <td>{formatUsd(d.revenueCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
