import { configDefaults, defineConfig } from 'vitest/config';
import { SECOND_HALF } from './tests/integration/stack-halves';

// `npm test` runs the integration files in two processes, a stack each (tests/integration/stack-halves.ts).
const half = process.env.INTEGRATION_HALF;

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'],
          environment: 'node',
          // The files run one after another in one module graph (58 s of CPU down to 15): they stub the environment
          // with vi.stubEnv or restore it in place (tests/unit/lib/function-env.ts), and reset the caches they fill.
          isolate: false,
          // The integration project's stack sets its env on this process (no EMF lines there); unit tests read them.
          env: { LOG_LEVEL: 'warn', POWERTOOLS_METRICS_DISABLED: 'false' },
        },
      },
      {
        test: {
          name: 'web',
          include: ['tests/web/**/*.test.tsx', 'tests/web/**/*.test.ts'],
          environment: 'happy-dom',
        },
      },
      {
        test: {
          name: 'integration',
          include: half === '2' ? SECOND_HALF : ['tests/integration/**/*.test.ts'],
          exclude: half === '1' ? [...configDefaults.exclude, ...SECOND_HALF] : configDefaults.exclude,
          globalSetup: ['tests/integration/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // One worker runs every file against the one stack: its modules (SDK clients, the route table) load once, not
          // once per file (4-7 s each). The files share nothing but the stack, as before (decision 048).
          isolate: false,
          // After the projects that need no stack; its own group, as its worker count may differ from theirs.
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          // The XRPL node stand-in and Xaman stand-in, driven by the real xrpl Client and xumm-sdk.
          name: 'ledger',
          include: ['tests/ledger/**/*.test.ts', 'tests/xaman/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'infra',
          include: ['tests/infra/**/*.test.ts'],
          testTimeout: 120_000,
        },
      },
    ],
  },
});
