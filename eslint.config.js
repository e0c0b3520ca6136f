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
    files: ['**/*.spec.ts', 'test/**/*.ts', 'services/test/**/*.ts'],
    languageOptions: { globals: { ...globals.jest } },
  },
  prettier,
);
