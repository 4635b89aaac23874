import type { ProductLookupResult } from '../../../../../shared/api/lookup';
import type { ListingForm } from './listing-form';

const PRODUCT_FIELDS = ['title', 'description', 'brand', 'model', 'upc', 'category'] as const;

/**
 * A chosen lookup result fills the wizard (spec part 3); what the result lacks keeps what the seller typed. `wasEmpty`
 * decides the toast: 'Product Selected!' on an empty form, 'Product Info Updated' when it overwrote entries.
 */
export function applyProduct(form: ListingForm, p: ProductLookupResult): { form: ListingForm; wasEmpty: boolean } {
  const wasEmpty = PRODUCT_FIELDS.every((f) => !form[f]);
  const category = p.listingCategory ?? form.category;
  return {
    wasEmpty,
    form: {
      ...form,
      title: p.productName.slice(0, 80) || form.title,
      description: p.description ?? form.description,
      brand: p.brand ?? form.brand,
      model: p.model ?? form.model,
      upc: p.barcodeNumber?.replace(/\D/g, '').slice(0, 14) ?? form.upc,
      category,
      subcategory: category === form.category ? form.subcategory : '',
      weightLbs: p.weightLbs != null ? String(p.weightLbs) : form.weightLbs,
      length: p.dimensions ? String(p.dimensions.length) : form.length,
      width: p.dimensions ? String(p.dimensions.width) : form.width,
      height: p.dimensions ? String(p.dimensions.height) : form.height,
    },
  };
}
