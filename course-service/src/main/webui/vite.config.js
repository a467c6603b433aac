// Builds the pages served by course-service under /play (see docs/course-player-pages.md and
// docs/course-builder.md): the learner pages and the authoring pages. One chunk per HTML entry
// plus shared chunks; no inline scripts (the CSP is script-src 'self').
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
      input: {
        course: 'course.html',
        screen: 'screen.html',
        builder: 'builder.html',
        screenEditor: 'screen-editor.html',
        share: 'share.html',
        lms: 'lms.html'
      }
    }
  }
});
