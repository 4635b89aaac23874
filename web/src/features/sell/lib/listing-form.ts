import { createListingBodySchema, type CreateListingBody } from '../../../../../shared/api/listings';
import type { ListingDetail } from '../../../../../shared/api/listings';
import type { ListingCategory } from '../../../../../shared/domain/categories';
import { centsToDecimalString, parseDollarsToCents } from '../../../../../shared/domain/money';
import type { ListingCondition, ListingType, ReturnPolicy, ShippingType } from '../../../../../shared/domain/listing';
import { auctionEndProblem } from '../../../../../shared/domain/auction-end';
import { detailFieldsFor } from './detail-fields';
import { toLocalInput } from '../../../lib/local-time';

/** The wizard's steps, indexed 0 to 4 (spec part 3). */
export const STEPS = ['Product Info', 'Details', 'Pricing', 'Shipping', 'Review'] as const;

/** Return policies the wizard offers (spec part 3 "Business constants and limits"). */
export const WIZARD_RETURN_POLICIES = ['no_returns', '14_days', '30_days', '60_days'] as const satisfies ReturnPolicy[];

/** What the inputs hold: text as typed (money in dollars), turned into the API body only on submit. */
export interface ListingForm {
  category: ListingCategory | '';
  subcategory: string;
  condition: ListingCondition | '';
  title: string;
  description: string;
  brand: string;
  model: string;
  upc: string;
  specifications: Record<string, string>;
  weightLbs: string;
  length: string;
  width: string;
  height: string;
  listingType: ListingType;
  price: string;
  acceptOffers: boolean;
  minOffer: string;
  startingBid: string;
  buyItNow: string;
  reserve: string;
  /** `datetime-local` value, local time. */
  endsAt: string;
  quantity: string;
  shippingType: ShippingType;
  shippingCost: string;
  localPickup: boolean;
  zipCode: string;
  city: string;
  state: string;
  returnPolicy: ReturnPolicy;
}

export type FieldErrors = Partial<Record<keyof ListingForm | 'photos', string>>;

export function emptyForm(): ListingForm {
  return {
    category: '',
    subcategory: '',
    condition: '',
    title: '',
    description: '',
    brand: '',
    model: '',
    upc: '',
    specifications: {},
    weightLbs: '',
    length: '',
    width: '',
    height: '',
    listingType: 'fixed',
    price: '',
    acceptOffers: false,
    minOffer: '',
    startingBid: '',
    buyItNow: '',
    reserve: '',
    endsAt: '',
    quantity: '1',
    shippingType: 'calculated',
    shippingCost: '',
    localPickup: false,
    zipCode: '',
    city: '',
    state: '',
    returnPolicy: '30_days',
  };
}

export { toLocalInput };

const dollars = (cents: number | null | undefined) => (cents == null ? '' : centsToDecimalString(cents));
const text = (value: string | number | null | undefined) => (value == null ? '' : String(value));

/** The form of an existing listing (edit mode). */
export function formFromListing(l: ListingDetail): ListingForm {
  return {
    ...emptyForm(),
    category: l.category,
    subcategory: l.subcategory ?? '',
    condition: l.condition,
    title: l.title,
    description: l.description,
    brand: text(l.brand),
    model: text(l.model),
    upc: text(l.upc),
    specifications: { ...l.specifications },
    weightLbs: text(l.weightLbs),
    length: text(l.dimensions?.length),
    width: text(l.dimensions?.width),
    height: text(l.dimensions?.height),
    listingType: l.listingType,
    price: dollars(l.priceCents),
    acceptOffers: l.acceptOffers,
    minOffer: dollars(l.minOfferCents),
    startingBid: dollars(l.startingBidCents),
    buyItNow: dollars(l.buyItNowPriceCents),
    reserve: dollars(l.reservePriceCents),
    endsAt: l.endsAt ? toLocalInput(new Date(l.endsAt)) : '',
    quantity: String(l.quantity),
    shippingType: l.shippingType,
    shippingCost: dollars(l.shippingCostCents),
    localPickup: l.localPickup,
    zipCode: l.location?.zipCode ?? '',
    city: l.location?.city ?? '',
    state: l.location?.state ?? '',
    returnPolicy: l.returnPolicy,
  };
}

/** The step each field is entered on, so a problem can send the seller back there. */
export function stepOf(field: string): number {
  if (['weightLbs', 'length', 'width', 'height', 'specifications'].includes(field)) return 1;
  if (
    [
      'listingType',
      'price',
      'acceptOffers',
      'minOffer',
      'startingBid',
      'buyItNow',
      'reserve',
      'endsAt',
      'quantity',
    ].includes(field)
  ) {
    return 2;
  }
  if (['shippingType', 'shippingCost', 'localPickup', 'zipCode', 'city', 'state', 'returnPolicy'].includes(field)) {
    return 3;
  }
  return 0;
}

const positiveCents = (s: string) => {
  const cents = parseDollarsToCents(s);
  return cents !== undefined && cents > 0 ? cents : undefined;
};

