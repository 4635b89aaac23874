import type { Browser, Page } from '@playwright/test';
import { watchViolations } from './csp';
import { expect } from './fixtures';
import { api, approveWith, payPlatformFee, person, runSchedule } from './people';
import { signUpInBrowser } from './sign-up';

/** A shipped sale's journey start, shared by the shipping and the dispute journeys. */

export function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: the e2e global setup did not start the stand-ins`);
  return value;
}

/** A call to the carrier (FedEx) stand-in's control API. */
export async function carrier<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${required('E2E_CARRIER_URL')}/_control/${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  expect(res.status, `${method} ${path}: ${text}`).toBeLessThan(300);
  return JSON.parse(text) as T;
}

function profile(name: string, street: string, city: string, state: string, postalCode: string, isSeller: boolean) {
  return {
    fullName: name,
    email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`,
    phone: '+1 512 555 0142',
    address: { country: 'US', street, city, state, postalCode },
    returnAddress: null,
    useDifferentReturnAddress: false,
    isSeller,
  };
}

/**
 * A seller (on a phone `sellerWidth` px wide) and a buyer (desktop), both signed up in the browser with addresses in
 * Austin and San Francisco; the buyer has bought the seller's new item and funded its escrow on the Xaman stand-in and
 * is on its purchase page.
 */
export async function fundedSaleInBrowser(browser: Browser, baseURL: string, sellerWidth: number, prefix: string) {
  const stamp = Date.now().toString(36);
  const [seller, buyer] = await Promise.all([person(browser, baseURL, sellerWidth), person(browser, baseURL)]);
  const violations = { seller: await watchViolations(seller.page), buyer: await watchViolations(buyer.page) };
  const [, buyerName] = await Promise.all([
    signUpInBrowser(seller.page, seller.context, `${prefix}s`),
    signUpInBrowser(buyer.page, buyer.context, `${prefix}b`),
  ]);
  const title = `Shipped Radio ${stamp}`;
  const priceCents = 3_000;
  await api(
    seller.page,
    'PUT',
    '/api/me/profile',
    profile(`Seller ${stamp}`, '100 Congress Ave', 'Austin', 'TX', '78701', true),
  );
  const { id: listingId } = await api<{ id: string }>(seller.page, 'POST', '/api/listings', {
    title,
    description: `${title}, shipped by FedEx in the seller journey.`,
    category: 'Electronics',
    condition: 'good',
    listingType: 'fixed',
    priceCents,
    quantity: 1,
    shippingType: 'free',
    weightLbs: 2,
    location: { zipCode: '78701', city: 'Austin', state: 'TX' },
  });
  await api(
    buyer.page,
    'PUT',
    '/api/me/profile',
    profile(`Buyer ${stamp}`, '1 Market St', 'San Francisco', 'CA', '94105', false),
  );

  // The buyer buys it (Buy Now, one escrow approved on the Xaman stand-in).
  const b = buyer.page;
  const bMain = b.getByRole('main');
  const buyerWallet = await b.evaluate(() => localStorage.getItem('wallet_address'));
  await b.goto(`/item/${listingId}`);
  await bMain.getByRole('button', { name: 'Buy Now' }).click();
  await expect(b).toHaveURL(/\/checkout$/);
  await bMain.getByRole('button', { name: 'Create Escrow & Checkout' }).click();
  const escrowDialog = b.getByRole('dialog', { name: 'Approve the Escrow in Xaman' });
  const escrowUrl = await escrowDialog.getByRole('link', { name: 'Open in Xaman Wallet' }).getAttribute('href');
  const buyerXaman = await buyer.context.newPage();
  await approveWith(buyerXaman, escrowUrl!, buyerWallet!, 'EscrowCreate');
  await buyerXaman.close();
  await expect(b.getByText('Checkout Successful')).toBeVisible({ timeout: 30_000 });
  await expect(b).toHaveURL(/\/activity$/);
  const purchase = bMain
    .getByRole('list', { name: 'Your purchases' })
    .getByRole('article', { name: `Purchase: ${title}` });
  await expect(purchase.getByText('Escrow pending')).toBeVisible();
  await purchase.getByRole('link', { name: `View Details: ${title}` }).click();
  await expect(b).toHaveURL(/\/purchased\/[0-9A-Za-z]+$/);
  const purchaseUrl = new URL(b.url()).pathname;
  const order = bMain.getByRole('region', { name: 'Order' });
  await expect(bMain.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(order.getByText('Shipping status: Pending')).toBeVisible();
  await expect(order.getByText('Not shipped yet')).toBeVisible();

  return { seller, buyer, violations, buyerName, title, priceCents, listingId, purchaseUrl, b, bMain, order };
}

/**
 * The seller of a funded sale pays the fee on the Xaman stand-in and ships a FedEx parcel; FedEx delivers it and the
 * delivery check marks the order delivered (its inspection period begins).
 */
export async function shipAndDeliver(seller: Page, baseURL: string, orderId: string): Promise<void> {
  await payPlatformFee(seller, orderId);
  const { trackingNumber } = await carrier<{ trackingNumber: string }>('POST', 'parcels', {
    fromZip: '78701',
    toZip: '94105',
    weightLb: 2,
  });
  await api(seller, 'POST', `/api/orders/${orderId}/shipment`, { trackingNumber });
  for (const status of ['picked_up', 'in_transit', 'delivered']) {
    await carrier('POST', `parcels/${trackingNumber}/events`, { status });
  }
  await runSchedule(baseURL, 'check-deliveries');
}
