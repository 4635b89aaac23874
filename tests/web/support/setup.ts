import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, vi } from 'vitest';

// `npm test` runs these beside the integration and browser lanes on two cores (decision 048): a first render that
// loads a page's modules can take over the default 1 s there, so findBy/waitFor wait up to 5 s (a pass is as quick).
configure({ asyncUtilTimeout: 5_000 });

// vitest runs without globals, so Testing Library cannot register its own cleanup: do it here (import this first).
afterEach(() => {
  cleanup();
  localStorage.clear();
  // sonner keeps toasts in a module-level store and replays active ones to a new Toaster: end them with the test.
  toast.dismiss();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
