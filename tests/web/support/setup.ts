import { cleanup } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, vi } from 'vitest';

// vitest runs without globals, so Testing Library cannot register its own cleanup: do it here (import this first).
afterEach(() => {
  cleanup();
  localStorage.clear();
  // sonner keeps toasts in a module-level store and replays active ones to a new Toaster: end them with the test.
  toast.dismiss();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
