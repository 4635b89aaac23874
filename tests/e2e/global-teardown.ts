import fs from 'node:fs';
import { E2E_STACK, type E2EStack } from './global-setup';

/** Stops the stack the global setup started (Java included) and removes its data directory. */
export default async function globalTeardown(): Promise<void> {
  const state = (globalThis as Record<symbol, E2EStack | undefined>)[E2E_STACK];
  if (!state) return;
  await state.stop();
  fs.rmSync(state.dataDir, { recursive: true, force: true });
}
