// ESLint (flat config) for the pages and their tests: `npm run lint`, run by the Maven build in the
// test phase (docs/testing.md). A small rule set that catches mistakes, not style: ESLint's
// recommended rules (undefined names, unused variables and imports, unreachable code...), `===`
// except for the `== null` idiom, and no console output but warnings and errors.
import js from '@eslint/js';
import globals from 'globals';

export default [
  { ignores: ['dist/', 'dist-scorm/', 'node_modules/'] },
  js.configs.recommended,
  {
    files: ['**/*.{js,jsx}'],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: 'module',
      parserOptions: { ecmaFeatures: { jsx: true } },
      globals: { ...globals.browser }
    },
    rules: {
      eqeqeq: ['error', 'smart'],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      'no-unused-vars': ['error', { args: 'after-used', caughtErrors: 'none', ignoreRestSiblings: true }],
      'no-var': 'error',
      'prefer-const': ['error', { destructuring: 'all' }]
    }
  },
  {
    // The build and test configuration and the tests run in Node.
    files: ['*.config.js', 'test/**/*.js'],
    languageOptions: { globals: { ...globals.node } }
  }
];
