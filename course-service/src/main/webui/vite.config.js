// Builds the learner pages served by course-service under /play (see docs/course-player-pages.md).
// Two HTML entries, one chunk each plus a shared chunk; no inline scripts (the CSP is script-src 'self').
import { defineConfig } from 'vite';

export default defineConfig({
  base: '/play/',
  esbuild: { jsx: 'automatic', jsxImportSource: 'preact' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2020',
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    rollupOptions: {
      input: { course: 'course.html', screen: 'screen.html' }
    }
  }
});
