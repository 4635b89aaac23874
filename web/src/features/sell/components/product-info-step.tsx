import type { Dispatch, SetStateAction } from 'react';
import type { ProductLookupResult } from '../../../../../shared/api/lookup';
import { LISTING_CATEGORIES, LISTING_CATEGORY_NAMES } from '../../../../../shared/domain/categories';
import { CONDITION_LABELS, LISTING_CONDITIONS } from '../../../../../shared/domain/listing';
import { LISTING_TITLE_MAX } from '../../../../../shared/api/listings';
import type { StepProps } from '../lib/form-props';
import type { WizardPhoto } from '../../../domains/listing-photos/api';
import { errorProps, FormField, SelectField, TextField } from './field';
import { PhotoManager } from './photo-manager';
import { ProductLookup } from './product-lookup';

export function ProductInfoStep({
  form,
  set,
  errors,
  token,
  photos,
  setPhotos,
  onProduct,
}: StepProps & {
  token: string;
  photos: WizardPhoto[];
  setPhotos: Dispatch<SetStateAction<WizardPhoto[]>>;
  onProduct(product: ProductLookupResult): void;
}) {
  const subcategories = form.category ? LISTING_CATEGORIES[form.category] : [];
  return (
    <>
      <ProductLookup token={token} onSelect={onProduct} />
      <div className="form-grid">
        <SelectField
          id="category"
          label="Category"
          required
          value={form.category}
          placeholder="Select a category"
          options={LISTING_CATEGORY_NAMES.map((c) => [c, c] as const)}
          onChange={(v) => {
            set('category', v as typeof form.category);
            set('subcategory', '');
          }}
          error={errors.category}
        />
        <SelectField
          id="subcategory"
          label="Subcategory"
          value={form.subcategory}
          placeholder={form.category ? 'Select a subcategory' : 'Choose a category first'}
          options={subcategories.map((s) => [s, s] as const)}
          onChange={(v) => set('subcategory', v)}
          error={errors.subcategory}
        />
        <SelectField
          id="condition"
          label="Condition"
          required
          value={form.condition}
          placeholder="Select a condition"
          options={LISTING_CONDITIONS.map((c) => [c, CONDITION_LABELS[c]] as const)}
          onChange={(v) => set('condition', v as typeof form.condition)}
          error={errors.condition}
        />
      </div>
      <TextField
        id="title"
        label="Title"
        required
        maxLength={LISTING_TITLE_MAX}
        value={form.title}
        onChange={(v) => set('title', v)}
        error={errors.title}
      />
      <FormField id="description" label="Description" required error={errors.description}>
        <textarea
          {...errorProps('description', errors.description, true)}
          className="input textarea"
          rows={6}
          maxLength={5000}
          value={form.description}
          onChange={(e) => set('description', e.target.value)}
        />
      </FormField>
      <div className="form-grid">
        <TextField id="brand" label="Brand" value={form.brand} onChange={(v) => set('brand', v)} error={errors.brand} />
        <TextField id="model" label="Model" value={form.model} onChange={(v) => set('model', v)} error={errors.model} />
        <TextField
          id="upc"
          label="UPC"
          inputMode="numeric"
          value={form.upc}
          onChange={(v) => set('upc', v.replace(/\D/g, '').slice(0, 14))}
          error={errors.upc}
        />
      </div>
      <PhotoManager photos={photos} setPhotos={setPhotos} token={token} error={errors.photos} />
    </>
  );
}
