import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/** The bid panel's parts, found by role and label as a person (or the two-window journey) finds them. */
export function bidPanel(page: Page) {
  const main = page.getByRole('main');
  const panel = main.getByRole('region', { name: 'Place a Bid' });
  return {
    main,
    panel,
    price: main.getByRole('region', { name: 'Price' }),
    field: panel.getByLabel('Your maximum bid'),
    button: (name = 'Place Bid') => panel.getByRole('button', { name, exact: true }),
    history: main.getByRole('list', { name: 'Bids, highest first' }),
  };
}

export async function bid(page: Page, field: Locator, button: Locator, amount: string) {
  await field.fill(amount);
  await button.click();
  await expect(page.getByText(`Your bid of $${amount}.00 has been placed.`)).toBeVisible();
}
