import { healthProbes } from '../../adapters/health-probes';
import { checkHealth } from '../../core/health/check-health';
import { httpHandler, ok } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.getHealth, async (req) => {
  const health = await checkHealth(healthProbes(), {
    onFailure: (dependency, error) => req.log.warn('dependency failing', { dependency, error }),
  });
  return { ...ok(health), status: health.status === 'ok' ? 200 : 503 };
});
