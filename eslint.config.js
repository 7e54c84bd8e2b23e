import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// ---------------------------------------------------------------------------------------------
// LAYERS: which room may import which.
//
// A room is a folder of src, of src/main or of src/main/doors; the two entry files directly in
// src/main (index.ts, the desktop app; cli.ts, the command line) are rooms of their own, and no
// other file may sit there. Each room maps to the rooms it may import; it may always import
// itself. Two entries name packages rather than rooms: 'electron' (the electron module) and
// 'node' (node:* and the bare Node built-ins). Every room not listed is forbidden, through
// `no-restricted-imports` blocks generated below.
//
// To change the table: edit the list of the importing room (keep it sorted, say why in a comment
// if the edge is surprising), run `npm run check`. A new folder needs a row of its own and a place
// in the lists of the rooms that use it; a folder with no row makes this config throw.
// ---------------------------------------------------------------------------------------------
const LAYERS = {
  // Pure code shared by every process: nothing of ours below it, no Node, no Electron, no DOM.
  'src/shared': [],
  // The UI talks to the core only through the bridge (window.lantern).
  'src/renderer': ['src/shared'],
  'src/preload': ['electron', 'src/shared'],
  // What every room of the core may use: input validation, sessions, the run registry, who is
  // calling, the PDF printer's port, Retry-After.
  'src/main/common': ['src/shared'],
  // Words of every language: lexicons, word boundaries, token budgets.
  'src/main/text': ['node', 'src/shared'],
  // settings.json, the secrets file, the API token and who may use it.
  'src/main/settings': ['node', 'src/main/common', 'src/shared'],
  // 'src/main/search' here is a type-only import (store/result-cache.ts -> search/result-cache),
  // the wrong way round: search imports the store. Kept until ResultCache moves below both.
  'src/main/store': ['node', 'src/main/search', 'src/shared'],
  // The browser layer loads pages for search and fetch alike; it knows nothing of either.
  'src/main/browser': ['node', 'src/main/common', 'src/shared'],
  // Main content out of a page's HTML: pure functions over the text, no I/O.
  'src/main/extract': ['src/main/text', 'src/shared'],
  'src/main/fetch': ['node', 'src/main/common', 'src/main/extract', 'src/main/text', 'src/shared'],
  'src/main/history': ['src/main/common', 'src/main/store', 'src/shared'],
  'src/main/search': [
    'node',
    'src/main/browser',
    'src/main/common',
    'src/main/history',
    'src/main/store',
    'src/main/text',
    'src/shared',
  ],
  'src/main/captcha': ['src/main/common', 'src/main/search', 'src/shared'],
  // The model client every use of a model goes through: the ChatModel port, the
  // OpenAI-compatible endpoint, the model settings (llm-config) and their key.
  'src/main/llm': ['src/main/settings', 'src/shared'],
  // Local models: the servers found on loopback, the built-in runtime (an answer composer on the
  // answer room's prompt), the catalog's downloads.
  'src/main/models': ['node', 'src/main/answer', 'src/main/common', 'src/main/llm', 'src/shared'],
  // 'src/main/deep-research' here is deep-research/values.ts alone: the citation check reads a
  // claim's figures as the disagreement finder does (units converted, bounds, currencies).
  'src/main/answer': [
    'node',
    'src/main/common',
    'src/main/deep-research',
    'src/main/fetch',
    'src/main/llm',
    'src/main/search',
    'src/main/store',
    'src/main/text',
    'src/shared',
  ],
  // The person's own documents: read by the extractors, indexed in the store.
  'src/main/library': ['node', 'src/main/common', 'src/main/extract', 'src/main/fetch', 'src/main/store', 'src/shared'],
  'src/main/deep-research': [
    'src/main/answer',
    'src/main/common',
    'src/main/fetch',
    'src/main/llm',
    'src/main/search',
    'src/main/store',
    'src/shared',
  ],
  // The composition both runtimes share (the Node runtime, the whole ResearchApi, the data dir).
  'src/main/app': [
    'node',
    'src/main/answer',
    'src/main/browser',
    'src/main/captcha',
    'src/main/common',
    'src/main/deep-research',
    'src/main/fetch',
    'src/main/history',
    'src/main/library',
    'src/main/llm',
    'src/main/models',
    'src/main/search',
    'src/main/settings',
    'src/main/store',
    'src/shared',
  ],
  // The doors adapt the ResearchApi of src/main/app; they hold no policy of their own. http and
  // mcp import each other: the API server mounts MCP, MCP uses the API's body, token, discovery
  // and error helpers. The relay (an MCP door that fails over between servers) uses both.
  'src/main/doors/mcp': ['node', 'src/main/common', 'src/main/doors/http', 'src/main/text', 'src/shared'],
  'src/main/doors/http': [
    'node',
    'src/main/app',
    'src/main/common',
    'src/main/doors/mcp',
    'src/main/settings',
    'src/shared',
  ],
  'src/main/doors/mcp-relay': ['src/main/doors/http', 'src/main/doors/mcp', 'src/main/settings', 'src/shared'],
  'src/main/doors/cli': [
    'node',
    'src/main/app',
    'src/main/browser',
    'src/main/doors/http',
    'src/main/doors/mcp',
    'src/main/doors/mcp-relay',
    'src/main/settings',
    'src/shared',
  ],
  // 'src/main/models' here is types alone: the runtime's host and protocol, for the utility process.
  'src/main/doors/electron': [
    'electron',
    'node',
    'src/main/browser',
    'src/main/common',
    'src/main/models',
    'src/shared',
  ],
  // The entry points: the command line, and the desktop app.
  'src/main/cli.ts': ['src/main/doors/cli', 'src/main/models'],
  'src/main/index.ts': [
    'electron',
    'node',
    'src/main/app',
    'src/main/doors/electron',
    'src/main/doors/http',
    'src/main/models',
    'src/main/search',
    'src/main/settings',
    'src/shared',
  ],
};

