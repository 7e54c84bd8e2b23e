import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const nodeBuiltins = ['node:*', 'fs', 'fs/*', 'path', 'os', 'child_process', 'http', 'https', 'net', 'crypto', 'url', 'stream', 'util'];

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'coverage/**', '.stryker-tmp/**', 'reports/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Only the Electron shell may import electron (src/main/electron/**, src/main/index.ts, src/preload/**).
      'no-restricted-imports': ['error', { paths: [{ name: 'electron', message: 'Only src/main/electron/**, src/main/index.ts and src/preload may import electron.' }] }],
    },
  },
  {
    files: ['src/main/electron/**', 'src/main/index.ts', 'src/preload/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // The browser layer loads pages for search and fetch alike; it knows nothing of either.
    files: ['src/main/browser/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'Only src/main/electron/**, src/main/index.ts and src/preload may import electron.' }],
          patterns: [{ group: ['**/search/**', '**/fetch/**'], message: 'src/main/browser must not import search or fetch.' }],
        },
      ],
    },
  },
  {
    // Pure code shared by every process: no Node, no DOM, no Electron.
    files: ['src/shared/**'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'src/shared is pure: no electron.' }],
          patterns: [{ group: nodeBuiltins, message: 'src/shared is pure: no node:* modules.' }],
        },
      ],
      'no-restricted-globals': ['error', 'window', 'document', 'navigator', 'process', 'Buffer', 'require'],
    },
  },
  {
    // The UI talks to the core only through the bridge: no main-process code, no Node.
    files: ['src/renderer/**'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'The renderer reaches the main process through window.lantern only.' }],
          patterns: [
            { group: ['**/main/**'], message: 'The renderer may import src/shared only.' },
            { group: nodeBuiltins, message: 'The renderer runs in a sandboxed page: no node:* modules.' },
          ],
        },
      ],
    },
  },
);
