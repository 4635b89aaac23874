import type { Health } from '../../../shared/api/health';
import { checkHealth, type DependencyProbe } from './check-health';

export interface GetHealthDeps {
  probes: readonly DependencyProbe[];
  /** Why a dependency failed, for the logs: the public answer says only that it did. */
  onFailure: (dependency: string, error: unknown) => void;
}

/** Whether every dependency answers; each is named ok or failing, nothing else. */
export function getHealth(deps: GetHealthDeps): Promise<Health> {
  return checkHealth(deps.probes, { onFailure: deps.onFailure });
}
