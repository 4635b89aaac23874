import { vi } from 'vitest';

/** Every line the code under test writes to stdout and stderr (Powertools Logger and Metrics write there), parsed. */
export function captureOutput() {
  const lines: string[] = [];
  const grab = (chunk: unknown) => {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    return true;
  };
  vi.spyOn(process.stdout, 'write').mockImplementation(grab);
  vi.spyOn(process.stderr, 'write').mockImplementation(grab);
  return {
    lines,
    json: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>),
  };
}
