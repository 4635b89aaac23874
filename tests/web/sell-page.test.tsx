import './support/setup';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProductLookupResult } from '../../shared/api/lookup';
import type { Profile } from '../../shared/api/profile';
import { routes } from '../../web/src/app/router';
import { listingDetail, page, store } from './support/listing-fixture';
import { renderRoutes } from './support/render';
import {
  NEW_TOKEN,
  saveSession,
  sessionRoutes,
  stubApi,
  user,
  type ApiAnswer,
  type ApiRequest,
} from './support/api-stub';

const profile: Profile = {
  fullName: 'Sam Seller',
  email: 'sam@example.com',
  phone: '+1 555 0100',
  address: { country: 'US', street: '1 Main St', city: 'Springfield', state: 'IL', postalCode: '62701' },
  returnAddress: null,
  useDifferentReturnAddress: false,
  isSeller: true,
  avatarUrl: null,
  profileComplete: true,
};

const camera: ProductLookupResult = {
  productName: 'Fujifilm X-T5 Mirrorless Camera Silver',
  brand: 'Fujifilm',
  model: '16782301',
  category: 'Cameras & Optics > Cameras > Digital Cameras',
  listingCategory: 'Photography',
  description: 'A camera.',
  barcodeNumber: '860033000012',
  weightLbs: 2,
  dimensions: { length: 8, width: 6, height: 5 },
  images: ['http://products.test/images/1.png', 'http://products.test/images/2.png'],
};

/** XMLHttpRequest stand-in for the presigned POST: reports progress, then succeeds (or fails when told). */
class FakeXhr {
  static fail = false;
  static sent: FormData[] = [];
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  status = 0;
  open() {}
  send(form: FormData) {
    FakeXhr.sent.push(form);
    setTimeout(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
      if (FakeXhr.fail) return this.onerror?.();
      this.status = 204;
      this.onload?.();
    }, 5);
  }
}

let uploads = 0;
function renderSell(
  path = '/sell',
  route: (req: ApiRequest) => ApiAnswer | undefined = () => undefined,
  seller = true,
) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1280 });
  saveSession();
  const api = stubApi(
    sessionRoutes(
      () => user({ isSeller: seller }),
      (req) => {
        const answer = route(req);
        if (answer) return answer;
        const p = req.url.pathname;
        if (p === '/api/me/profile') return { body: profile };
        // The administrators' max_listing_images (decision 063) is the wizard's photo limit.
        if (p === '/api/settings') {
          return { body: { maintenanceMode: false, announcementMessage: '', maxListingImages: 8, requireKyc: false } };
        }
        if (p === '/api/wallet/balances') return { body: { walletAddress: 'r', balances: [], explorerUrl: 'x' } };
        if (p === '/api/me/wishlist') return { body: { items: [], count: 0 } };
        if (p === '/api/listings' && req.method === 'GET') return { body: page([]) };
        if (p === '/api/listing-photos/uploads') {
          return {
            status: 201,
            body: { url: 'http://s3.test/bucket', fields: { key: 'k' }, key: `listing-photos/u/${++uploads}.png` },
          };
        }
        if (p === '/api/listing-photos/imports') {
          return { status: 201, body: { key: `listing-photos/u/i${++uploads}.png`, url: `/media/i${uploads}.png` } };
        }
        if (p === '/api/lookup/zip/78701') return { body: { zip: '78701', city: 'Austin', state: 'TX' } };
        if (p === '/api/lookup/products') {
          const q = req.url.searchParams.get('q') ?? '';
          return { body: { items: q.startsWith('fuji') ? [camera] : [] } };
        }
        if (p === '/api/listings' && req.method === 'POST') return { status: 201, body: { id: '01NEW' } };
        return undefined;
      },
    ),
  );
  return { ...api, ...renderRoutes(routes, path) };
}

const main = () => screen.getByRole('main');
const field = (label: string) =>
  within(main()).getByLabelText(new RegExp(`^${label.replace(/[()$]/g, '\\$&')}( \\*)?$`)) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const click = (name: string | RegExp) => fireEvent.click(within(main()).getByRole('button', { name }));
