import { useId } from 'react';
import { ANALYTICS_RANGES, type AnalyticsRange } from '../../../../../../shared/domain/analytics';

/** The range switch: native radio buttons (one tab stop, arrow keys move), drawn as a segmented control. */
export function RangePicker({ value, onChange }: { value: AnalyticsRange; onChange(range: AnalyticsRange): void }) {
  const name = useId();
  return (
    <fieldset className="analytics-range">
      <legend className="sr-only">Range</legend>
      {ANALYTICS_RANGES.map((range) => (
        <label key={range} className="analytics-range-option">
          <input
            type="radio"
            name={name}
            value={range}
            checked={value === range}
            onChange={() => onChange(range)}
            className="sr-only"
          />
          <span>{range} days</span>
        </label>
      ))}
    </fieldset>
  );
}
