// ESLint (flat config): typescript-eslint's recommended rules everywhere, React's hook rules in the
// two front ends; formatting is Prettier's job (eslint-config-prettier turns the style rules off).
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-server/**',
      '.tsbuild/**',
      'data/**',
      'coverage/**',
      '.ci/tmp/**',
      '**/*.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    // a projection is typed by the events it handles (projections/src/projection.ts), never by casting their data
    files: ['projections/src/**/*.ts'],
    ignores: ['projections/src/**/*.spec.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "TSAsExpression > TSTypeReference[typeName.name='EventData']",
          message: 'Type a projection by the events it handles instead of casting their data.',
        },
        {
          selector: "TSAsExpression[expression.type='MemberExpression'][expression.property.name='data']",
          message: 'Type a projection by the events it handles instead of casting their data.',
        },
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}', 'cabinet/src/**/*.{ts,tsx}', 'client/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // the cabinet reads and writes through react-admin's data provider (dataProvider.ts, on the shared
    // client's fetch wrapper) or the shared client's own calls (@estate/client): never a call of its own
    files: ['cabinet/src/**/*.{ts,tsx}'],
    ignores: ['cabinet/src/dataProvider.ts', 'cabinet/src/api.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['./api', '../api', '**/api'],
              message: 'Call the API through the data provider (dataProvider.ts) or @estate/client.',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        {
          name: 'fetch',
          message: 'Call the API through the data provider (dataProvider.ts) or @estate/client.',
        },
        { name: 'XMLHttpRequest', message: 'Call the API through the data provider (dataProvider.ts).' },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'window', property: 'fetch', message: 'Call the API through the data provider.' },
      ],
    },
  },
  {
    files: ['**/*.spec.ts', 'test/**/*.ts', 'services/test/**/*.ts'],
    languageOptions: { globals: { ...globals.jest } },
  },
  prettier,
);
