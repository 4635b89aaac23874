import type { Health } from '../../../shared/api/health';
import type { Clock } from '../clock/clock';

/** A named probe of one dependency; it resolves when the dependency answers and throws when it does not. */
export interface DependencyProbe {
  name: string;
  check: () => Promise<void>;
}

export const PROBE_TIMEOUT_MS = 2_000;
/** How long a remote check's outcome (Xaman, the ledger) is reused: a public endpoint must not drive their traffic. */
export const REMOTE_CHECK_TTL_MS = 30_000;

function withTimeout(promise: Promise<void>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The probe with its outcome (answer, error or timeout) reused for `ttlMs` from when the check started; requests while
 * a check runs share it. Keep one per warm function (module scope) so the cache outlives a request.
 */
export function cachedProbe(
  probe: DependencyProbe,
  clock: Clock,
  ttlMs = REMOTE_CHECK_TTL_MS,
  timeoutMs = PROBE_TIMEOUT_MS,
): DependencyProbe {
  let last: { startedAt: number; outcome: Promise<void> } | undefined;
  return {
    name: probe.name,
    check: () => {
      const now = clock.now().getTime();
      if (!last || now - last.startedAt >= ttlMs) {
        const outcome = withTimeout(probe.check(), timeoutMs);
        outcome.catch(() => {}); // a cached failure is reported by whoever awaits it, not as unhandled
        last = { startedAt: now, outcome };
      }
      return last.outcome;
    },
  };
}

export interface CheckHealthOptions {
  timeoutMs?: number;
  /** Why a dependency failed, for the logs: the public answer says only that it did. */
  onFailure?: (name: string, error: unknown) => void;
}

/** Runs every probe at once; the whole is ok only when each dependency is. Each says ok or failing, nothing else. */
export async function checkHealth(
  probes: readonly DependencyProbe[],
  { timeoutMs = PROBE_TIMEOUT_MS, onFailure }: CheckHealthOptions = {},
): Promise<Health> {
  const dependencies = await Promise.all(
    probes.map(async ({ name, check }) => {
      try {
        await withTimeout(check(), timeoutMs);
        return { name, status: 'ok' as const };
      } catch (error) {
        onFailure?.(name, error);
        return { name, status: 'failing' as const };
      }
    }),
  );
  return { status: dependencies.every((d) => d.status === 'ok') ? 'ok' : 'failing', dependencies };
}
