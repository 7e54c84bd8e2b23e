// Bundles the headless CLI into dist/cli.js. Dependencies stay external (installed packages), so
// the bundle is only our own code.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

await build({
  entryPoints: { cli: 'src/main/cli.ts' },
  outdir: 'dist',
  bundle: true,
  // Separate chunks for dynamic imports, so the browser code loads only when a page is loaded.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  define: { LANTERN_VERSION: JSON.stringify(version) },
  logLevel: 'warning',
});
