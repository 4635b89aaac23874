import { describe, expect, it } from 'vitest';
import { DETAIL_FIELDS, detailFieldsFor } from '../../web/src/features/sell/lib/detail-fields';
import { emptyForm, formFieldOf, missingFields, stepOf, toBody } from '../../web/src/features/sell/lib/listing-form';
import { locationFromProfile } from '../../web/src/features/sell/lib/location-prefill';
import { checkPhotoFiles, lookupPhotoRoom, moveItem } from '../../web/src/domains/listing-photos/api';

const NOW = new Date('2026-06-01T12:00:00');
const filled = () => ({
  ...emptyForm(),
  title: ' Oak Desk ',
  description: 'Solid oak',
  category: 'Home & Garden' as const,
  subcategory: 'Furniture',
  condition: 'good' as const,
  price: '249.99',
  zipCode: '78701',
  city: 'Austin',
  state: 'TX',
});

describe('the wizard form', () => {
  it('has detail fields for exactly the seven subcategories the spec names', () => {
    expect(Object.keys(DETAIL_FIELDS).sort()).toEqual(
      ['Car Parts', 'Laptops', "Men's Clothing", 'Shoes', 'Smartphones', 'Tablets', "Women's Clothing"].sort(),
    );
    expect(detailFieldsFor('Shoes').map((f) => f.label)).toContain('Width');
    expect(detailFieldsFor('Furniture')).toEqual([]);
  });

  it('names missing required fields in wizard order, auction fields for auctions', () => {
    expect(missingFields(emptyForm()).map((m) => m.label)).toEqual([
      'Title',
      'Description',
      'Category',
      'Condition',
      'Price',
      'ZIP Code',
      'City',
      'State',
    ]);
    const auction = { ...filled(), listingType: 'auction' as const, startingBid: '0' };
    expect(missingFields(auction).map((m) => m.label)).toEqual(['Starting Bid', 'Auction End Date']);
    expect(missingFields({ ...filled(), price: '0.00' }).map((m) => m.label)).toEqual(['Price']);
  });

  it('turns dollars into integer cents and keeps only the details of the chosen subcategory', () => {
    const result = toBody(
      { ...filled(), specifications: { Color: 'Red', Material: '' }, subcategory: 'Shoes', category: 'Fashion' },
      ['k1'],
      NOW,
    );
    expect(result).toMatchObject({ ok: true, body: { priceCents: 24_999, title: 'Oak Desk', photoKeys: ['k1'] } });
    expect(result.ok && result.body.specifications).toEqual({ Color: 'Red' });
    const cents = toBody({ ...filled(), price: '0.1' }, [], NOW);
    expect(cents.ok && cents.body.priceCents).toBe(10);
  });

  it('refuses amounts that are not money, a past auction end and a bad ZIP, by field', () => {
    expect(toBody({ ...filled(), price: '12.345' }, [], NOW)).toEqual({
      ok: false,
      errors: { price: 'Enter an amount like 12.50' },
    });
    const past = toBody({ ...filled(), listingType: 'auction', startingBid: '5', endsAt: '2026-06-01T11:00' }, [], NOW);
    expect(!past.ok && past.errors.endsAt).toBe('The auction end date cannot be in the past');
    const soon = toBody({ ...filled(), listingType: 'auction', startingBid: '5', endsAt: '2026-06-01T12:04' }, [], NOW);
    expect(!soon.ok && soon.errors.endsAt).toBe('Choose a time at least 5 minutes from now');
    expect(
      toBody({ ...filled(), listingType: 'auction', startingBid: '5', endsAt: '2026-06-01T12:05' }, [], NOW).ok,
    ).toBe(true);
    const tooLarge = toBody({ ...filled(), price: '1000000.01' }, [], NOW);
    expect(!tooLarge.ok && tooLarge.errors.price).toBe('Amounts can be at most $1,000,000.00');
    expect(toBody({ ...filled(), price: '1000000.00' }, [], NOW).ok).toBe(true);
    const zip = toBody({ ...filled(), zipCode: '787' }, [], NOW);
    expect(!zip.ok && zip.errors.zipCode).toBe('ZIP code must be exactly 5 digits');
  });

  it('maps fields to steps and body paths to fields', () => {
    expect([stepOf('title'), stepOf('weightLbs'), stepOf('endsAt'), stepOf('zipCode')]).toEqual([0, 1, 2, 3]);
    expect([formFieldOf('priceCents'), formFieldOf('location.city'), formFieldOf('photoKeys.3')]).toEqual([
      'price',
      'city',
      'photos',
    ]);
  });

  it('prefills the location from a US profile address only', () => {
    const address = { country: 'US' as const, street: '1 Main', city: 'Austin', state: 'tx', postalCode: '78701-1234' };
    expect(locationFromProfile({ address })).toEqual({ zipCode: '78701', city: 'Austin', state: 'TX' });
    expect(locationFromProfile({ address: { ...address, country: 'GB' } })).toEqual({});
    expect(locationFromProfile(null)).toEqual({});
  });

  it('checks photo files: the count first, then type and size per file', () => {
    const file = (name: string, type: string, size = 10) => {
      const f = new File(['x'], name, { type });
      Object.defineProperty(f, 'size', { value: size });
      return f;
    };
    expect(checkPhotoFiles([file('a.png', 'image/png')], 8, 8).problems).toEqual([
      ['Too Many Images', 'You can only upload 0 more image(s)'],
    ]);
    // The administrators' max_listing_images (decision 063) sets the room.
    expect(checkPhotoFiles([file('a.png', 'image/png')], 8, 10).problems).toEqual([]);
    expect(checkPhotoFiles([file('a.png', 'image/png'), file('b.png', 'image/png')], 2, 3).problems).toEqual([
      ['Too Many Images', 'You can only upload 1 more image(s)'],
    ]);
    const { accepted, problems } = checkPhotoFiles(
      [file('a.png', 'image/png'), file('b.svg', 'image/svg+xml'), file('c.jpg', 'image/jpeg', 5 * 1024 * 1024 + 1)],
      0,
      8,
    );
    expect(accepted.map((f) => f.name)).toEqual(['a.png']);
    expect(problems).toEqual([
      ['Invalid File', 'b.svg is not an image file'],
      ['File Too Large', 'c.jpg is larger than 5MB'],
    ]);
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
  });

  it('leaves room for lookup photos: 5 from lookups in all, never above the max photos', () => {
    const of = (...origins: ('upload' | 'lookup' | 'listing')[]) => origins.map((origin) => ({ origin }));
    expect(lookupPhotoRoom([], 8)).toBe(5);
    expect(lookupPhotoRoom([], 3)).toBe(3);
    expect(lookupPhotoRoom(of('lookup', 'lookup', 'upload'), 8)).toBe(3);
    expect(lookupPhotoRoom(of('upload', 'upload', 'upload', 'upload', 'listing', 'listing'), 8)).toBe(2);
    expect(lookupPhotoRoom(of('lookup', 'lookup', 'lookup', 'lookup', 'lookup'), 8)).toBe(0);
  });
});
