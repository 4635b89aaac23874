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

/**
 * Resolves once the page's socket is told it is subscribed to `topic`. Start it before the page opens: an event
 * published before the subscription lands is not pushed to that page (it reads the state again on subscribing instead).
 */
export function subscribedTo(page: Page, topic: string): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      socket.on('framereceived', ({ payload }) => {
        try {
          const message = JSON.parse(String(payload)) as { type?: string; topic?: string };
          if (message.type === 'subscribed' && message.topic === topic) resolve();
        } catch {
          // Not JSON: not ours to read.
        }
      });
    });
  });
}
