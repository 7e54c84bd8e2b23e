import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// ---------------------------------------------------------------------------------------------
// LAYERS: which room may import which.
//
// A room is a folder of src (or, for 'src/main', the files directly in src/main). Each room maps
// to the rooms it may import; it may always import itself. Two entries name packages rather than
// rooms: 'electron' (the electron module) and 'node' (node:* and the bare Node built-ins).
// Every room not listed is forbidden, through `no-restricted-imports` blocks generated below.
//
// To change the table: edit the list of the importing room (keep it sorted, say why in a comment
// if the edge is surprising), run `npx eslint .`. A new folder under src needs a row of its own
// and a place in the lists of the rooms that use it; a file in a folder with no row is not checked.
// ---------------------------------------------------------------------------------------------
const LAYERS = {
  // Pure code shared by every process: nothing of ours below it, no Node, no Electron, no DOM.
  'src/shared': [],
  // The UI talks to the core only through the bridge (window.lantern).
  'src/renderer': ['src/shared'],
  'src/preload': ['electron', 'src/shared'],
  'src/main/text': ['node', 'src/shared'],
  // 'src/main/search' here is a type-only import (store/result-cache.ts -> search/result-cache),
  // the wrong way round: search imports the store. Kept until ResultCache moves below both.
  'src/main/store': ['node', 'src/main/search', 'src/shared'],
  // The browser layer loads pages for search and fetch alike; it knows nothing of either.
  'src/main/browser': ['node', 'src/main', 'src/shared'],
  'src/main/fetch': ['node', 'src/main', 'src/main/text', 'src/shared'],
  'src/main/history': ['node', 'src/main', 'src/main/store', 'src/shared'],
  'src/main/search': [
    'node',
    'src/main',
    'src/main/browser',
    'src/main/history',
    'src/main/store',
    'src/main/text',
    'src/shared',
  ],
  'src/main/captcha': ['node', 'src/main', 'src/main/search', 'src/shared'],
  // Local models: the servers found on loopback, the built-in runtime (an answer composer on the
  // answer room's prompt), the catalog's downloads.
  'src/main/models': ['node', 'src/main', 'src/main/answer', 'src/shared'],
  // 'src/main/research' here is research/values.ts alone: the citation check reads a claim's
  // figures as the disagreement finder does (units converted, bounds, currencies).
  'src/main/answer': [
    'node',
    'src/main',
    'src/main/fetch',
    'src/main/research',
    'src/main/search',
    'src/main/store',
    'src/main/text',
    'src/shared',
  ],
  // The person's own documents: read by the fetch room's extractors, indexed in the store.
  'src/main/library': ['node', 'src/main', 'src/main/fetch', 'src/main/store', 'src/shared'],
  'src/main/research': [
    'node',
    'src/main',
    'src/main/answer',
    'src/main/fetch',
    'src/main/search',
    'src/main/store',
    'src/shared',
  ],
  // api and mcp import each other: the API server mounts MCP, MCP uses the API's body, token,
  // discovery and error helpers.
  'src/main/mcp': ['node', 'src/main', 'src/main/api', 'src/main/text', 'src/shared'],
  'src/main/api': ['node', 'src/main', 'src/main/mcp', 'src/shared'],
  'src/main/cli': ['node', 'src/main', 'src/main/api', 'src/main/browser', 'src/main/mcp', 'src/shared'],
  'src/main/electron': ['electron', 'node', 'src/main', 'src/main/browser', 'src/shared'],
  // The files directly in src/main: helpers used by the rooms (validation, sessions, retry-after,
  // secrets, paths, settings) and the composition roots that wire the rooms (node-runtime,
  // service, cli.ts).
  'src/main': [
    'node',
    'src/main/answer',
    'src/main/browser',
    'src/main/captcha',
    'src/main/cli',
    'src/main/fetch',
    'src/main/history',
    'src/main/library',
    'src/main/models',
    'src/main/research',
    'src/main/search',
    'src/main/store',
    'src/shared',
  ],
  // The Electron entry point.
  'src/main/index.ts': [
    'electron',
    'node',
    'src/main',
    'src/main/api',
    'src/main/electron',
    'src/main/models',
    'src/main/search',
    'src/shared',
  ],
};

