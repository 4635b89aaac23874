import { expect, test } from './fixtures';
import { api, person, saveProfile } from './people';
import { signUpInBrowser } from './sign-up';

/**
 * The messages journey (decision 032): a buyer contacts a seller from the item page and writes (empty not sent,
 * Shift+Enter a new line, Enter sends); the seller, in another browser, sees the unread count arrive in the header
 * without a reload, opens the conversation from the account panel, which reads it, and replies; the reply appears live
 * in the buyer's open chat, which then shows the buyer's message as seen.
 */
test('a buyer contacts a seller, the reply arrives live in the open chat, unread counts in the header', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const seller = await person(browser, baseURL!);
  const buyer = await person(browser, baseURL!);
  try {
    const sellerName = await signUpInBrowser(seller.page, seller.context, 'msgsel');
    await saveProfile(seller.page, sellerName, '78701', true);
    const { id } = await api<{ id: string }>(seller.page, 'POST', '/api/listings', {
      title: 'Messaging Journey Lamp',
      description: 'A lamp to ask about.',
      category: 'Home & Garden',
      condition: 'good',
      listingType: 'fixed',
      priceCents: 3_500,
      shippingType: 'free',
      location: { zipCode: '78701', city: 'Austin', state: 'TX' },
    });
    const buyerName = await signUpInBrowser(buyer.page, buyer.context, 'msgbuy');

    // The buyer: Contact Seller on the item page opens the new conversation.
    await buyer.page.goto(`/item/${id}`);
    await buyer.page.getByRole('button', { name: 'Contact Seller' }).click();
    await expect(buyer.page.getByText('Conversation Started')).toBeVisible();
    await expect(buyer.page).toHaveURL(/\/messages\?conversation=\w{26}$/);
    await expect(buyer.page.getByRole('heading', { name: new RegExp(sellerName), level: 2 })).toBeVisible();
    await expect(buyer.page.getByRole('link', { name: 'Messaging Journey Lamp' })).toBeVisible();
    const box = buyer.page.getByRole('textbox', { name: 'Message' });
    await expect(box).toBeFocused();
    await box.press('Enter');
    await box.fill('Is the lamp still available?');
    await box.press('Shift+Enter');
    await box.pressSequentially('It would be a gift.');
    await expect(box).toHaveValue('Is the lamp still available?\nIt would be a gift.');
    await box.press('Enter');
    const buyerLog = buyer.page.getByRole('log');
    await expect(buyerLog.getByText(/Is the lamp still available\?\s+It would be a gift\./)).toBeVisible();
    await expect(box).toHaveValue('');
    // The empty Enter sent nothing: one message.
    await expect(buyerLog.getByRole('listitem')).toHaveCount(1);

    // The seller, on the home page all along: the count arrives in the header without a reload.
    const header = seller.page.getByRole('banner');
    const trigger = header.getByRole('button', { name: `${sellerName} account, 1 unread messages` });
    await expect(trigger).toBeVisible({ timeout: 20_000 });
    await expect(trigger.getByTestId('message-badge')).toHaveText('1');
    await trigger.click();
    const messagesLink = seller.page.getByRole('menuitem', { name: /Messages/ });
    await expect(messagesLink.getByLabel('1 unread')).toBeVisible();
    await messagesLink.click();
    await expect(seller.page).toHaveURL(/\/messages$/);
    const list = seller.page.getByRole('list', { name: 'Conversations' });
    const entry = list.getByRole('button', { name: new RegExp(buyerName) });
    await expect(entry).toContainText('Messaging Journey Lamp');
    await expect(entry.getByLabel('1 unread')).toBeVisible();
    await entry.click();
    const sellerLog = seller.page.getByRole('log');
    await expect(sellerLog.getByText(/Is the lamp still available\?/)).toBeVisible();
    // Opened is read: the counts go.
    await expect(header.getByRole('button', { name: `${sellerName} account`, exact: true })).toBeVisible();
    await expect(entry.getByLabel('1 unread')).toBeHidden();

    const reply = seller.page.getByRole('textbox', { name: 'Message' });
    await reply.fill('Yes! Still available.');
    await reply.press('Enter');
    await expect(sellerLog.getByText('Yes! Still available.')).toBeVisible();

    // The buyer's open chat: the reply arrives live, and the buyer's message shows as seen.
    await expect(buyerLog.getByText('Yes! Still available.')).toBeVisible({ timeout: 10_000 });
    await expect(buyerLog.getByText('Seen')).toBeVisible();
    await expect(buyerLog.getByRole('listitem')).toHaveCount(2);
  } finally {
    await Promise.all([seller.context.close(), buyer.context.close()]);
  }
});
