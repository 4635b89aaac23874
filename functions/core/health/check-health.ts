import type { Health } from '../../../shared/api/health';

/** A named probe of one dependency; it resolves when the dependency answers and throws when it does not. */
export interface DependencyProbe {
  name: string;
  check: () => Promise<void>;
}

export const PROBE_TIMEOUT_MS = 2_000;

function withTimeout(promise: Promise<void>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Runs every probe at once; the whole is ok only when each dependency is. */
export async function checkHealth(probes: readonly DependencyProbe[], timeoutMs = PROBE_TIMEOUT_MS): Promise<Health> {
  const dependencies = await Promise.all(
    probes.map(async (probe) => {
      const started = Date.now();
      try {
        await withTimeout(probe.check(), timeoutMs);
        return { name: probe.name, status: 'ok' as const, latencyMs: Date.now() - started };
      } catch (error) {
        const detail = error instanceof Error ? error.message : String(error);
        return { name: probe.name, status: 'failing' as const, latencyMs: Date.now() - started, detail };
      }
    }),
  );
  return { status: dependencies.every((d) => d.status === 'ok') ? 'ok' : 'failing', dependencies };
}
