/** Badges (cart, wishlist, notifications) cap at '99+' (spec part 1 section 9, part 2 section 9). */
export function badgeCount(count: number): string {
  return count > 99 ? '99+' : String(count);
}
