/**
 * The renderer's first screen loads at most INITIAL_JS_BUDGET_GZIP of JavaScript: the page's
 * module script and what it imports statically, read from the build in out/renderer (`npm test`
 * builds first; alone, run `npm run build:app` first). The settings, the reader and the Markdown
 * stack load when first shown. Figures by chunk: docs/lab/benchmarks-history.md, "Renderer bundle".
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { INITIAL_JS_BUDGET_GZIP, initialGzipBytes, initialJsFiles, rendererChunks } from '../../scripts/renderer-size';
import { assertBuiltFromCurrentSources } from '../support/built-output';
import { PROJECT_ROOT } from '../support/run-cli';

const RENDERER_DIR = join(PROJECT_ROOT, 'out/renderer');
// Under CI=true the build is always there (npm test builds first), so a missing one fails below.
const built = process.env.CI === 'true' || existsSync(join(RENDERER_DIR, 'index.html'));

function builtChunks(): ReturnType<typeof rendererChunks> {
  assertBuiltFromCurrentSources(
    PROJECT_ROOT,
    'out/renderer/index.html',
    ['src/renderer', 'src/shared', 'electron.vite.config.ts'],
    'npm run build:app',
  );
  return rendererChunks(RENDERER_DIR);
}

describe.skipIf(!built)('the built renderer', () => {
  it('loads at most the budget of JavaScript before its first screen', () => {
    const chunks = builtChunks();
    expect(chunks.some((chunk) => chunk.initial)).toBe(true);
    expect(initialGzipBytes(chunks)).toBeLessThanOrEqual(INITIAL_JS_BUDGET_GZIP);
  });

  it('carries neither zod nor ipaddr.js: the renderer imports plain constants, never a schema module', () => {
    // Strings each library keeps through minifying: zod's type names, ipaddr.js's error messages.
    for (const { file } of builtChunks()) {
      const code = readFileSync(join(RENDERER_DIR, file), 'utf8');
      expect([file, code.includes('$ZodType')]).toEqual([file, false]);
      expect([file, code.includes('ipaddr: ')]).toEqual([file, false]);
    }
  });

  it('leaves the settings, the reader and the Markdown stack to load when first shown', () => {
    const chunks = builtChunks();
    for (const part of ['SettingsScreen', 'Reader', 'Markdown']) {
      const chunk = chunks.find((candidate) => candidate.file.startsWith(`assets/${part}-`));
      expect([part, chunk?.initial]).toEqual([part, false]);
    }
  });

  it('ships minified JavaScript with its source maps beside it, not linked from it', () => {
    for (const { file } of builtChunks()) {
      const code = readFileSync(join(RENDERER_DIR, file), 'utf8');
      expect(code).not.toContain('sourceMappingURL');
      expect(existsSync(join(RENDERER_DIR, `${file}.map`))).toBe(true);
      // Minified code is long lines; the unminified build ran to thousands of short ones.
      expect(code.split('\n').length).toBeLessThan(50);
    }
  });
});

describe('the initial JS of a build', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** A stand-in build: the page (one script named from the root, as the renderer's are, one relative) and the given files under assets/. */
  function build(files: Record<string, string>): string {
    dir = mkdtempSync(join(tmpdir(), 'lantern-renderer-size-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(
      join(dir, 'index.html'),
      '<html><head><script type="module" crossorigin src="/assets/index.js"></script><script src="./assets/classic.js"></script></head></html>',
    );
    for (const [name, code] of Object.entries(files)) writeFileSync(join(dir, 'assets', name), code);
    return dir;
  }

  it("is the page's scripts and their static imports, transitively, and not what only import() reaches", () => {
    const folder = build({
      'index.js':
        'import{a}from"./shared.js";import"./side.js";export{b}from"./reexported.js";const lazy=()=>import("./lazy.js");const s="import x from \'./in-a-string.js\'";',
      'shared.js': 'import{c}from"./deep.js";export const a=c;',
      'deep.js': 'export const c=1;',
      'side.js': 'globalThis.x=1;',
      'reexported.js': 'export const b=2;',
      'lazy.js': 'import{a}from"./shared.js";import{l}from"./lazy-only.js";',
      'lazy-only.js': 'export const l=3;',
      'classic.js': 'var classic=1;',
    });
    const initial = [
      'assets/classic.js',
      'assets/deep.js',
      'assets/index.js',
      'assets/reexported.js',
      'assets/shared.js',
      'assets/side.js',
    ];
    expect(initialJsFiles(folder).sort()).toEqual(initial);
    const chunks = rendererChunks(folder);
    expect(
      chunks
        .filter((chunk) => !chunk.initial)
        .map((chunk) => chunk.file)
        .sort(),
    ).toEqual(['assets/lazy-only.js', 'assets/lazy.js']);
    expect(initialGzipBytes(chunks)).toBe(
      initial.reduce((sum, file) => sum + gzipSync(readFileSync(join(folder, file))).length, 0),
    );
  });

  it('refuses an import a browser cannot resolve', () => {
    const folder = build({ 'index.js': 'import React from "react";' });
    expect(() => initialJsFiles(folder)).toThrow('assets/index.js imports "react", which a browser cannot resolve');
  });
});
