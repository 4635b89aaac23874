import './support/setup';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ListingCard } from '../../web/src/domains/listings/listing-card';
import { auctionBadgeLabel, auctionEndText, cardPrice, listingTypeLabel } from '../../web/src/domains/listings/card-display';
import { listing } from './support/listing-fixture';

const NOW = Date.parse('2026-06-01T12:00:00Z');
const auction = (o: Parameters<typeof listing>[0] = {}) =>
  listing({ listingType: 'auction', priceCents: null, startingBidCents: 1000, endsAt: '2026-06-02T12:00:00Z', ...o });

describe('card price', () => {
  it('prefers a buy-it-now price above 0', () => {
    expect(cardPrice(listing({ priceCents: 2500, buyItNowPriceCents: 123456 }))).toEqual({
      text: '$1,234.56',
      caption: 'Buy It Now',
    });
  });

  it('uses the fixed price when buy-it-now is 0 or missing', () => {
    expect(cardPrice(listing({ priceCents: 2500, buyItNowPriceCents: 0 }))).toEqual({ text: '$25.00' });
    expect(cardPrice(listing({ priceCents: 99 }))).toEqual({ text: '$0.99' });
  });

  it('uses the current bid, else the starting bid, for auctions', () => {
    expect(cardPrice(auction({ currentBidCents: 1550 }))).toEqual({ text: '$15.50', caption: 'Current bid' });
    expect(cardPrice(auction({ currentBidCents: null }))).toEqual({ text: '$10.00', caption: 'Starting bid' });
  });

  it("says 'Contact for price' when there is no amount at all", () => {
    expect(cardPrice(listing({ priceCents: null })).text).toBe('Contact for price');
    expect(cardPrice(auction({ startingBidCents: null })).text).toBe('Contact for price');
  });
});

describe('card badges', () => {
  it("labels the listing type 'Auction' or 'Buy Now'", () => {
    expect(listingTypeLabel(auction())).toBe('Auction');
    expect(listingTypeLabel(listing())).toBe('Buy Now');
  });

  it('gives auctions buy-now, else reserve, else no-reserve', () => {
    expect(auctionBadgeLabel(auction({ buyItNowPriceCents: 5000, hasReserve: true }))).toBe('Buy Now');
    expect(auctionBadgeLabel(auction({ buyItNowPriceCents: 0, hasReserve: true }))).toBe('Reserve');
    expect(auctionBadgeLabel(auction({ hasReserve: false }))).toBe('No Reserve');
    expect(auctionBadgeLabel(listing())).toBeUndefined();
  });

  it("shows 'Ends {date}' before the end and 'Ended' after it", () => {
    expect(auctionEndText(auction(), NOW)).toMatch(/^Ends Jun [12], 2026/);
    expect(auctionEndText(auction({ endsAt: '2026-06-01T11:59:59Z' }), NOW)).toBe('Ended');
    expect(auctionEndText(listing(), NOW)).toBeUndefined();
  });
});

const show = (ui: ReactNode) => render(<MemoryRouter>{ui}</MemoryRouter>);

describe('ListingCard', () => {
  it('renders an auction with its image, badges, seller, condition, category and end', () => {
    const card = auction({
      title: 'Vintage camera',
      category: 'Photography',
      condition: 'like_new',
      hasReserve: true,
      currentBidCents: 4200,
      image: { key: 'a.jpg', url: '/media/a.jpg', thumbUrl: '/media/a-thumb.jpg' },
      seller: { id: 'S9', username: 'bob_seller' },
    });
    const id = card.id;
    show(<ListingCard nowMs={NOW} listing={card} />);
    const img = screen.getByRole('img', { name: 'Vintage camera' });
    expect(img.getAttribute('src')).toBe('/media/a-thumb.jpg');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(screen.getByText('$42.00')).toBeTruthy();
    expect(screen.getByText('Auction')).toBeTruthy();
    expect(screen.getByText('Reserve')).toBeTruthy();
    expect(screen.getByText('bob_seller')).toBeTruthy();
    expect(screen.getByText('Like New')).toBeTruthy();
    expect(screen.getByText('Photography')).toBeTruthy();
    expect(screen.getByText(/^Ends /)).toBeTruthy();
    // One link, the title, to the listing page.
    const links = screen.getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([['Vintage camera', `/item/${id}`]]);
  });

  it("shows 'No Image', 'Buy Now' and no end for a fixed-price listing without images", () => {
    show(<ListingCard nowMs={NOW} listing={listing({ title: 'Desk', priceCents: 15000 })} />);
    expect(screen.getByText('No Image')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByText('Buy Now')).toBeTruthy();
    expect(screen.getByText('$150.00')).toBeTruthy();
    expect(screen.queryByText(/Ends|Ended/)).toBeNull();
  });

  it("shows 'Ended' for an auction whose end has passed", () => {
    show(<ListingCard nowMs={NOW} listing={auction({ endsAt: '2026-05-01T00:00:00Z' })} />);
    expect(screen.getByText('Ended')).toBeTruthy();
  });
});
