// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import featureRules from './tools/eslint/feature-boundaries.js';
import { apiInDomains } from './tools/eslint/api-in-domains.js';

const localRules = { rules: { ...featureRules.rules, 'api-in-domains': apiInDomains } };

const NODE_BUILTINS = [
  'fs',
  'path',
  'os',
  'crypto',
  'child_process',
  'http',
  'https',
  'net',
  'stream',
  'url',
  'util',
  'zlib',
];

/**
 * zod's classic build is about 450 KB of every function's bundle (and evaluated at each cold start); zod/mini is what
 * ships. Part of every no-restricted-imports below (a later block's rule replaces an earlier one's).
 */
const ZOD_MINI = "Use zod/mini: import * as z from 'zod/mini' (classic zod adds ~450 KB to every bundle).";
const ZOD_IMPORTS = [
  { name: 'zod', message: ZOD_MINI },
  { name: 'zod/v4', message: ZOD_MINI },
];

export default tseslint.config(
  { ignores: ['node_modules', 'web/dist', 'cdk.out', '.data', 'coverage', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-empty': ['error', { allowEmptyCatch: false }],
      'no-restricted-imports': ['error', { paths: ZOD_IMPORTS }],
      'no-restricted-syntax': [
        'error',
        {
          // A named import of z (or of anything) from zod/mini is not tree-shaken by esbuild: the whole build again.
          selector: "ImportDeclaration[source.value='zod/mini'] > ImportSpecifier",
          message: "Import the namespace: import * as z from 'zod/mini'.",
        },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}', 'tests/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    files: ['functions/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            ...ZOD_IMPORTS,
            { name: 'xrpl', importNames: ['Client'], message: 'core talks to the ledger through a port.' },
          ],
          patterns: [
            { group: ['@aws-sdk/*', 'electrodb'], message: 'core holds business rules only: use a port in adapters/.' },
            { group: ['**/adapters/**', '**/adapters'], message: 'core must not depend on adapters.' },
          ],
        },
      ],
    },
  },
  {
    // Handlers, jobs and socket handlers take their adapters from functions/wiring (decision 044).
    files: ['functions/http/**/*.ts', 'functions/jobs/**/*.ts', 'functions/ws/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ZOD_IMPORTS,
          patterns: [
            {
              group: ['**/adapters/**', '**/adapters'],
              message: 'Handlers import wiring, core and lib, never adapters: add a builder to functions/wiring.',
            },
          ],
        },
      ],
    },
  },
  {
    // Generic plumbing (decision 044): what it needs from the deployment is passed in by functions/wiring/.
    files: ['functions/lib/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ZOD_IMPORTS,
          patterns: [
            {
              group: ['**/adapters/**', '**/adapters', '**/core/**', '**/wiring/**', '**/routes'],
              message: 'functions/lib is generic: it imports neither adapters, core, wiring nor routes.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['shared/**/*.ts'],
    languageOptions: { globals: { ...globals['shared-node-browser'] } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ZOD_IMPORTS,
          patterns: [
            { group: ['node:*', ...NODE_BUILTINS], message: 'shared/ runs in the browser too: no Node-only modules.' },
            {
              group: ['react', 'react-dom', 'react-*', 'swr'],
              message: 'shared/ runs on the server too: no browser code.',
            },
            { group: ['@aws-sdk/*', 'electrodb', 'xrpl'], message: 'shared/ holds contracts and rules only.' },
          ],
        },
      ],
      'no-restricted-globals': ['error', 'window', 'document', 'localStorage', 'process', 'Buffer', '__dirname'],
    },
  },
  {
    // Web features do not import each other, nor shared code a feature: judged on resolved import paths. Only
    // web/src/domains calls the API (decision 047): no apiGet/apiSend import nor fetch anywhere else in web/src.
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { local: localRules },
    rules: { 'local/feature-boundaries': 'error', 'local/api-in-domains': 'error' },
  },
);
