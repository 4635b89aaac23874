import type { StepProps } from '../lib/form-props';
import { detailFieldsFor } from '../lib/detail-fields';
import { SelectField, TextField } from './field';

const slug = (label: string) => `spec-${label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;

export function DetailsStep({ form, set, errors }: StepProps) {
  const fields = detailFieldsFor(form.subcategory);
  const setSpec = (label: string, value: string) => set('specifications', { ...form.specifications, [label]: value });
  const number = { type: 'number', inputMode: 'decimal', min: 0, step: 0.1 } as const;
  return (
    <>
      {fields.length > 0 ? (
        <div className="form-grid">
          {fields.map((f) =>
            f.options ? (
              <SelectField
                key={f.label}
                id={slug(f.label)}
                label={f.label}
                value={form.specifications[f.label] ?? ''}
                placeholder="Select"
                options={f.options.map((o) => [o, o] as const)}
                onChange={(v) => setSpec(f.label, v)}
              />
            ) : (
              <TextField
                key={f.label}
                id={slug(f.label)}
                label={f.label}
                maxLength={200}
                value={form.specifications[f.label] ?? ''}
                onChange={(v) => setSpec(f.label, v)}
              />
            ),
          )}
        </div>
      ) : (
        <p className="field-hint">
          {form.subcategory
            ? `No extra details for ${form.subcategory}.`
            : 'Choose a subcategory on the first step for its specific details.'}
        </p>
      )}
      <fieldset className="form-grid">
        <legend className="field-label">Package weight and dimensions</legend>
        <TextField
          id="weightLbs"
          label="Weight (lbs)"
          {...number}
          value={form.weightLbs}
          onChange={(v) => set('weightLbs', v)}
          error={errors.weightLbs}
        />
        <TextField
          id="length"
          label="Length (in)"
          {...number}
          value={form.length}
          onChange={(v) => set('length', v)}
          error={errors.length}
        />
        <TextField
          id="width"
          label="Width (in)"
          {...number}
          value={form.width}
          onChange={(v) => set('width', v)}
          error={errors.width}
        />
        <TextField
          id="height"
          label="Height (in)"
          {...number}
          value={form.height}
          onChange={(v) => set('height', v)}
          error={errors.height}
        />
      </fieldset>
    </>
  );
}
