import type { Browser, Page } from '@playwright/test';
import type { Order } from '../../shared/api/orders';
import { watchViolations } from './csp';
import { expect } from './fixtures';
import { api, approveEscrowAndFinish, payPlatformFee, person, saveProfile } from './people';
import { signUpInBrowser } from './sign-up';

/** A local-pickup sale's journey start, shared by the review and the return journeys. */

/**
 * A seller and a buyer signed up in the browser with Austin addresses (the seller's at 78701); the buyer has bought the
 * seller's local-pickup item `title` with Buy Now, funded its escrow on the Xaman stand-in and is on its purchase page.
 */
export async function pickupSaleInBrowser(
  browser: Browser,
  baseURL: string,
  prefix: string,
  title: string,
  /** The seller's viewport width, when not a desktop's. */
  sellerWidth?: number,
) {
  const [seller, buyer] = await Promise.all([person(browser, baseURL, sellerWidth), person(browser, baseURL)]);
  const violations = { seller: await watchViolations(seller.page), buyer: await watchViolations(buyer.page) };
  const [sellerName, buyerName] = await Promise.all([
    signUpInBrowser(seller.page, seller.context, `${prefix}s`),
    signUpInBrowser(buyer.page, buyer.context, `${prefix}b`),
  ]);
  await Promise.all([
    saveProfile(seller.page, sellerName, '78701', true),
    saveProfile(buyer.page, buyerName, '78702', false),
  ]);
  const priceCents = 2_000;
  const { id: listingId } = await api<{ id: string }>(seller.page, 'POST', '/api/listings', {
    title,
    description: `${title}, collected in person.`,
    category: 'Home & Garden',
    condition: 'good',
    listingType: 'fixed',
    priceCents,
    quantity: 1,
    shippingType: 'local',
    location: { zipCode: '78701', city: 'Austin', state: 'TX' },
  });

  const b = buyer.page;
  const bMain = b.getByRole('main');
  await b.goto(`/item/${listingId}`);
  await bMain.getByRole('button', { name: 'Buy Now' }).click();
  await expect(b).toHaveURL(/\/checkout$/);
  await bMain.getByRole('button', { name: 'Create Escrow & Checkout' }).click();
  const purchase = await approveEscrowAndFinish(b, buyer.context, title);
  await purchase.getByRole('link', { name: `View Details: ${title}` }).click();
  await expect(b).toHaveURL(/\/purchased\/[0-9A-Za-z]+$/);
  const orderId = new URL(b.url()).pathname.split('/').at(-1)!;
  return { seller, buyer, violations, sellerName, buyerName, priceCents, listingId, orderId, b, bMain };
}

/**
 * The seller releases a funded pickup with the buyer's code through the API (the pickup journey does it in the UI):
 * the platform fee first, then the release, which completes the order.
 */
export async function approvePickup(seller: Page, buyer: Page, orderId: string): Promise<void> {
  const { pickupCode } = await api<Order>(buyer, 'GET', `/api/orders/${orderId}`);
  await payPlatformFee(seller, orderId);
  await api(seller, 'POST', `/api/orders/${orderId}/pickup`, { decision: 'approve', pickupCode });
}
