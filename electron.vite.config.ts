import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { formatSizeReport, INITIAL_JS_BUDGET_GZIP, initialGzipBytes, rendererChunks } from './scripts/renderer-size';

/** The package a bundled module comes from (`@scope/name` or `name`), or `src` for Lantern's own code. */
function packageOf(moduleId: string): string {
  const inside = moduleId.split('node_modules/').at(-1) ?? moduleId;
  if (inside === moduleId) return 'src';
  const [first = '', second = ''] = inside.split('/');
  return first.startsWith('@') ? `${first}/${second}` : first;
}

/**
 * Prints the renderer's chunks once they are written: the initial JS (what the page loads before
 * its first screen) against its budget, each chunk raw and gzip, and the packages the initial JS
 * holds — where to look when it grows. tests/integration/renderer-size.test.ts enforces the budget.
 */
function rendererSizeReport(): Plugin {
  let outDir = '';
  let logger: { info(message: string): void; warn(message: string): void } = console;
  const modulesOf = new Map<string, Record<string, { renderedLength: number }>>();
  return {
    name: 'lantern:renderer-size',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      logger = config.logger;
    },
    generateBundle(_, bundle) {
      for (const output of Object.values(bundle))
        if (output.type === 'chunk') modulesOf.set(output.fileName, output.modules);
    },
    closeBundle() {
      const chunks = rendererChunks(outDir);
      const byPackage = new Map<string, number>();
      for (const chunk of chunks.filter((c) => c.initial)) {
        for (const [id, { renderedLength }] of Object.entries(modulesOf.get(chunk.file) ?? {})) {
          byPackage.set(packageOf(id), (byPackage.get(packageOf(id)) ?? 0) + renderedLength);
        }
      }
      const total = [...byPackage.values()].reduce((sum, length) => sum + length, 0);
      const shares = [...byPackage]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 8)
        .map(([name, length]) => `${name} ${Math.round((100 * length) / total)} %`);
      const report = `${formatSizeReport(chunks)}\n  the initial JS holds (before minifying): ${shares.join(', ')}`;
      if (initialGzipBytes(chunks) > INITIAL_JS_BUDGET_GZIP) logger.warn(report);
      else logger.info(report);
    },
  };
}

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      // The built-in model runtime's worker starts from a file of its own (out/main/model-worker.js);
      // node-llama-cpp stays external, as every dependency of the main process does by default.
      rollupOptions: {
        input: {
          index: resolve('src/main/index.ts'),
          'model-worker': resolve('src/main/models/local-runtime-worker.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      rollupOptions: {
        input: { index: resolve('src/preload/index.ts') },
        // One CommonJS file: sandboxed preloads cannot load ES modules or other files.
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: 'src/renderer',
    build: {
      outDir: 'out/renderer',
      // electron-vite leaves the renderer unminified; every window parses all of it at start.
      minify: true,
      // Maps beside the chunks for reading a stack trace, not linked from the shipped JS: the
      // installers leave *.map out (electron-builder.yml), so a link would point at nothing.
      sourcemap: 'hidden',
      rollupOptions: { input: { index: resolve('src/renderer/index.html') } },
    },
    plugins: [
      react(),
      rendererSizeReport(),
      // electron-vite builds the renderer with relative asset paths ('./'), but the page is also
      // served at a thread's address (/t/<id>), under which those would point to /t/assets/: the
      // assets are named from the root instead (app://lantern/ and web mode both serve them there).
      { name: 'lantern:assets-from-root', config: () => ({ base: '/' }) },
    ],
  },
});
