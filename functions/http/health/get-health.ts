import { getHealth } from '../../core/health/get-health';
import { getHealthDeps } from '../../wiring/health';
import { httpHandler, ok } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.getHealth, async (req) => {
  const health = await getHealth(getHealthDeps(req.log));
  return { ...ok(health), status: health.status === 'ok' ? 200 : 503 };
});
