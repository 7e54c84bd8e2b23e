/**
 * What `lantern mcp install <client>` changes: the client's config file with Lantern's entry set
 * and everything else kept, as a unified diff to show before it is written. A file that is not a
 * JSON object is refused as it is, never rewritten.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createTwoFilesPatch } from 'diff';
import { LanternError } from '../../../shared/errors';
import type { ClientPlace, Launcher, McpClient } from './mcp-clients';

/** The name Lantern's entry has in every client's list of servers. */
export const SERVER_NAME = 'lantern';

export interface InstallPlan {
  path: string;
  /** The file as it is; undefined when there is none yet. */
  before: string | undefined;
  after: string;
  /** `before` → `after` as a unified diff ('' when nothing changes). */
  diff: string;
}

/** Lantern's entry for `client`: `node bin/lantern.js mcp`, with the data dir when the environment names one. */
export function lanternEntry(client: McpClient, launcher: Launcher, env: NodeJS.ProcessEnv): Record<string, unknown> {
  const dataDir = env.LANTERN_DATA_DIR;
  return client.entry(launcher.node, [launcher.script, 'mcp'], dataDir ? { LANTERN_DATA_DIR: dataDir } : {});
}

/** The config as `lantern mcp config` prints it: only Lantern's entry, under the client's key. */
export function configSnippet(client: McpClient, launcher: Launcher, env: NodeJS.ProcessEnv): string {
  return `${JSON.stringify({ [client.serversKey]: { [SERVER_NAME]: lanternEntry(client, launcher, env) } }, null, 2)}\n`;
}

export function planInstall(client: McpClient, place: ClientPlace, launcher: Launcher): InstallPlan {
  const path = client.configPath(place);
  const before = existsSync(path) ? readFileSync(path, 'utf8') : undefined;
  const config = before === undefined || before.trim() === '' ? {} : parseConfig(before, path, client);
  const servers = config[client.serversKey] ?? {};
  if (!isObject(servers)) {
    throw refusal(path, `its "${client.serversKey}" is ${describe(servers)}, not an object of servers by name`);
  }
  const updated = {
    ...config,
    [client.serversKey]: { ...servers, [SERVER_NAME]: lanternEntry(client, launcher, place.env) },
  };
  // The file keeps its indentation and its last newline, or the lack of one: only the entry is new.
  const after = `${JSON.stringify(updated, null, indentOf(before))}${before === undefined || before.endsWith('\n') ? '\n' : ''}`;
  const diff =
    after === before
      ? ''
      : createTwoFilesPatch(path, path, before ?? '', after, before === undefined ? '(new file)' : '', '');
  return { path, before, after, diff };
}

/**
 * Writes the plan's file (a temporary file renamed over it, so a client never reads half of it),
 * unless it changed since the plan was made: then nothing is written.
 */
export function writePlan(plan: InstallPlan): void {
  const now = existsSync(plan.path) ? readFileSync(plan.path, 'utf8') : undefined;
  if (now !== plan.before)
    throw new LanternError(
      'INTERNAL',
      `${plan.path} changed while Lantern was writing it; nothing was written. Run the command again.`,
    );
  mkdirSync(dirname(plan.path), { recursive: true });
  // The file keeps its permissions (~/.claude.json holds the person's account: 0600).
  const mode = plan.before === undefined ? 0o644 : statSync(plan.path).mode & 0o777;
  const temporary = join(dirname(plan.path), `.${SERVER_NAME}-${process.pid}-${Date.now()}.tmp`);
  writeFileSync(temporary, plan.after, { mode });
  renameSync(temporary, plan.path);
}

function parseConfig(text: string, path: string, client: McpClient): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw refusal(
      path,
      `it is not valid JSON (${(error as Error).message})${client.id === 'vscode' ? '; comments, which VS Code allows there, are not read by Lantern' : ''}`,
    );
  }
  if (!isObject(parsed)) throw refusal(path, `it holds ${describe(parsed)}, not a JSON object`);
  return parsed;
}

function refusal(path: string, why: string): LanternError {
  return new LanternError(
    'INVALID_INPUT',
    `Refused to change ${path}: ${why}. Nothing was written: fix the file (or move it aside) and run the command again, or add the entry yourself (\`lantern mcp config <client>\` prints it).`,
  );
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  if (value === null) return 'null';
  return `a ${typeof value}`;
}

/** The indentation the file uses (its first indented line), so rewriting it changes only what is new; 2 by default. */
function indentOf(text: string | undefined): string | number {
  const indent = text === undefined ? undefined : /\n([ \t]+)\S/.exec(text)?.[1];
  return indent ?? 2;
}
