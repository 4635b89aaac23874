/** Nearest-rank percentile of ascending samples. */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** `warmUp` untimed calls of `request`, then `timed` sequential timed ones: their p50 and p95 in ms. */
export async function sequentialLatency(
  request: () => Promise<unknown>,
  warmUp: number,
  timed: number,
): Promise<{ p50: number; p95: number; n: number }> {
  for (let i = 0; i < warmUp; i++) await request();
  const samples: number[] = [];
  for (let i = 0; i < timed; i++) {
    const t0 = performance.now();
    await request();
    samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p95: percentile(samples, 95), n: timed };
}
