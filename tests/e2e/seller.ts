import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect } from './fixtures';

/** Turns selling on in /settings (the required profile fields first), as a person does. */
export async function becomeSeller(page: Page, username: string): Promise<void> {
  await page.goto('/settings');
  const main = page.getByRole('main');
  await main.getByLabel(/^Full Name/).fill('E2E Seller');
  await main.getByLabel(/^Email/).fill(`${username}@example.com`);
  await main.getByLabel(/^Phone/).fill('+1 555 0100');
  await main.getByLabel('I want to sell items on the marketplace').check();
  await main.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile Updated')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sell an item' })).toBeVisible();
}

/** A small real PNG of one colour, for photo uploads. */
export async function pngFile(name: string, background: string) {
  const buffer = await sharp({ create: { width: 640, height: 480, channels: 3, background } })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}
