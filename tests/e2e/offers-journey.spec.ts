import type { Page } from '@playwright/test';
import { watchViolations } from './csp';
import { expect, test } from './fixtures';
import { api, approveEscrowAndFinish, person, saveProfile } from './people';
import { signUpInBrowser } from './sign-up';

/**
 * The offers journey (decision 033): a buyer contacts a seller from the item page; the seller, in another window,
 * replies and it appears live; the buyer makes an offer from the chat, the seller counters it, the buyer accepts the
 * counter and buys at that price: the cart line is priced from the accepted offer, and the escrow is approved on the
 * Xaman stand-in. Every offer card moves in both open chats without a reload.
 */
/** A toast (the same words may stand in the chat's system note and the conversation list's preview). */
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]', { hasText: text });

test('a buyer offers, the seller counters, the buyer accepts and buys at that price through escrow', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  const [seller, buyer] = await Promise.all([person(browser, baseURL!), person(browser, baseURL!, 390)]);
  const violations = await watchViolations(buyer.page);
  const [sellerName, buyerName] = await Promise.all([
    signUpInBrowser(seller.page, seller.context, 'ofs'),
    signUpInBrowser(buyer.page, buyer.context, 'ofb'),
  ]);
  await Promise.all([
    saveProfile(seller.page, sellerName, '78701', true),
    saveProfile(buyer.page, buyerName, '78702', false),
  ]);
  const title = `Offer Lamp ${stamp}`;
  const { id } = await api<{ id: string }>(seller.page, 'POST', '/api/listings', {
    title,
    description: 'A lamp sold by offer in the browser test.',
    category: 'Home & Garden',
    condition: 'good',
    listingType: 'fixed',
    priceCents: 6_000,
    acceptOffers: true,
    minOfferCents: 3_000,
    shippingType: 'free',
    location: { zipCode: '78701', city: 'Austin', state: 'TX' },
  });

  // The buyer (on a phone-sized window) contacts the seller from the item page and asks.
  const page = buyer.page;
  await page.goto(`/item/${id}`);
  await expect(page.getByRole('main').getByRole('button', { name: 'Make Offer' })).toBeVisible();
  await page.getByRole('button', { name: 'Contact Seller' }).click();
  await expect(page).toHaveURL(/\/messages\?conversation=\w{26}$/);
  const buyerLog = page.getByRole('log');
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill('Would you take less for the lamp?');
  await box.press('Enter');
  await expect(buyerLog.getByText('Would you take less for the lamp?')).toBeVisible();

  // The seller opens the conversation and replies: it appears live in the buyer's open chat.
  await seller.page.goto('/messages');
  await seller.page
    .getByRole('list', { name: 'Conversations' })
    .getByRole('button', { name: new RegExp(buyerName) })
    .click();
  const sellerLog = seller.page.getByRole('log');
  await expect(sellerLog.getByText('Would you take less for the lamp?')).toBeVisible();
  const reply = seller.page.getByRole('textbox', { name: 'Message' });
  await reply.fill('Make me an offer.');
  await reply.press('Enter');
  await expect(buyerLog.getByText('Make me an offer.')).toBeVisible({ timeout: 10_000 });
  // The seller has no Make Offer of their own.
  await expect(seller.page.getByRole('button', { name: 'Make Offer' })).toHaveCount(0);

  // The buyer offers $40.00 from the chat.
  await page.getByRole('button', { name: 'Make Offer' }).click();
  const offerDialog = page.getByRole('dialog', { name: 'Make an Offer' });
  await expect(offerDialog.getByText(/Your balance: \$[\d,]+\.\d\d RLUSD/)).toBeVisible();
  await expect(offerDialog.getByRole('switch', { name: 'Expires in 24 hours' })).toBeChecked();
  // Under the seller's minimum (not revealed): the server refuses it, the dialog stays.
  await offerDialog.getByLabel(/Offer amount/).fill('20');
  await offerDialog.getByRole('button', { name: 'Send Offer' }).click();
  await expect(page.getByText('Invalid Offer')).toBeVisible();
  await expect(page.getByText("Your offer is below the seller's minimum. Please offer more.")).toBeVisible();
  await offerDialog.getByLabel(/Offer amount/).fill('40');
  await offerDialog.getByRole('button', { name: 'Send Offer' }).click();
  await expect(page.getByText('Offer Sent')).toBeVisible();
  const first = buyerLog.getByRole('article', { name: /^Offer of \$40\.00/ });
  await expect(first.getByText('Made an offer of $40.00 (expires in 24 hours)')).toBeVisible({ timeout: 10_000 });
  await expect(first.getByRole('button')).toHaveCount(0);

  // The seller's open chat shows it live, with the answers; the seller counters with $50.00.
  const received = sellerLog.getByRole('article', { name: /^Offer of \$40\.00, pending/ });
  await expect(received).toBeVisible({ timeout: 10_000 });
  await expect(received.getByText(/23h left/)).toBeVisible();
  await received.getByRole('button', { name: 'Counter' }).click();
  const counterDialog = seller.page.getByRole('dialog', { name: 'Counter Offer' });
  await counterDialog.getByLabel(/Offer amount/).fill('50');
  await counterDialog.getByRole('button', { name: 'Send Counteroffer' }).click();
  await expect(toast(seller.page, 'Offer countered')).toBeVisible();
  await expect(sellerLog.getByRole('article', { name: /^Offer of \$40\.00, countered/ })).toBeVisible();

  // The buyer sees the first card countered and the counter with Accept, live; accepts it.
  await expect(buyerLog.getByRole('article', { name: /^Offer of \$40\.00, countered/ })).toBeVisible({
    timeout: 10_000,
  });
  const counter = buyerLog.getByRole('article', { name: /^Offer of \$50\.00, pending/ });
  await expect(counter).toBeVisible({ timeout: 10_000 });
  await expect(counter.getByText(/round 2 of 5/)).toBeVisible();
  await counter.getByRole('button', { name: 'Accept' }).click();
  await expect(toast(page, 'Offer accepted')).toBeVisible();
  await expect(buyerLog.getByText('Offer accepted')).toBeVisible();
  await expect(sellerLog.getByRole('article', { name: /^Offer of \$50\.00, accepted/ })).toBeVisible({
    timeout: 10_000,
  });
  await expect(sellerLog.getByText('Offer accepted')).toBeVisible();

  // Buy at $50.00: the cart line is priced from the accepted offer, then checkout through escrow.
  await buyerLog
    .getByRole('article', { name: /^Offer of \$50\.00, accepted/ })
    .getByRole('button', { name: 'Buy at $50.00' })
    .click();
  await expect(page).toHaveURL(/\/checkout$/);
  const main = page.getByRole('main');
  await expect(main.getByText('$50.00').first()).toBeVisible();
  await expect(main.getByText('$60.00')).toHaveCount(0);
  await main.getByRole('button', { name: 'Create Escrow & Checkout' }).click();
  const purchase = await approveEscrowAndFinish(page, buyer.context, title);
  await expect(purchase).toContainText('$50.00 RLUSD');

  // My Activity's Offers tab: the thread at its newest round, the accepted counter.
  await main.getByRole('tab', { name: /^Offers/ }).click();
  const row = main.getByRole('list', { name: 'Your offers' }).getByRole('article', { name: `Offer: ${title}` });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('accepted')).toBeVisible();
  await expect(row).toContainText("Seller's counteroffer:$50.00");
  expect(violations).toEqual([]);
  await Promise.all([seller.context.close(), buyer.context.close()]);
});
