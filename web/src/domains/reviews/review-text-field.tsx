import '../../styles/reviews.css';
import { REVIEW_TEXT_MAX } from '../../../../shared/domain/reviews';
import { errorProps, FormField } from '../../components/ui/form-field';

const count = (n: number) => n.toLocaleString('en-US');

/** A review's comment or a reply: a textarea of at most REVIEW_TEXT_MAX characters, with its count shown. */
export function ReviewTextField({
  id,
  label,
  value,
  onChange,
  error,
  disabled = false,
}: {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string;
  disabled?: boolean;
}) {
  return (
    <FormField id={id} label={label} required error={error}>
      <textarea
        className="input textarea"
        rows={4}
        maxLength={REVIEW_TEXT_MAX}
        value={value}
        readOnly={disabled}
        onChange={(event) => onChange(event.target.value)}
        {...errorProps(id, error, true)}
        aria-describedby={[`${id}-count`, error ? `${id}-error` : ''].filter(Boolean).join(' ')}
      />
      <span id={`${id}-count`} className="review-text-count">
        {count(value.length)} / {count(REVIEW_TEXT_MAX)} characters
      </span>
    </FormField>
  );
}
