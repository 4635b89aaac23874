import type { CartView } from '../../../domains/cart/cart-view';

/** The summary's delivery line: how many units ship (and when, once a service is chosen) and how many are picked up. */
export function deliverySummary(cart: Pick<CartView, 'items'>, estimatedDays: string | null): string {
  const live = cart.items.filter((l) => l.status !== 'unavailable');
  const shipped = live.filter((l) => !l.isLocalPickup).reduce((sum, l) => sum + l.quantity, 0);
  const pickup = live.filter((l) => l.isLocalPickup).reduce((sum, l) => sum + l.quantity, 0);
  const parts = [];
  if (shipped > 0) parts.push(`${shipped} shipped${estimatedDays ? `, ${estimatedDays}` : ''}`);
  if (pickup > 0) parts.push(`${pickup} local pickup`);
  return parts.join(' · ') || '—';
}
