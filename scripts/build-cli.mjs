// Bundles the headless CLI into dist/cli.js (+ dist/chunks/ for code loaded on demand).
//
// Pure-JavaScript dependencies (commander, zod, cheerio, tldts, …) are bundled in: Node's module
// loader resolves, reads and links each of their hundreds of small files one by one, which cost
// ~180 ms of every command's start-up (measured: `lantern --version` 0.50 s → 0.32 s). Packages
// that must stay installed are left external:
// - better-sqlite3: a native addon;
// - playwright-core: loads its own files (drivers, scripts injected into pages) at run time;
// - pdfjs-dist: starts its worker from its own files;
// - undici: only on the fetch path, and it carries its own lazily loaded parts;
// - node-llama-cpp: a native addon that finds its prebuilt binary package (@node-llama-cpp/<platform>) at run time.
// The built-in model runtime's worker is an entry of its own (dist/model-worker.js): a worker
// thread starts from a file.
import { build } from 'esbuild';
import { readFileSync, rmSync } from 'node:fs';

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const EXTERNAL = ['better-sqlite3', 'playwright-core', 'pdfjs-dist', 'undici', 'node-llama-cpp'];

// Chunk names carry content hashes: clear the old ones so dist/ holds one build.
rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });

await build({
  entryPoints: { cli: 'src/main/cli.ts', 'model-worker': 'src/main/models/local-runtime-worker.ts' },
  outdir: 'dist',
  bundle: true,
  // Separate chunks for dynamic imports, so the browser and fetch code load only when used.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  platform: 'node',
  target: 'node20',
  format: 'esm',
  external: EXTERNAL.flatMap((name) => [name, `${name}/*`]),
  // Bundled CommonJS packages call require() (for node: built-ins); an ES module has none.
  banner: {
    js: "import { createRequire as createRequireForBundle } from 'node:module';\nconst require = createRequireForBundle(import.meta.url);",
  },
  sourcemap: true,
  define: { LANTERN_VERSION: JSON.stringify(version) },
  logLevel: 'warning',
});