const stepTo = async (name: string) => {
  click(new RegExp(name));
  await within(main()).findByRole('heading', { name, level: 2 });
};
const choose = (files: File[]) => fireEvent.change(main().querySelector('input[type=file]')!, { target: { files } });
const png = (name: string, size = 1000) => {
  const f = new File(['x'], name, { type: 'image/png' });
  Object.defineProperty(f, 'size', { value: size });
  return f;
};

beforeEach(() => {
  uploads = 0;
  FakeXhr.fail = false;
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  URL.createObjectURL = () => 'blob:preview';
  URL.revokeObjectURL = () => undefined;
});
afterEach(() => vi.useRealTimers());

describe('/sell (spec part 3 "Create listing wizard")', () => {
  it('walks the five steps and names every missing required field', async () => {
    renderSell();
    expect(await within(main()).findByRole('heading', { name: 'Product Info', level: 2 })).toBeTruthy();
    expect(within(main()).getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', true);
    for (const name of ['Details', 'Pricing', 'Shipping', 'Review']) {
      click('Next');
      expect(await within(main()).findByRole('heading', { name, level: 2 })).toBeTruthy();
    }
    // The location came from the profile address.
    click('Create Listing');
    expect(await screen.findByText('Missing Required Fields')).toBeTruthy();
    expect(screen.getByText('Please fill in: Title, Description, Category, Condition, Price')).toBeTruthy();
    expect(await within(main()).findByRole('heading', { name: 'Product Info', level: 2 })).toBeTruthy();
  });

  it('fills the wizard from a product lookup, imports its photos, and creates the listing in cents', async () => {
    const { find, router } = renderSell();
    await within(main()).findByRole('heading', { name: 'Product Info', level: 2 });
    fireEvent.change(within(main()).getByRole('searchbox'), { target: { value: 'fuji' } });
    fireEvent.click(await within(main()).findByRole('button', { name: /Fujifilm X-T5/ }, { timeout: 2000 }));
    expect(await screen.findByText('Product Selected!')).toBeTruthy();
    expect(field('Title').value).toBe(camera.productName);
    expect(field('Category').value).toBe('Photography');
    await waitFor(() => expect(find('POST', '/api/listing-photos/imports')).toHaveLength(2));
    fireEvent.change(field('Condition'), { target: { value: 'like_new' } });
    await stepTo('Pricing');
    type('Price ($)', '1249.5');
    await stepTo('Shipping');
    expect(field('ZIP Code').value).toBe('62701');
    expect(field('City').value).toBe('Springfield');
    await stepTo('Review');
    click('Create Listing');
    expect(await screen.findByText('Listing Created!')).toBeTruthy();
    const [post] = find('POST', '/api/listings');
    expect(post!.body).toMatchObject({
      title: camera.productName,
      category: 'Photography',
      condition: 'like_new',
      brand: 'Fujifilm',
      upc: '860033000012',
      listingType: 'fixed',
      priceCents: 124_950,
      weightLbs: 2,
      dimensions: { length: 8, width: 6, height: 5 },
      location: { zipCode: '62701', city: 'Springfield', state: 'IL' },
    });
    expect((post!.body as { photoKeys: string[] }).photoKeys).toHaveLength(2);
    await waitFor(() => expect(router.state.location.pathname).toBe('/marketplace'));
  });

  it("searches only after a 500 ms pause from 3 characters, and says 'Empty Search' and 'No Product Found'", async () => {
    const { find } = renderSell();
    await within(main()).findByRole('heading', { name: 'Product Info', level: 2 });
    vi.useFakeTimers({ shouldAdvanceTime: false });
    const box = within(main()).getByRole('searchbox');
    fireEvent.change(box, { target: { value: 'ab' } });
    await act(() => vi.advanceTimersByTimeAsync(600));
    expect(find('GET', '/api/lookup/products')).toHaveLength(0);
    fireEvent.change(box, { target: { value: 'abc' } });
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(find('GET', '/api/lookup/products')).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(150));
    expect(find('GET', '/api/lookup/products')).toHaveLength(1);
    vi.useRealTimers();
    expect(await screen.findByText('No Product Found')).toBeTruthy();
    fireEvent.change(box, { target: { value: '  ' } });
    click('Search');
    expect(await screen.findByText('Empty Search')).toBeTruthy();
    expect(screen.getByText('Please enter a product name or UPC code')).toBeTruthy();
  });

  it('checks photos before upload (count, type, size), shows progress, and reorders with the first as Main', async () => {
    const { find } = renderSell();
    await within(main()).findByRole('heading', { name: 'Product Info', level: 2 });
    choose(Array.from({ length: 9 }, (_, i) => png(`p${i}.png`)));
    expect(await screen.findByText('Too Many Images')).toBeTruthy();
    expect(screen.getByText('You can only upload 8 more image(s)')).toBeTruthy();
    choose([new File(['%PDF'], 'notes.pdf', { type: 'application/pdf' }), png('huge.png', 6 * 1024 * 1024)]);
    expect(await screen.findByText('notes.pdf is not an image file')).toBeTruthy();
    expect(screen.getByText('huge.png is larger than 5MB')).toBeTruthy();
    choose([png('front.png'), png('back.png')]);
    expect(await within(main()).findAllByRole('progressbar')).toHaveLength(2);
    expect(await screen.findByText('Images Uploaded')).toBeTruthy();
    expect(find('POST', '/api/listing-photos/uploads').map((r) => r.body)).toEqual([
      { contentType: 'image/png', size: 1000 },
      { contentType: 'image/png', size: 1000 },
    ]);
    const photos = () =>
      within(within(main()).getByRole('list', { name: 'Photos in display order' }))
        .getAllByRole('img')
        .map((i) => i.getAttribute('alt'));
    expect(photos()).toEqual(['front.png', 'back.png']);
    click('Move photo 2 earlier');
    expect(photos()).toEqual(['back.png', 'front.png']);
    expect(within(main()).getByText('Main').closest('li')!.querySelector('img')!.alt).toBe('back.png');
  });

  it("says 'Upload Error' when storage refuses a file", async () => {
    FakeXhr.fail = true;
    renderSell();
    await within(main()).findByRole('heading', { name: 'Product Info', level: 2 });
    choose([png('a.png')]);
    expect(await screen.findByText('Upload Error')).toBeTruthy();
    expect(screen.getByText('Failed to upload images. Please try again.')).toBeTruthy();
  });

  it('refuses an auction end in the past, and fills city and state from a ZIP code', async () => {
    const { find } = renderSell();
    await within(main()).findByRole('heading', { name: 'Product Info', level: 2 });
    type('Title', 'Desk');
    fireEvent.change(within(main()).getByLabelText(/^Description/), { target: { value: 'Oak' } });
    fireEvent.change(field('Category'), { target: { value: 'Home & Garden' } });
    fireEvent.change(field('Condition'), { target: { value: 'good' } });
    await stepTo('Pricing');
    fireEvent.click(within(main()).getByRole('tab', { name: 'Auction' }));
    type('Starting Bid ($)', '10');
    type('Auction End Date', '2020-01-01T10:00');
    await stepTo('Shipping');
    type('ZIP Code', '78701');
    await waitFor(() => expect(field('City').value).toBe('Austin'));
    expect(field('State').value).toBe('TX');
    await stepTo('Review');
    click('Create Listing');
    expect(await within(main()).findByText('The auction end date cannot be in the past')).toBeTruthy();
    expect(find('POST', '/api/listings')).toHaveLength(0);
  });

  it("refuses an auction end sooner than the server's minimum, with the server's text, and sends nothing", async () => {
    const { find } = renderSell();
    await within(main()).findByRole('heading', { name: 'Product Info', level: 2 });
    type('Title', 'Desk');
    fireEvent.change(within(main()).getByLabelText(/^Description/), { target: { value: 'Oak' } });
    fireEvent.change(field('Category'), { target: { value: 'Home & Garden' } });
    fireEvent.change(field('Condition'), { target: { value: 'good' } });
    await stepTo('Pricing');
    fireEvent.click(within(main()).getByRole('tab', { name: 'Auction' }));
    type('Starting Bid ($)', '10');
    // Two minutes ahead: not past, but shorter than the shortest auction the server takes (five minutes).
    const soon = new Date(Date.now() + 2 * 60_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    const local = `${soon.getFullYear()}-${pad(soon.getMonth() + 1)}-${pad(soon.getDate())}T${pad(soon.getHours())}:${pad(soon.getMinutes())}`;
    type('Auction End Date', local);
    expect(within(main()).getByText('Choose a time at least 5 minutes from now')).toBeTruthy();
    await stepTo('Shipping');
    type('ZIP Code', '78701');
    await waitFor(() => expect(field('City').value).toBe('Austin'));
    await stepTo('Review');
    click('Create Listing');
    expect(await within(main()).findByText('Choose a time at least 5 minutes from now')).toBeTruthy();
    expect(within(main()).getByRole('heading', { name: 'Pricing', level: 2 })).toBeTruthy();
    expect(find('POST', '/api/listings')).toHaveLength(0);
  });

  it('sends the exact body: trimmed text, dollars as cents, photo keys in display order', async () => {
    const { find, router } = renderSell();
    await within(main()).findByRole('heading', { name: 'Product Info', level: 2 });
    type('Title', '  Oak Desk ');
    fireEvent.change(within(main()).getByLabelText(/^Description/), { target: { value: 'Solid oak.' } });
    fireEvent.change(field('Category'), { target: { value: 'Home & Garden' } });
    fireEvent.change(field('Subcategory'), { target: { value: 'Furniture' } });
    fireEvent.change(field('Condition'), { target: { value: 'good' } });
    choose([png('front.png'), png('back.png')]);
    expect(await screen.findByText('Images Uploaded')).toBeTruthy();
    click('Move photo 2 earlier');
    await stepTo('Details');
    type('Weight (lbs)', '30');
    await stepTo('Pricing');
    type('Price ($)', '249.99');
    fireEvent.click(field('Accept Offers'));
    type('Minimum Offer ($)', '200');
    type('Quantity', '3');
    await stepTo('Shipping');
    fireEvent.change(field('Shipping Type'), { target: { value: 'flat' } });
    type('Shipping Cost ($)', '12.5');
    fireEvent.click(field('Also Offer Local Pickup'));
    fireEvent.change(field('Return Policy'), { target: { value: '60_days' } });
    await stepTo('Review');
    expect(within(main()).getByText('$249.99')).toBeTruthy();
    click('Create Listing');
    expect(await screen.findByText('Listing Created!')).toBeTruthy();
    expect(find('POST', '/api/listings')[0]!.body).toEqual({
      title: 'Oak Desk',
      description: 'Solid oak.',
      category: 'Home & Garden',
      subcategory: 'Furniture',
      condition: 'good',
      specifications: {},
      weightLbs: 30,
      listingType: 'fixed',
      priceCents: 24_999,
      acceptOffers: true,
      minOfferCents: 20_000,
      quantity: 3,
      shippingType: 'flat',
      shippingCostCents: 1250,
      localPickup: true,
      location: { zipCode: '62701', city: 'Springfield', state: 'IL' },
      returnPolicy: '60_days',
      photoKeys: ['listing-photos/u/2.png', 'listing-photos/u/1.png'],
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/marketplace'));
  });

  it("shows the server's field messages, and asks for a wallet when the session is gone", async () => {
    let answer: ApiAnswer = {
      status: 400,
      body: {
        error: {
          code: 'invalid',
          message: 'Check the listing',
          fields: { title: 'Title is taken', priceCents: 'Price is too high' },
        },
      },
    };
    const { find } = renderSell('/sell', (req) =>
      req.url.pathname === '/api/listings' && req.method === 'POST' ? answer : undefined,
    );
    await within(main()).findByRole('heading', { name: 'Product Info', level: 2 });
    type('Title', 'Desk');
    fireEvent.change(within(main()).getByLabelText(/^Description/), { target: { value: 'Oak' } });
    fireEvent.change(field('Category'), { target: { value: 'Home & Garden' } });
    fireEvent.change(field('Condition'), { target: { value: 'good' } });
    await stepTo('Pricing');
    type('Price ($)', '10');
    await stepTo('Review');
    click('Create Listing');
    expect(await screen.findByText('Check the listing')).toBeTruthy();
    expect(await within(main()).findByText('Title is taken')).toBeTruthy();
    expect(within(main()).getByRole('heading', { name: 'Product Info', level: 2 })).toBeTruthy();
    await stepTo('Pricing');
    expect(within(main()).getByText('Price is too high')).toBeTruthy();
    answer = { status: 401, body: { error: { code: 'unauthorized', message: 'Sign in first' } } };
    await stepTo('Review');
    click('Create Listing');
    expect(await screen.findByText('Authentication Required')).toBeTruthy();
    expect(screen.getByText('Please connect your wallet to create a listing')).toBeTruthy();
    answer = { status: 500, body: { error: { code: 'internal', message: 'boom' } } };
    click('Create Listing');
    expect(await screen.findByText('Failed to create listing. Please try again.')).toBeTruthy();
    // Pressing again with the same listing repeats the one action: the same Idempotency-Key every time.
    const keys = find('POST', '/api/listings').map((r) => r.idempotencyKey);
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('tells a seller not verified, while require_kyc is on, before they fill the wizard in (decision 069)', async () => {
    const settings = { maintenanceMode: false, announcementMessage: '', maxListingImages: 8, requireKyc: true };
    renderSell('/sell', (req) => {
      if (req.url.pathname === '/api/settings') return { body: settings };
      if (req.url.pathname === '/api/stores/alice_1') return { body: store({ verified: false }) };
      return undefined;
    });
    expect(await within(main()).findByText('Only verified sellers can publish listings right now.')).toBeTruthy();
    expect(within(main()).getByRole('heading', { name: 'Product Info', level: 2 })).toBeTruthy();
  });

  it('keeps a refusal of the seller in view: require_kyc and a seller not verified (decision 069)', async () => {
    const message = 'Only verified sellers can publish listings right now.';
    renderSell('/sell', (req) =>
      req.url.pathname === '/api/listings' && req.method === 'POST'
        ? { status: 403, body: { error: { code: 'seller_not_verified', message } } }
        : undefined,
    );
    await within(main()).findByRole('heading', { name: 'Product Info', level: 2 });
    type('Title', 'Desk');
    fireEvent.change(within(main()).getByLabelText(/^Description/), { target: { value: 'Oak' } });
    fireEvent.change(field('Category'), { target: { value: 'Home & Garden' } });
    fireEvent.change(field('Condition'), { target: { value: 'good' } });
    await stepTo('Pricing');
    type('Price ($)', '10');
    await stepTo('Review');
    click('Create Listing');
    expect((await within(main()).findByRole('alert')).textContent).toBe(message);
    expect(screen.queryByText('Failed to create listing. Please try again.')).toBeNull();
  });

  it("says 'Product Info Updated' over typed data and imports at most 5 lookup photos in all", async () => {
    const images = (from: number, n: number) =>
      Array.from({ length: n }, (_, i) => `http://products.test/images/${from + i}.png`);
    const first = { ...camera, images: images(0, 4) };
    const second = { ...camera, productName: 'Fujifilm X-T4 Body', images: images(10, 3) };
    const { find } = renderSell('/sell', (req) =>
      req.url.pathname === '/api/lookup/products' ? { body: { items: [first, second] } } : undefined,
    );
    await within(main()).findByRole('heading', { name: 'Product Info', level: 2 });
    type('Title', 'My camera');
    fireEvent.change(within(main()).getByRole('searchbox'), { target: { value: 'fujifilm' } });
    click('Search');
    fireEvent.click(await within(main()).findByRole('button', { name: /Fujifilm X-T5/ }));
    expect(await screen.findByText('Product Info Updated')).toBeTruthy();
    expect(field('Title').value).toBe(camera.productName);
    await waitFor(() => expect(within(main()).getByText('Photos (4/8)')).toBeTruthy());
    click('Search');
    fireEvent.click(await within(main()).findByRole('button', { name: /Fujifilm X-T4/ }));
    await waitFor(() => expect(screen.getAllByText('Product Info Updated')).toHaveLength(2));
    expect(field('Title').value).toBe('Fujifilm X-T4 Body');
    await waitFor(() => expect(within(main()).getByText('Photos (5/8)')).toBeTruthy());
    expect(find('POST', '/api/listing-photos/imports').map((r) => r.body)).toEqual(
      [...images(0, 4), ...images(10, 1)].map((url) => ({ url })),
    );
  });

  it("says which lookup failed: the service refused, could not be reached, or gave nothing usable (spec's texts)", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderSell('/sell', (req) => {
      if (req.url.pathname !== '/api/lookup/products') return undefined;
      const q = req.url.searchParams.get('q');
      if (q === 'refused') return { status: 400, body: { error: { code: 'bad_request', message: 'Search too long' } } };
      // Answered, but not product information: what the spec's 'Could not find product information' is for.
      if (q === 'garbled') return { body: { items: [{ title: 'no product name' }] } };
      return { body: { items: [] } };
    });
    await within(main()).findByRole('heading', { name: 'Product Info', level: 2 });
    const box = within(main()).getByRole('searchbox');
    const search = async (q: string, title: string, description: string) => {
      fireEvent.change(box, { target: { value: q } });
      click('Search');
      const toast = (await screen.findByText(description)).closest('li')!;
      expect(within(toast).getByText(title)).toBeTruthy();
    };
    await search('refused', 'No Product Found', 'Search too long');
    await search('garbled', 'Lookup Failed', 'Could not find product information');
    await search('nothing', 'No Product Found', 'No product information found for this search');
  });

  it("says 'Lookup Failed' when the service fails, and ignores an answer that arrives after a newer search", async () => {
    let release = () => {};
    const canon = { ...camera, productName: 'Canon EOS R5', images: [] };
    renderSell('/sell', (req) => {
      if (req.url.pathname !== '/api/lookup/products') return undefined;
      const q = req.url.searchParams.get('q');
      if (q === 'broken') return { status: 503, body: { error: { code: 'unavailable', message: 'down' } } };
      if (q === 'canon') {
        // Held until released: it answers after the newer search did.
        return new Promise<Response>((resolve) => {
          release = () => resolve(new Response(JSON.stringify({ items: [canon] }), { status: 200 }));
        }) as Promise<never>;
      }
      return undefined;
    });
    await within(main()).findByRole('heading', { name: 'Product Info', level: 2 });
    const box = within(main()).getByRole('searchbox');
    fireEvent.change(box, { target: { value: 'broken' } });
    click('Search');
    expect(await screen.findByText('Lookup Failed')).toBeTruthy();
    expect(screen.getByText('Could not connect to product lookup service')).toBeTruthy();
    fireEvent.change(box, { target: { value: 'canon' } });
    click('Search');
    fireEvent.change(box, { target: { value: 'fuji' } });
    click('Search');
    expect(await within(main()).findByRole('button', { name: /Fujifilm X-T5/ })).toBeTruthy();
    release();
    await new Promise((r) => setTimeout(r, 20));
    expect(within(main()).queryByRole('button', { name: /Canon EOS R5/ })).toBeNull();
    expect(within(main()).getByRole('button', { name: /Fujifilm X-T5/ })).toBeTruthy();
  });

  it('edits an own listing: prefilled, saved with PUT, back to the portal', async () => {
    const listing = listingDetail({
      id: '01EDIT',
      title: 'Oak Desk',
      category: 'Home & Garden',
      subcategory: 'Furniture',
      priceCents: 25_000,
      seller: { id: '01JUSER', username: 'alice_1' },
      description: 'Solid oak.',
      images: [{ key: 'listing-photos/u/a.png', url: '/media/a.png', thumbUrl: '/media/a.thumb.webp' }],
      shippingType: 'local',
      quantity: 2,
      quantityAvailable: 2,
      returnPolicy: '14_days',
    });
    const { find, router } = renderSell('/sell?edit=01EDIT', (req) => {
      if (req.url.pathname === '/api/listings/01EDIT' && req.method === 'GET') return { body: listing };
      if (req.url.pathname === '/api/listings/01EDIT' && req.method === 'PUT') return { body: { id: '01EDIT' } };
      return undefined;
    });
    expect(await within(main()).findByDisplayValue('Oak Desk')).toBeTruthy();
    await stepTo('Pricing');
    expect(field('Price ($)').value).toBe('250.00');
    type('Price ($)', '199.99');
    await stepTo('Review');
    click('Save Changes');
    expect(await screen.findByText('Listing Updated')).toBeTruthy();
    expect(find('PUT', '/api/listings/01EDIT')[0]!.body).toMatchObject({
      priceCents: 19_999,
      quantity: 2,
      returnPolicy: '14_days',
      photoKeys: ['listing-photos/u/a.png'],
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/seller-portal'));
  });

  it("loads the seller's own reserve with the session token, and never opens the form without it", async () => {
    const auction = listingDetail({
      id: '01EDIT',
      title: 'Brass Telescope',
      listingType: 'auction',
      priceCents: null,
      startingBidCents: 5_000,
      hasReserve: true,
      reservePriceCents: 17_300,
      endsAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
      seller: { id: '01JUSER', username: 'alice_1' },
    });
    const { find } = renderSell('/sell?edit=01EDIT', (req) =>
      req.url.pathname === '/api/listings/01EDIT' ? { body: auction } : undefined,
    );
    expect(await within(main()).findByDisplayValue('Brass Telescope')).toBeTruthy();
    expect(find('GET', '/api/listings/01EDIT')[0]!.token).toBe(NEW_TOKEN);
    await stepTo('Pricing');
    expect(field('Reserve Price ($)').value).toBe('173.00');
    cleanup();
    // A visitor's copy (no seller terms) would save the reserve away: the form stays closed.
    const { minOfferCents: _m, reservePriceCents: _r, ...visitorView } = auction;
    renderSell('/sell?edit=01EDIT', (req) =>
      req.url.pathname === '/api/listings/01EDIT' ? { body: visitorView } : undefined,
    );
    expect(await within(main()).findByText('Failed to fetch listing')).toBeTruthy();
    expect(within(main()).getByRole('button', { name: 'Try Again' })).toBeTruthy();
    expect(within(main()).queryByDisplayValue('Brass Telescope')).toBeNull();
  });

  it('does not open the form for a sold listing: it can no longer be edited', async () => {
    const { find } = renderSell('/sell?edit=01EDIT', (req) =>
      req.url.pathname === '/api/listings/01EDIT'
        ? {
            body: listingDetail({
              id: '01EDIT',
              title: 'Oak Desk',
              seller: { id: '01JUSER', username: 'alice_1' },
              quantityAvailable: 0,
              status: 'sold',
              reservePriceCents: null,
            }),
          }
        : undefined,
    );
    expect(await within(main()).findByText('This listing has sold and can no longer be edited.')).toBeTruthy();
    expect(within(main()).getByRole('link', { name: 'Back to My Listings' }).getAttribute('href')).toBe(
      '/seller-portal',
    );
    expect(within(main()).queryByDisplayValue('Oak Desk')).toBeNull();
    expect(find('PUT', '/api/listings/01EDIT')).toHaveLength(0);
  });

  it("says 'Failed to fetch listing' with Try Again when the listing to edit does not load", async () => {
    let calls = 0;
    const { find } = renderSell('/sell?edit=01EDIT', (req) => {
      if (req.url.pathname !== '/api/listings/01EDIT') return undefined;
      calls += 1;
      return calls === 1
        ? { status: 500, body: { error: { code: 'internal', message: 'boom' } } }
        : { body: listingDetail({ id: '01EDIT', title: 'Oak Desk', seller: { id: '01JUSER', username: 'alice_1' } }) };
    });
    expect(await within(main()).findByText('Failed to fetch listing')).toBeTruthy();
    fireEvent.click(within(main()).getByRole('button', { name: 'Try Again' }));
    expect(await within(main()).findByDisplayValue('Oak Desk')).toBeTruthy();
    expect(find('GET', '/api/listings/01EDIT')).toHaveLength(2);
  });

  it('asks non-sellers to turn selling on, and sends signed-out visitors home with a reason', async () => {
    renderSell('/sell', undefined, false);
    expect(await within(main()).findByText('Turn on selling in your profile settings to list items.')).toBeTruthy();
    cleanup();
    localStorage.clear();
    stubApi((req) => (req.url.pathname === '/api/listings' ? { body: page([]) } : undefined));
    const { router } = renderRoutes(routes, '/sell');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByText('Authentication Required')).toBeTruthy();
    expect(screen.getByText('Please connect your wallet to create a listing')).toBeTruthy();
  });
});
