/** Badges (cart, wishlist, notifications) cap at '99+' (the business constants of spec parts 1 and 2). */
export function badgeCount(count: number): string {
  return count > 99 ? '99+' : String(count);
}
