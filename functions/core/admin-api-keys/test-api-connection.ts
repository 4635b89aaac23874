import type { ApiService } from '../../../shared/api/admin-api-keys';
import type { ConnectionChecks } from './ports';

const UNREACHABLE: Record<ApiService, string> = {
  xaman: 'Unable to connect to Xaman API',
  fedex: 'Unable to connect to FedEx API',
};

/** Test Connection (decision 064): the service accepts the stored credentials, or why not. */
export async function testApiConnection(
  service: ApiService,
  checks: ConnectionChecks,
): Promise<{ connected: true } | { connected: false; error: string }> {
  try {
    await checks[service]();
    return { connected: true };
  } catch (error) {
    return { connected: false, error: (error as Error).message || UNREACHABLE[service] };
  }
}
