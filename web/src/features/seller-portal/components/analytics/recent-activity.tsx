import type { AnalyticsActivity } from '../../../../../../shared/api/analytics';
import { messageAge } from '../../../../../../shared/domain/messages';
import { useNow } from '../../../../lib/use-now';
import { ACTIVITY_LABELS, activityText } from '../../lib/analytics-display';

/** The seller's latest messages received, offers received and sales (at most 20, newest first, any range). */
export function RecentActivity({ items }: { items: AnalyticsActivity[] }) {
  const nowMs = useNow();
  return (
    <section className="analytics-activity" aria-labelledby="analytics-activity-heading">
      <h3 id="analytics-activity-heading" className="analytics-subheading">
        Recent activity
      </h3>
      {items.length === 0 ? (
        <p className="analytics-empty">No messages, offers or sales yet.</p>
      ) : (
        <ul className="analytics-activity-list" aria-label="Recent activity">
          {items.map((a) => (
            <li key={a.id} className="analytics-activity-item">
              <span className={`badge analytics-kind analytics-kind-${a.kind}`}>{ACTIVITY_LABELS[a.kind]}</span>
              <span className="analytics-activity-text">{activityText(a)}</span>
              <time className="analytics-activity-time" dateTime={a.at} title={new Date(a.at).toLocaleString()}>
                {messageAge(a.at, nowMs)}
              </time>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
