import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The repository's own ESLint config, run on code as if it were a file at `file`. */
const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

async function problems(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.filter((m) => m.ruleId === 'local/feature-boundaries').map((m) => m.message);
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
      "import { apiGet } from '../../../lib/api';",
      "import { UserAvatar } from '../../../components/user-avatar';",
      "import { saveStore } from '../api/store-api';",
      'export const used = [useSWR, apiGet, UserAvatar, saveStore];',
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
