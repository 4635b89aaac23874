import './support/setup';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../shared/api/orders';
import type { Review } from '../../shared/domain/reviews';
import { FakeSocket, type ApiAnswer } from './support/api-stub';
import { funded, order } from './support/cart-fixture';
import { showPurchase } from './support/purchase-page';

const main = () => within(screen.getByRole('main'));

/** A completed local pickup of bob's Oak Desk bought by alice_1 (01JUSER), with its reviews as the server says. */
function completed(reviews: Order['reviews']): Order {
  return {
    ...funded(order({ id: 'P1', isLocalPickup: true, shipTo: null })),
    status: 'completed',
    escrowStatus: 'completed',
    releaseReason: 'pickup_approved',
    completedAt: '2026-01-02T00:00:00.000Z',
    reviews,
  };
}

const mine = (over: Partial<Review> = {}): Review => ({
  id: '01KREVIEW0000000000000000A',
  rating: 5,
  comment: 'Smooth pickup!',
  createdAt: '2026-01-03T10:00:00.000Z',
  transactionType: 'buy',
  reply: null,
  ...over,
});

/** The purchase page; POST .../review answers `review()`. */
function show(read: () => Order, review?: () => ApiAnswer) {
  return showPurchase(read, (req) =>
    req.url.pathname === '/api/orders/P1/review' && req.method === 'POST' && review ? review() : undefined,
  );
}

const section = async () => within(await main().findByRole('region', { name: 'Reviews' }, { timeout: 5_000 }));

beforeEach(() => {
  vi.stubGlobal('WebSocket', FakeSocket);
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1280 });
});

describe('Leave Review on /purchased/{id} (decision 050)', () => {
  it('checks the stars and the comment, sends them once with a key, and shows the review', async () => {
    let current = completed({ canReview: true, mine: null, theirs: null });
    const { find } = show(
      () => current,
      () => {
        current = completed({ canReview: false, mine: mine(), theirs: null });
        return { status: 201, body: mine() };
      },
    );
    fireEvent.click((await section()).getByRole('button', { name: 'Leave Review' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Leave Review' }));
    expect(dialog.getByText('How was buying from bob? Your review shows on their store page.')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Submit Review' }));
    expect(dialog.getByText('Choose a rating from 1 to 5 stars')).toBeTruthy();
    expect(dialog.getByText('Please write a comment')).toBeTruthy();
    expect(find('POST', '/api/orders/P1/review')).toHaveLength(0);

    const stars = dialog.getAllByRole('radio');
    expect(stars.map((s) => s.getAttribute('value'))).toEqual(['1', '2', '3', '4', '5']);
    fireEvent.click(dialog.getByRole('radio', { name: '5 stars' }));
    expect((dialog.getByRole('radio', { name: '5 stars' }) as HTMLInputElement).checked).toBe(true);
    const comment = dialog.getByRole('textbox', { name: /Comment/ });
    fireEvent.change(comment, { target: { value: '  Smooth pickup!  ' } });
    expect(dialog.getByText('18 / 1,000 characters')).toBeTruthy();
    expect(comment.getAttribute('maxlength')).toBe('1000');
    fireEvent.click(dialog.getByRole('button', { name: 'Submit Review' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const reviews = await section();
    expect(await reviews.findByText('Your review of bob')).toBeTruthy();
    expect(reviews.getByText('Smooth pickup!')).toBeTruthy();
    expect(reviews.getByRole('img', { name: '5 out of 5 stars' })).toBeTruthy();
    expect(reviews.queryByRole('button', { name: 'Leave Review' })).toBeNull();
    const [sent] = find('POST', '/api/orders/P1/review');
    expect(sent!.body).toEqual({ rating: 5, comment: 'Smooth pickup!' });
    expect(sent!.idempotencyKey).toEqual(expect.any(String));
    expect(await screen.findByText('Review Submitted')).toBeTruthy();
  });

  it("shows the server's refusal in the dialog, keeps it open while sending, and reads the order again", async () => {
    let release: (a: ApiAnswer) => void = () => {};
    const { find } = show(
      () => completed({ canReview: true, mine: null, theirs: null }),
      () => new Promise<never>((resolve) => (release = resolve as never)) as never,
    );
    fireEvent.click((await section()).getByRole('button', { name: 'Leave Review' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Leave Review' }));
    fireEvent.click(dialog.getByRole('radio', { name: '2 stars' }));
    fireEvent.change(dialog.getByRole('textbox', { name: /Comment/ }), { target: { value: 'Late' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Submit Review' }));
    const busy = await dialog.findByRole('button', { name: 'Submitting...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    const reads = find('GET', '/api/orders/P1').length;
    release(
      new Response(
        JSON.stringify({ error: { code: 'already_reviewed', message: 'You have already reviewed this order' } }),
        { status: 409, headers: { 'content-type': 'application/json' } },
      ) as never,
    );
    expect(await dialog.findByRole('alert')).toHaveProperty('textContent', 'You have already reviewed this order');
    await waitFor(() => expect(find('GET', '/api/orders/P1').length).toBeGreaterThan(reads));
  });

  it("shows the other party's review with the reply link, and no button once the window closed", async () => {
    show(() =>
      completed({
        canReview: false,
        mine: mine({ reply: { comment: 'Thanks, come again', createdAt: '2026-01-04T10:00:00.000Z' } }),
        theirs: mine({ id: '01KREVIEW0000000000000000B', rating: 4, comment: 'Punctual', transactionType: 'other' }),
      }),
    );
    const reviews = await section();
    expect(await reviews.findByText('Your review of bob')).toBeTruthy();
    expect(reviews.getByText('Thanks, come again')).toBeTruthy();
    expect(reviews.getByText(/Reply from bob/)).toBeTruthy();
    expect(reviews.getByText("bob's review of you")).toBeTruthy();
    expect(reviews.getByRole('link', { name: "your store's Reviews" }).getAttribute('href')).toBe(
      '/user/alice_1?tab=reviews',
    );
  });

  it('says why there is no Leave Review once the window has closed', async () => {
    show(() => completed({ canReview: false, mine: null, theirs: null }));
    expect(
      await (await section()).findByText("Reviews can be left within 60 days of the order's completion."),
    ).toBeTruthy();
  });
});
