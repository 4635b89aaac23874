import { errorProps, FormField } from './form-field';

const count = (n: number) => n.toLocaleString('en-US');

/** A textarea of at most `max` characters (required unless said), with its count shown and announced with the field. */
export function CountedTextarea({
  id,
  label,
  max,
  value,
  onChange,
  error,
  disabled = false,
  required = true,
  rows = 4,
}: {
  id: string;
  label: string;
  max: number;
  value: string;
  onChange(value: string): void;
  error?: string;
  disabled?: boolean;
  required?: boolean;
  rows?: number;
}) {
  return (
    <FormField id={id} label={label} required={required} error={error}>
      <textarea
        className="input textarea"
        rows={rows}
        maxLength={max}
        value={value}
        readOnly={disabled}
        onChange={(event) => onChange(event.target.value)}
        {...errorProps(id, error, required)}
        aria-describedby={[`${id}-count`, error ? `${id}-error` : ''].filter(Boolean).join(' ')}
      />
      <span id={`${id}-count`} className="text-count">
        {count(value.length)} / {count(max)} characters
      </span>
    </FormField>
  );
}
