import { AppError } from '../../lib/errors';
import type { SettingsPort } from './ports';

export const MAINTENANCE_MESSAGE = 'The marketplace is down for maintenance. Please try again in a little while.';

/**
 * Routes that still write in maintenance mode (decision 063): signing in and out (an administrator must be able to sign
 * in to turn it off) and the carrier's and wallet's callbacks (they report what already happened). Admin routes are
 * exempt by their access rule; reads and scheduled jobs are never gated.
 */
const OPEN_IN_MAINTENANCE = new Set([
  'startSignIn',
  'completeSignIn',
  'createAccount',
  'refreshSession',
  'signOut',
  'carrierWebhook',
  'xamanWebhook',
]);

export function gatedInMaintenance(route: { name: string; auth: string }, method: string): boolean {
  return method !== 'GET' && method !== 'HEAD' && route.auth !== 'admin' && !OPEN_IN_MAINTENANCE.has(route.name);
}

/** In maintenance mode, a gated write answers 503 with a message a person can read. */
export async function assertOpenForWrites(
  route: { name: string; auth: string },
  method: string,
  settings: Pick<SettingsPort, 'current'>,
): Promise<void> {
  if (!gatedInMaintenance(route, method)) return;
  if ((await settings.current()).maintenanceMode) throw new AppError('unavailable', 'maintenance', MAINTENANCE_MESSAGE);
}