const nodeBuiltins = [
  'node:*',
  'fs',
  'fs/*',
  'path',
  'os',
  'child_process',
  'http',
  'https',
  'net',
  'crypto',
  'url',
  'stream',
  'util',
];
const electronMessage =
  'Only src/main/electron/**, src/main/index.ts and src/preload may import electron (LAYERS in eslint.config.js).';
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
// The files directly in src/main other than index.ts, which is a room of its own.
const mainRootFiles = readdirSync(new URL('./src/main', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isFile() && /\.ts$/.test(entry.name) && entry.name !== 'index.ts')
  .map((entry) => entry.name.replace(/\.ts$/, ''));

/** The files of a room, as flat-config `files` / `ignores`. */
function roomFiles(room) {
  if (room === 'src/main') return { files: ['src/main/*.ts'], ignores: ['src/main/index.ts'] };
  if (room.endsWith('.ts')) return { files: [room] };
  return { files: [`${room}/**`] };
}

/**
 * A regex matching the import specifiers by which a file of room `from` reaches room `to`.
 * Imports are relative: '../search/x' from a sibling room under src/main, './search/x' from the
 * files directly in src/main, '../../main/search/x' from outside src/main, '../../shared/x' into
 * src/shared. Any number of '../' is accepted, so the depth of the importing file does not matter.
 */
function reachRegex(from, to) {
  const fromMain = from === 'src/main' || from === 'src/main/index.ts';
  const inMain = fromMain || from.startsWith('src/main/');
  const up = fromMain ? '\\./' : '(\\.\\./)+';
  if (to === 'src/main' || to === 'src/main/index.ts') {
    const names = to === 'src/main' ? mainRootFiles : ['index'];
    return `^${up}${inMain ? '' : 'main/'}(${names.map(escape).join('|')})(\\.[jt]s)?$`;
  }
  if (to.startsWith('src/main/')) return `^${up}${inMain ? '' : 'main/'}${escape(to.slice('src/main/'.length))}(/|$)`;
  return `^(\\./|(\\.\\./)+)${escape(to.slice('src/'.length))}(/|$)`;
}

const rooms = Object.keys(LAYERS);
const layerBlocks = rooms.map((room) => {
  const allowed = new Set([room, ...LAYERS[room]]);
  const patterns = rooms
    .filter((other) => !allowed.has(other))
    .map((other) => ({
      regex: reachRegex(room, other),
      message: `${room} may not import ${other} (LAYERS in eslint.config.js).`,
    }));
  if (!allowed.has('node')) {
    patterns.push({
      group: nodeBuiltins,
      message: `${room} may not import Node built-ins (LAYERS in eslint.config.js).`,
    });
  }
  const paths = allowed.has('electron') ? [] : [{ name: 'electron', message: electronMessage }];
  return { ...roomFiles(room), rules: { 'no-restricted-imports': ['error', { paths, patterns }] } };
});

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'coverage/**', '.stryker-tmp/**', 'reports/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Outside src (tests, bench, scripts): electron still only where LAYERS allows it.
      'no-restricted-imports': ['error', { paths: [{ name: 'electron', message: electronMessage }] }],
    },
  },
  ...layerBlocks,
  {
    // src/shared is pure: no DOM or Node globals either.
    files: ['src/shared/**'],
    languageOptions: { globals: {} },
    rules: { 'no-restricted-globals': ['error', 'window', 'document', 'navigator', 'process', 'Buffer', 'require'] },
  },
  {
    files: ['src/renderer/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // ECMAScript's \b is a boundary of ASCII word characters only, even with the u flag: a word
    // that begins or ends with é, ł or ü never matches. The rooms that read people's words write
    // such rules with unicodeWordRegExp (src/main/text/word-boundary.ts). A pattern over ASCII
    // tokens only (class names, MIME types) says so in an eslint-disable comment.
    files: [
      'src/main/answer/**',
      'src/main/fetch/extract/**',
      'src/main/research/**',
      'src/main/library/**',
      'src/main/text/**',
    ],
    ignores: ['src/main/text/word-boundary.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Literal[regex.pattern=/\\\\b/]',
          message:
            'A \\b in a regex over words is ASCII-only: write it with unicodeWordRegExp (src/main/text/word-boundary.ts).',
        },
      ],
    },
  },
  {
    // Type-aware rules, on the TypeScript of src and tests only (each file's own tsconfig, found
    // by the project service through tsconfig.json's references).
    files: ['src/**/*.ts', 'src/**/*.tsx', 'tests/**/*.ts', 'tests/**/*.tsx'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
);