/** The spec's required fields, by the names its 'Please fill in: {list}' message uses, in wizard order. */
export function missingFields(f: ListingForm): { label: string; field: keyof ListingForm }[] {
  const checks: [string, keyof ListingForm, boolean][] = [
    ['Title', 'title', !f.title.trim()],
    ['Description', 'description', !f.description.trim()],
    ['Category', 'category', !f.category],
    ['Condition', 'condition', !f.condition],
    ...(f.listingType === 'fixed'
      ? ([['Price', 'price', positiveCents(f.price) === undefined]] as [string, keyof ListingForm, boolean][])
      : ([
          ['Starting Bid', 'startingBid', positiveCents(f.startingBid) === undefined],
          ['Auction End Date', 'endsAt', !f.endsAt],
        ] as [string, keyof ListingForm, boolean][])),
    ['ZIP Code', 'zipCode', !f.zipCode.trim()],
    ['City', 'city', !f.city.trim()],
    ['State', 'state', !f.state.trim()],
  ];
  return checks.filter(([, , missing]) => missing).map(([label, field]) => ({ label, field }));
}

/** Body field -> form field, for messages from the schema or the server. */
const FIELD_OF: Record<string, keyof ListingForm | 'photos'> = {
  priceCents: 'price',
  minOfferCents: 'minOffer',
  startingBidCents: 'startingBid',
  buyItNowPriceCents: 'buyItNow',
  reservePriceCents: 'reserve',
  shippingCostCents: 'shippingCost',
  photoKeys: 'photos',
  dimensions: 'length',
  location: 'zipCode',
};

/** A body path ('location.zipCode', 'priceCents', 'photoKeys.2') as the form field it came from. */
export function formFieldOf(path: string): keyof ListingForm | 'photos' {
  const [head = '', second] = path.split('.');
  if (head === 'location' && second) return second as keyof ListingForm;
  if (head === 'dimensions' && second) return second as keyof ListingForm;
  return FIELD_OF[head] ?? (head as keyof ListingForm);
}

export type BodyResult = { ok: true; body: CreateListingBody } | { ok: false; errors: FieldErrors };

const optionalNumber = (s: string) => (s.trim() === '' ? undefined : Number(s));
const optionalCents = (s: string) => (s.trim() === '' ? undefined : (parseDollarsToCents(s) ?? Number.NaN));

/**
 * The API body the server checks with the same schema. Money goes from the dollars typed to integer cents by the
 * shared text conversion (never through a float); an auction end in the past or too soon is refused here as on the
 * server (the same rule and texts).
 */
export function toBody(f: ListingForm, photoKeys: string[], now: Date): BodyResult {
  const errors: FieldErrors = {};
  const cents = (field: keyof ListingForm, value: string) => {
    const c = optionalCents(value);
    if (Number.isNaN(c)) errors[field] = 'Enter an amount like 12.50';
    return c;
  };
  const fixed = f.listingType === 'fixed';
  const allowed = new Set(detailFieldsFor(f.subcategory).map((d) => d.label));
  const specifications = Object.fromEntries(
    Object.entries(f.specifications).filter(([k, v]) => allowed.has(k) && v.trim() !== ''),
  );
  const dims = [f.length, f.width, f.height];
  const endsAt = !fixed && f.endsAt ? new Date(f.endsAt) : undefined;
  const endProblem = endsAt && auctionEndProblem(endsAt, now);
  if (endProblem) errors.endsAt = endProblem;
  const raw = {
    title: f.title,
    description: f.description,
    category: f.category || undefined,
    subcategory: f.subcategory || undefined,
    condition: f.condition || undefined,
    brand: f.brand.trim() || undefined,
    model: f.model.trim() || undefined,
    upc: f.upc.trim() || undefined,
    specifications,
    weightLbs: optionalNumber(f.weightLbs),
    dimensions: dims.every((d) => d.trim() === '')
      ? undefined
      : { length: Number(f.length), width: Number(f.width), height: Number(f.height) },
    listingType: f.listingType,
    ...(fixed
      ? {
          priceCents: cents('price', f.price),
          acceptOffers: f.acceptOffers,
          minOfferCents: f.acceptOffers ? cents('minOffer', f.minOffer) : undefined,
        }
      : {
          startingBidCents: cents('startingBid', f.startingBid),
          buyItNowPriceCents: cents('buyItNow', f.buyItNow),
          reservePriceCents: cents('reserve', f.reserve),
          endsAt: endsAt && !Number.isNaN(endsAt.getTime()) ? endsAt.toISOString() : undefined,
        }),
    quantity: Number(f.quantity),
    shippingType: f.shippingType,
    shippingCostCents: f.shippingType === 'flat' ? cents('shippingCost', f.shippingCost) : undefined,
    localPickup: (f.shippingType === 'calculated' || f.shippingType === 'flat') && f.localPickup,
    location: { zipCode: f.zipCode, city: f.city, state: f.state },
    returnPolicy: f.returnPolicy,
    photoKeys,
  };
  const parsed = createListingBodySchema.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = formFieldOf(issue.path.join('.'));
      errors[field] ??= issue.message;
    }
  }
  if (Object.keys(errors).length || !parsed.success) return { ok: false, errors };
  return { ok: true, body: parsed.data };
}
