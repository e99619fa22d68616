import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist',
      '.ssr',
      'node_modules',
      '.local',
      'test-results',
      'playwright-report',
      'supabase/functions/_common/database.ts',
    ],
  },
  {
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    files: ['**/*.{ts,tsx}'],
    languageOptions: { ecmaVersion: 2022, globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks, 'react-refresh': reactRefresh },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-refresh/only-export-components': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Architecture boundaries (docs/architecture.md): app -> features -> components/lib, one way;
    // the site and the edge functions meet only in supabase/functions/_common ('@common/…').
    files: ['src/**/*.{ts,tsx}', 'supabase/functions/**/*.ts', 'tests/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // The plugin parses the imported files itself (for no-cycle): tell it they are TypeScript.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...boundaryZones(), ...sharedCodeZones()] }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'tests/**/*.{ts,tsx}', 'scripts/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/supabase/functions/**'],
              message: "Import the shared code by its name, '@common/…', not by a relative path.",
            },
          ],
        },
      ],
    },
  },
  {
    // Loaded by the browser, by Node (tests, prerender) and by Deno alike: nothing from one runtime.
    files: ['supabase/functions/_common/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!\\./)',
              message:
                'supabase/functions/_common imports only its own modules (./…): no npm:, node: or packages, which one of the runtimes cannot load.',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...['Deno', 'window', 'document', 'navigator', 'localStorage', 'sessionStorage'].map((name) => ({
          name,
          message: 'supabase/functions/_common runs in the browser, in Node and in Deno: no runtime globals.',
        })),
      ],
    },
  },
);

/**
 * The code the site and the edge functions share lives in supabase/functions/_common, imported as
 * '@common/…' by both. It loads on both runtimes, so it imports neither side; the site reaches the
 * functions' code only there (relative reach-ins across the two trees would also break the
 * Supabase CLI's bundling, which uploads supabase/functions alone).
 */
function sharedCodeZones() {
  const common = './supabase/functions/_common';
  return [
    {
      target: common,
      from: ['./src', './supabase/functions', './tests', './tools', './scripts'],
      except: ['./_common'],
      message: 'supabase/functions/_common loads on both sides: it imports only its own modules.',
    },
    {
      target: ['./src', './tests/unit'],
      from: './supabase/functions',
      except: ['./_common'],
      message:
        "The site reaches the edge functions' code only through '@common/…' (supabase/functions/_common).",
    },
    {
      target: './supabase/functions',
      from: ['./src', './tests', './tools', './scripts'],
      message: 'Edge functions are deployed alone: they never import from outside supabase/functions.',
    },
  ];
}

/**
 * One zone per rule of docs/architecture.md. The feature list is read from the folder, so a new
 * feature is fenced in the moment it exists.
 */
function boundaryZones() {
  const features = readdirSync('src/features', { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const ownFeatureOnly = features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: 'Features never import each other: move what both need to src/lib or src/components.',
  }));
  const featuresBelowApp = {
    target: './src/features',
    from: ['./src/app', './src/main.tsx', './src/entry-server.tsx'],
    message: 'Features never import the app: the app composes features, not the other way round.',
  };
  const sharedCode = ['./src/components', './src/lib'].map((target) => ({
    target,
    from: ['./src/features', './src/app'],
    message: 'Shared code (components, lib) never imports features or the app.',
  }));
  const publicCode = [
    './src/app/routes/*.tsx',
    './src/app/*.{ts,tsx}',
    './src/main.tsx',
    './src/entry-server.tsx',
  ].map((target) => ({
    target,
    from: ['./src/features/admin-*/**', './src/app/routes/admin/**'],
    message: 'Public code never imports admin code (it would ship with the public pages).',
  }));
  return [...ownFeatureOnly, featuresBelowApp, ...sharedCode, ...publicCode];
}
