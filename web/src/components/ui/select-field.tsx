import { errorProps, FormField } from './form-field';

/** A labelled select of fixed options, with an optional empty first choice (`placeholder`). */
export function SelectField({
  id,
  label,
  value,
  onChange,
  options,
  error,
  required,
  placeholder,
}: {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  options: readonly (readonly [value: string, label: string])[];
  error?: string;
  required?: boolean;
  placeholder?: string;
}) {
  return (
    <FormField id={id} label={label} required={required} error={error}>
      <select
        {...errorProps(id, error, required)}
        className="input"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map(([v, l]) => (
          <option key={v} value={v}>
            {l}
          </option>
        ))}
      </select>
    </FormField>
  );
}
