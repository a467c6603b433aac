// Vitest for the pages' modules: `npm test` (vitest run), run by the Maven build in the test phase
// (docs/testing.md). Tests are test/**/*.test.js; they run in Node, and a test of a Preact hook
// asks for jsdom in its first line (@vitest-environment jsdom).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  esbuild: { jsx: 'automatic', jsxImportSource: 'preact' },
  test: {
    include: ['test/**/*.test.js'],
    environment: 'node'
  }
});
