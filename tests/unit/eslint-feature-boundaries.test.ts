import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The repository's own ESLint config, run on code as if it were a file at `file`. */
const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

async function problems(file: string, code: string, rule = 'local/feature-boundaries') {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.filter((m) => m.ruleId === rule).map((m) => m.message);
}

describe('web feature boundaries (resolved import paths)', () => {
  it('refuses a relative import from one feature into another, however the path is spelled', async () => {
    const from = 'web/src/features/store/routes/fixture.tsx';
    expect(await problems(from, "import { ListingGrid } from '../../listings/components/grid';\n")).toEqual([
      expect.stringContaining("Feature 'store' imports feature 'listings' (web/src/features/listings/components/grid)"),
    ]);
    // No `features/` in the string at all: only the resolved path shows where it goes.
    expect(await problems(from, "import { x } from '../../store/../sell/lib/photos';\n")).toHaveLength(1);
    expect(await problems(from, "export { y } from '../../account/api';\n")).toHaveLength(1);
    expect(await problems(from, "export const z = () => import('../../wallet/page');\n")).toHaveLength(1);
  });

  it('lets a feature import its own files, web/src/lib, web/src/components and packages', async () => {
    const from = 'web/src/features/store/routes/fixture.tsx';
    const code = [
      "import useSWR from 'swr';",
      "import { ApiError } from '../../../lib/api';",
      "import { UserAvatar } from '../../../components/user-avatar';",
      "import { saveStore } from '../api/store-api';",
      'export const used = [useSWR, ApiError, UserAvatar, saveStore];',
      '',
    ].join('\n');
    expect(await problems(from, code)).toEqual([]);
  });

  it('refuses shared code (lib, components) that depends on a feature', async () => {
    expect(await problems('web/src/lib/fixture.ts', "import { a } from '../features/sell/lib/x';\n")).toEqual([
      expect.stringContaining('shared code (web/src/lib, web/src/components) may not depend on a feature'),
    ]);
  });
});

describe('web API calls only in web/src/domains (decision 047)', () => {
  const apiRule = (file: string, code: string) => problems(file, code, 'local/api-in-domains');

  it('refuses apiGet and apiSend outside web/src/domains, however the path to lib/api is spelled', async () => {
    const feature = 'web/src/features/sell/lib/fixture.ts';
    const code = [
      "import { ApiError, apiGet, apiSend as send, newIdempotencyKey } from '../../../lib/api';",
      'export const used = [ApiError, apiGet, send, newIdempotencyKey];',
      '',
    ].join('\n');
    expect(await apiRule(feature, code)).toEqual([
      expect.stringContaining('web/src/features/sell/lib/fixture.ts imports apiGet from web/src/lib/api'),
      expect.stringContaining('imports apiSend from web/src/lib/api'),
    ]);
    // Shared code too: lib (a sibling path) and components.
    expect(await apiRule('web/src/lib/orders/fixture.ts', "import { apiGet } from '../api';\n")).toHaveLength(1);
    expect(await apiRule('web/src/components/fixture.tsx', "import { apiSend } from '../lib/api.ts';\n")).toHaveLength(
      1,
    );
    // Re-exports, the whole module and a dynamic import reach the same functions.
    expect(await apiRule(feature, "export { apiGet } from '../../../lib/api';\n")).toHaveLength(1);
    expect(await apiRule(feature, "import * as api from '../../../lib/api';\nexport const a = api;\n")).toHaveLength(1);
    expect(await apiRule(feature, "export const a = () => import('../../../lib/api');\n")).toHaveLength(1);
  });

  it('refuses fetch and XMLHttpRequest outside web/src/domains', async () => {
    const code = "export const a = () => fetch('/api/x');\nexport const b = () => new XMLHttpRequest();\n";
    expect(await apiRule('web/src/features/settings/lib/fixture.ts', code)).toEqual([
      expect.stringContaining('uses fetch'),
      expect.stringContaining('uses XMLHttpRequest'),
    ]);
  });

  it("lets anyone import the client's other exports, and domains (and the client) make the requests", async () => {
    const helpers =
      "import { ApiError, newIdempotencyKey } from '../../../lib/api';\nexport const a = [ApiError, newIdempotencyKey];\n";
    expect(await apiRule('web/src/features/sell/lib/fixture.ts', helpers)).toEqual([]);
    const domain = [
      "import { apiGet, apiSend } from '../../lib/api';",
      "export const used = [apiGet, apiSend, () => fetch('/upload')];",
      '',
    ].join('\n');
    expect(await apiRule('web/src/domains/orders/fixture.ts', domain)).toEqual([]);
    expect(await apiRule('web/src/lib/api.ts', "export const call = () => fetch('/api/x');\n")).toEqual([]);
  });
});
