import js from '@eslint/js'
import globals from 'globals'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

// The layers of docs/architecture.md §7: shared is the contract, web and server never import each other.
const boundary = (forbidden, message) => ({
  'no-restricted-imports': ['error', { patterns: [{ group: forbidden, message }] }],
})

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', '.tmp', 'playwright-report', 'test-results', 'drizzle'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/shared/**'],
    rules: boundary(
      ['**/server/**', '**/web/**', 'react', 'react-*', 'fastify', 'drizzle-orm*'],
      'src/shared imports zod only.',
    ),
  },
  {
    files: ['src/web/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...boundary(
        ['**/server/**', 'fastify', 'pg', 'drizzle-orm*', '@electric-sql/*'],
        'The web app never imports the server.',
      ),
    },
  },
  {
    files: ['src/server/**'],
    rules: {
      ...boundary(
        ['**/web/**', 'react', 'react-dom', 'react-router'],
        'The server never imports the web app.',
      ),
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration from src/server/env.ts only.' },
      ],
    },
  },
  {
    files: ['src/server/env.ts', 'src/server/**/*.test.ts', 'src/server/test/**'],
    rules: { 'no-restricted-properties': 'off' },
  },
)