// Node's built-ins as whole specifiers (a regex, not gitignore-style groups: those match any
// segment, so '../http/x' would count as Node's http).
const nodeBuiltins = `^(node:.*|fs(/.*)?|${['path', 'os', 'child_process', 'http', 'https', 'net', 'crypto', 'url', 'stream', 'util'].join('|')})$`;
const electronMessage =
  'Only src/main/doors/electron/**, src/main/index.ts and src/preload may import electron (LAYERS in eslint.config.js).';
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const ENTRY_FILES = ['src/main/index.ts', 'src/main/cli.ts'];

// Every folder under src/main (and src/main/doors) has a row, and only the entry files sit
// directly in src/main: a new file or folder is placed in the table, not left unchecked.
const listed = (folder) => readdirSync(new URL(`./${folder}`, import.meta.url), { withFileTypes: true });
for (const folder of ['src/main', 'src/main/doors']) {
  for (const entry of listed(folder)) {
    const path = `${folder}/${entry.name}`;
    if (path === 'src/main/doors') continue;
    if (entry.isFile() && !ENTRY_FILES.includes(path))
      throw new Error(
        `${path}: only ${ENTRY_FILES.join(' and ')} sit directly in src/main; put it in a room (LAYERS in eslint.config.js).`,
      );
    if (entry.isDirectory() && !(path in LAYERS))
      throw new Error(`${path} has no row in LAYERS (eslint.config.js): say which rooms it may import.`);
  }
}

/** The files of a room, as flat-config `files`. */
function roomFiles(room) {
  return { files: room.endsWith('.ts') ? [room] : [`${room}/**`] };
}

/**
 * A regex matching the import specifiers by which a file of room `from` reaches room `to`.
 * Imports are relative: '../search/x' from a room under src/main, '../../search/x' from a door,
 * '../http/x' from a door to another, './doors/cli/x' from an entry file, '../../main/search/x'
 * from outside src/main, '../../shared/x' into src/shared. Any number of '../' is accepted, so
 * the depth of the importing file does not matter.
 */
function reachRegex(from, to) {
  const fromEntry = ENTRY_FILES.includes(from);
  const inMain = from.startsWith('src/main/');
  const up = fromEntry ? '\\./' : '(\\.\\./)+';
  if (ENTRY_FILES.includes(to)) {
    const name = to.slice('src/main/'.length, -'.ts'.length);
    return `^${up}${inMain ? '' : 'main/'}${escape(name)}(\\.[jt]s)?$`;
  }
  if (to.startsWith('src/main/')) {
    let name = escape(to.slice('src/main/'.length));
    if (from.startsWith('src/main/doors/') && to.startsWith('src/main/doors/'))
      name = name.replace(/^doors\//, '(doors/)?');
    return `^${up}${inMain ? '' : 'main/'}${name}(/|$)`;
  }
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
      regex: nodeBuiltins,
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
      'src/main/extract/**',
      'src/main/deep-research/**',
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
