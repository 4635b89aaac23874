// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import localRules from './tools/eslint/feature-boundaries.js';

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
          paths: [{ name: 'xrpl', importNames: ['Client'], message: 'core talks to the ledger through a port.' }],
          patterns: [
            { group: ['@aws-sdk/*', 'electrodb'], message: 'core holds business rules only: use a port in adapters/.' },
            { group: ['**/adapters/**', '**/adapters'], message: 'core must not depend on adapters.' },
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
    // Web features do not import each other, nor shared code a feature: judged on resolved import paths.
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { local: localRules },
    rules: { 'local/feature-boundaries': 'error' },
  },
);
