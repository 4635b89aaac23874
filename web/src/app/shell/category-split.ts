import { MOBILE_LAYOUT_BELOW } from '../../lib/use-viewport-width';

/** Tailwind-style breakpoints the spec's header widths refer to (large, extra-large, 2x-large). */
export const BREAKPOINTS = { lg: MOBILE_LAYOUT_BELOW, xl: 1280, '2xl': 1536 } as const;

/** How many header categories get their own menu at a viewport width: 6 at 2xl, 4 at xl, 3 at lg, none below. */
export function visibleCategoryCount(width: number): number {
  if (width >= BREAKPOINTS['2xl']) return 6;
  if (width >= BREAKPOINTS.xl) return 4;
  if (width >= BREAKPOINTS.lg) return 3;
  return 0;
}

/** The categories shown as menus and the rest, which go into the 'More' dropdown (in their order). */
export function splitCategories<T>(categories: readonly T[], width: number): { visible: T[]; more: T[] } {
  const count = Math.min(visibleCategoryCount(width), categories.length);
  return { visible: categories.slice(0, count), more: categories.slice(count) };
}
