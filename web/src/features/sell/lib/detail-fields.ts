/**
 * The Details step's category-specific fields (spec part 3: Smartphones, Tablets, Laptops, Car Parts, Men's Clothing,
 * Women's Clothing and Shoes). Values end up in the listing's `specifications`, keyed by the label.
 */
export interface DetailField {
  label: string;
  /** A select's options; free text when absent. */
  options?: readonly string[];
}

const COLORS = ['Black', 'White', 'Silver', 'Gray', 'Gold', 'Blue', 'Red', 'Green', 'Pink', 'Purple', 'Other'];
const STORAGE = ['16 GB', '32 GB', '64 GB', '128 GB', '256 GB', '512 GB', '1 TB', '2 TB'];
const RAM = ['4 GB', '8 GB', '16 GB', '32 GB', '64 GB'];
const CLOTHING_SIZES = ['XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', '3XL'];

export const DETAIL_FIELDS: Readonly<Record<string, readonly DetailField[]>> = {
  Smartphones: [
    { label: 'Color', options: COLORS },
    { label: 'Storage', options: STORAGE },
    { label: 'Carrier', options: ['Unlocked', 'AT&T', 'T-Mobile', 'Verizon', 'Other'] },
    { label: 'Screen Size' },
  ],
  Tablets: [
    { label: 'Color', options: COLORS },
    { label: 'Storage', options: STORAGE },
    { label: 'Connectivity', options: ['Wi-Fi', 'Wi-Fi + Cellular'] },
    { label: 'Screen Size' },
  ],
  Laptops: [
    { label: 'Processor' },
    { label: 'RAM', options: RAM },
    { label: 'Storage', options: STORAGE },
    { label: 'Screen Size' },
    { label: 'Color', options: COLORS },
  ],
  'Car Parts': [{ label: 'Make' }, { label: 'Model' }, { label: 'Year' }, { label: 'Part Number' }],
  "Men's Clothing": [
    { label: 'Size', options: CLOTHING_SIZES },
    { label: 'Color', options: COLORS },
    { label: 'Material' },
  ],
  "Women's Clothing": [
    { label: 'Size', options: ['0', '2', '4', '6', '8', '10', '12', '14', '16', ...CLOTHING_SIZES] },
    { label: 'Color', options: COLORS },
    { label: 'Material' },
  ],
  Shoes: [
    { label: 'Size', options: ['5', '6', '7', '8', '9', '10', '11', '12', '13', '14'] },
    { label: 'Width', options: ['Narrow', 'Medium', 'Wide', 'Extra Wide'] },
    { label: 'Color', options: COLORS },
    { label: 'Material' },
  ],
};

export function detailFieldsFor(subcategory: string): readonly DetailField[] {
  return DETAIL_FIELDS[subcategory] ?? [];
}
