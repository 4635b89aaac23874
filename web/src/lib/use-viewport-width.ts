import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void) {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

/** The window's inner width, updated on resize. */
export function useViewportWidth(): number {
  return useSyncExternalStore(
    subscribe,
    () => window.innerWidth,
    () => 0,
  );
}

/** Below this width the header has its mobile layout (menu button, no category bar): Tailwind's `lg`. */
export const MOBILE_LAYOUT_BELOW = 1024;

/** Whether the page is in its mobile layout, updated on resize. */
export function useMobileLayout(): boolean {
  return useViewportWidth() < MOBILE_LAYOUT_BELOW;
}
