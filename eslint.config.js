// One lint configuration for the whole repository. Besides the usual TypeScript and React-hooks rules it holds
// the architecture in place: a remote may import only @app/kit, @app/contract and its own files; kit never imports
// an app; the contract imports nothing but zod; no import cycles.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

const REMOTES = ['mf-auth', 'mf-overview', 'mf-analytics', 'mf-settings'];
const APPS = ['shell', ...REMOTES];
const SERVERS = ['api', 'server-kit'];

/** A folder may not import from these others (by relative path or through a workspace link). */
const zone = (target, from, message) => ({ target: `./${target}`, from: from.map((f) => `./${f}`), message });

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/.tsbuild/**',
      '**/node_modules/**',
      'e2e/.artifacts/**',
      'bench/.out/**',
      'api/drizzle/**',
      '**/*.generated.ts',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: ['*/tsconfig.json'], alwaysTryTypes: true })],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...REMOTES.map((r) =>
              zone(r, [...APPS.filter((a) => a !== r), ...SERVERS], `${r} may import only @app/kit, @app/contract and its own files`),
            ),
            zone(
              'shell',
              [...REMOTES, ...SERVERS.filter((s) => s !== 'server-kit')],
              'the shell loads remotes at runtime, never by import',
            ),
            zone('kit', [...APPS, ...SERVERS, 'bench', 'e2e', 'scripts'], 'kit is shared by every app and imports none of them'),
            zone('contract', ['kit', ...APPS, ...SERVERS, 'bench', 'e2e', 'scripts'], 'the contract depends on nothing but zod'),
            zone('api', ['kit', ...APPS], 'the API knows the client only through the contract'),
          ],
        },
      ],
    },
  },
  {
    files: ['contract/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*', 'react', 'react-*', '@app/*', 'hono', 'hono/*'], message: 'The contract is pure TypeScript and zod' },
          ],
        },
      ],
    },
  },
  {
    // These are bundled inside kit's and the contract's shared chunks, not shared on their own: an app that
    // imported one directly would load a second copy (and, for chart.js, a second registry; for react-router, a
    // second router context that kit's links and hooks cannot see).
    files: ['shell/src/**/*.{ts,tsx}', 'mf-*/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/test/**', '**/testUtils.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'zod',
                'zod/*',
                'chart.js',
                'chart.js/*',
                'react-chartjs-2',
                'date-fns',
                'date-fns/*',
                'react-router',
                'react-router/*',
                'react-router-dom',
                '@reduxjs/toolkit',
                '@reduxjs/toolkit/*',
                'react-redux',
              ],
              allowTypeImports: true,
              message: 'Use it through @app/kit or @app/contract, which carry the one copy of it',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.tsx', 'kit/src/**/*.ts', 'shell/src/**/*.ts', 'mf-*/src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', '**/test/**', 'e2e/**', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
