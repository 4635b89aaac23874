import '../../styles/reviews.css';
import { useState } from 'react';

const STARS = [1, 2, 3, 4, 5] as const;

/**
 * Choosing 1 to 5 stars: a radio group (arrow keys move the choice, each star is named '1 star' ... '5 stars'), drawn
 * as stars that light up to the chosen one, or to the one under the pointer.
 */
export function StarRatingInput({
  name,
  value,
  onChange,
  error,
}: {
  name: string;
  /** 0 while none is chosen. */
  value: number;
  onChange(rating: number): void;
  error?: string;
}) {
  const [hover, setHover] = useState(0);
  const lit = hover || value;
  return (
    <fieldset className="star-rating" aria-describedby={error ? `${name}-error` : undefined}>
      <legend className="field-label">
        Rating
        <span className="required-mark" aria-hidden>
          {' '}
          *
        </span>
      </legend>
      <div className="star-rating-options" onMouseLeave={() => setHover(0)}>
        {STARS.map((n) => (
          <label key={n} className={`star-rating-option${n <= lit ? ' on' : ''}`} onMouseEnter={() => setHover(n)}>
            <input
              type="radio"
              name={name}
              value={n}
              checked={value === n}
              aria-invalid={error ? true : undefined}
              onChange={() => onChange(n)}
            />
            <span aria-hidden>★</span>
            <span className="sr-only">{n === 1 ? '1 star' : `${n} stars`}</span>
          </label>
        ))}
      </div>
      {error && (
        <p id={`${name}-error`} className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
