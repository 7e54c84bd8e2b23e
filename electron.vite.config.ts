import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import { resolve } from 'node:path';

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      rollupOptions: { input: { index: resolve('src/main/index.ts') } },
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
      rollupOptions: { input: { index: resolve('src/renderer/index.html') } },
    },
    plugins: [
      react(),
      // electron-vite builds the renderer with relative asset paths ('./'), but the page is also
      // served at a thread's address (/t/<id>), under which those would point to /t/assets/: the
      // assets are named from the root instead (app://lantern/ and web mode both serve them there).
      { name: 'lantern:assets-from-root', config: () => ({ base: '/' }) },
    ],
  },
});
