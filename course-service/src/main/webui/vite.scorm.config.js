// Builds the SCO runtime that SCORM packages carry (docs/scorm-runtime.md): scorm/index.html (the
// static SCO: the course player tracking to the LMS) and scorm/launcher.html (the dynamic SCO's
// launcher), with relative URLs (base './') so a package works from any LMS path. Writes
// static.txt and dynamic.txt: every file each entry needs, one relative path a line (the exporter
// copies them into the package, and adds course-data.js or launch-config.js, which the HTML loads
// with a classic script before its module).
import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';

const ENTRIES = { 'index.html': 'static.txt', 'launcher.html': 'dynamic.txt' };

function fileLists() {
  return {
    name: 'scorm-file-lists',
    enforce: 'post',
    generateBundle(_, bundle) {
      const chunks = Object.values(bundle).filter((f) => f.type === 'chunk');
      for (const [html, list] of Object.entries(ENTRIES)) {
        const entry = chunks.find((c) => c.isEntry && c.facadeModuleId && c.facadeModuleId.endsWith(`/scorm/${html}`));
        if (!entry || !bundle[html]) this.error(`the SCO runtime build did not produce ${html}`);
        const files = new Set([html]);
        const visit = (chunk) => {
          if (!chunk || files.has(chunk.fileName)) return;
          files.add(chunk.fileName);
          for (const css of chunk.viteMetadata ? chunk.viteMetadata.importedCss : []) files.add(css);
          for (const asset of chunk.viteMetadata ? chunk.viteMetadata.importedAssets : []) files.add(asset);
          for (const name of [...chunk.imports, ...chunk.dynamicImports]) visit(bundle[name]);
        };
        visit(entry);
        this.emitFile({ type: 'asset', fileName: list, source: `${[...files].sort().join('\n')}\n` });
      }
    }
  };
}

const at = (p) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  root: at('./scorm'),
  base: './',
  esbuild: { jsx: 'automatic', jsxImportSource: 'preact' },
  plugins: [fileLists()],
  build: {
    outDir: at('./dist-scorm'),
    emptyOutDir: true,
    target: 'es2020',
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    rollupOptions: {
      input: { index: at('./scorm/index.html'), launcher: at('./scorm/launcher.html') }
    }
  }
});
