import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const dirs = (path) =>
  readdirSync(path, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
const features = dirs('src/web/features');
const modules = dirs('src/server/modules');
const others = (list, own) => list.filter((name) => name !== own);

/**
 * Boundaries (docs/ARCHITECTURE.md): a web feature imports no other feature, and the shared
 * components and lib import none; a server module uses another module through its service,
 * never its repository, and only its tables and repository touch another module's tables
 * (foreign keys, joins).
 */
const boundaries = [
  ...features.map((feature) => ({
    target: `./src/web/features/${feature}`,
    from: './src/web/features',
    except: [`./${feature}`],
    message: 'A feature does not import another feature: move what both need to src/web/lib or src/web/components.',
  })),
  { target: ['./src/web/components', './src/web/lib'], from: './src/web/features', message: 'Shared components and lib do not import features.' },
  ...modules.map((module) => ({
    target: `./src/server/modules/${module}`,
    from: others(modules, module).map((other) => `./src/server/modules/${other}/repository.ts`),
    message: 'A module uses another module through its service, never its repository.',
  })),
  ...modules.map((module) => ({
    target: `./src/server/modules/${module}/!(tables|repository).ts`,
    from: others(modules, module).map((other) => `./src/server/modules/${other}/tables.ts`),
    message: "Only a module's tables and repository reference another module's tables.",
  })),
];

export default tseslint.config(
  { ignores: ['dist', 'data', 'node_modules', 'drizzle', 'test-results', 'playwright-report', '.scratch'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/server/**'], message: 'The web app reaches the server only through src/web/lib/api-client.ts.' }] },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/web/**'], message: 'The server never imports the web app.' }] }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    // The extensions and parser let no-cycle follow TypeScript imports (by default it reads .js files only).
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaries }],
      // A cycle through a dynamic import is how a module loads lazily (lib/load-auth.ts → auth-client.ts), not a tangle.
      'import-x/no-cycle': ['error', { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: true }],
    },
  },
  {
    files: ['src/server/cli/**/*.ts', 'scripts/**/*.ts', 'bench/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
);
