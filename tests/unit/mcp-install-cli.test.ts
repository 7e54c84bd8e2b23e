import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { EXIT } from '../../src/main/doors/cli/exit-codes';
import { MCP_CLIENTS } from '../../src/main/doors/cli/mcp-clients';
import { PROJECT_ROOT, runCliInProcess } from '../support/run-cli';

/** A home of its own, with the config folders every client's path is built from pointing inside it. */
function tempHome(): { home: string; env: Record<string, string> } {
  const home = mkdtempSync(join(tmpdir(), 'lantern-home-'));
  return {
    home,
    env: {
      HOME: home,
      USERPROFILE: home,
      XDG_CONFIG_HOME: join(home, '.config'),
      APPDATA: join(home, 'AppData'),
      LANTERN_DATA_DIR: '',
    },
  };
}

const BIN = join(PROJECT_ROOT, 'bin', 'lantern.js');

describe('lantern mcp install', () => {
  it('writes valid JSON into ~/.cursor/mcp.json, keeps the servers and settings already there, and starts the checkout bin', async () => {
    const { home, env } = tempHome();
    const path = join(home, '.cursor', 'mcp.json');
    mkdirSync(join(home, '.cursor'));
    const other = { command: 'npx', args: ['-y', '@playwright/mcp@latest'], env: { DEBUG: '1' } };
    writeFileSync(path, JSON.stringify({ mcpServers: { playwright: other }, theme: 'dark' }, null, 4));

    const run = await runCliInProcess(['mcp', 'install', 'cursor', '--yes'], env);

    expect(run.stderr).toBe('');
    expect(run.code).toBe(EXIT.ok);
    // The diff is shown before the file is written: the new entry's lines, marked as added.
    expect(run.stdout).toContain(`+++ ${path}`);
    expect(run.stdout).toMatch(/^\+ {8}"lantern": \{$/m);
    expect(run.stdout).toContain(`Wrote ${path}.`);
    const written = JSON.parse(readFileSync(path, 'utf8')) as { mcpServers: Record<string, unknown>; theme: string };
    expect(written.theme).toBe('dark');
    expect(written.mcpServers['playwright']).toEqual(other);
    expect(written.mcpServers['lantern']).toEqual({ command: process.execPath, args: [BIN, 'mcp'] });
    // The file's own indentation is kept, so the diff holds only what is new.
    expect(readFileSync(path, 'utf8')).toMatch(/^ {4}"mcpServers"/m);

    const again = await runCliInProcess(['mcp', 'install', 'cursor', '--yes'], env);
    expect(again.stdout).toContain('nothing to change');
  });

  it('refuses a config that is not valid JSON, naming the file, and leaves it as it was', async () => {
    const { home, env } = tempHome();
    const path = join(home, '.cursor', 'mcp.json');
    mkdirSync(join(home, '.cursor'));
    const broken = '{ "mcpServers": { "playwright": { "command": "npx", } }\n';
    writeFileSync(path, broken);

    const run = await runCliInProcess(['mcp', 'install', 'cursor', '--yes'], env);

    expect(run.code).toBe(EXIT.invalidInput);
    expect(run.stderr).toContain(`Refused to change ${path}: it is not valid JSON`);
    expect(run.stderr).toContain('Nothing was written');
    expect(readFileSync(path, 'utf8')).toBe(broken);
  });

  it('refuses servers that are not an object of servers by name', async () => {
    const { home, env } = tempHome();
    const path = join(home, '.gemini', 'settings.json');
    mkdirSync(join(home, '.gemini'));
    writeFileSync(path, '{"mcpServers": ["lantern"]}');

    const run = await runCliInProcess(['mcp', 'install', 'gemini', '--yes'], env);

    expect(run.code).toBe(EXIT.invalidInput);
    expect(run.stderr).toContain('its "mcpServers" is an array, not an object of servers by name');
    expect(readFileSync(path, 'utf8')).toBe('{"mcpServers": ["lantern"]}');
  });

  it('without --yes and no terminal to ask, shows the change and writes nothing', async () => {
    const { home, env } = tempHome();
    // A pipe, not a terminal: nobody to ask.
    const run = await runCliInProcess(['mcp', 'install', 'lm-studio'], env, { stdin: new PassThrough() });

    expect(run.code).toBe(EXIT.invalidInput);
    expect(run.stdout).toContain('(new file)');
    expect(run.stderr).toContain('pass --yes');
    expect(existsSync(join(home, '.lmstudio', 'mcp.json'))).toBe(false);
  });

  it('creates VS Code\'s user mcp.json under "servers" with type stdio, and the data dir the environment names', async () => {
    const { home, env } = tempHome();
    const dataDir = join(home, 'lantern-data');
    const run = await runCliInProcess(['mcp', 'install', 'vscode', '--yes'], { ...env, LANTERN_DATA_DIR: dataDir });

    expect(run.code).toBe(EXIT.ok);
    const written = JSON.parse(readFileSync(join(home, '.config', 'Code', 'User', 'mcp.json'), 'utf8')) as unknown;
    expect(written).toEqual({
      servers: {
        lantern: { type: 'stdio', command: process.execPath, args: [BIN, 'mcp'], env: { LANTERN_DATA_DIR: dataDir } },
      },
    });
  });

  it('an unknown client is refused with the list of those it knows', async () => {
    const { env } = tempHome();
    const run = await runCliInProcess(['mcp', 'install', 'emacs'], env);
    expect(run.code).toBe(EXIT.invalidInput);
    for (const client of MCP_CLIENTS) expect(run.stderr).toContain(client.id);
  });
});

describe('lantern mcp config', () => {
  it('prints the entry under the client key and names the file, writing nothing', async () => {
    const { home, env } = tempHome();
    const run = await runCliInProcess(['mcp', 'config', 'claude-desktop'], env);

    expect(run.code).toBe(EXIT.ok);
    expect(JSON.parse(run.stdout)).toEqual({
      mcpServers: { lantern: { command: process.execPath, args: [BIN, 'mcp'] } },
    });
    const path = join(home, '.config', 'Claude', 'claude_desktop_config.json');
    expect(run.stderr).toContain(path);
    expect(existsSync(path)).toBe(false);
  });

  it('gives each client its documented file', () => {
    const place = (platform: NodeJS.Platform) => ({
      platform,
      env: { HOME: '/h', USERPROFILE: 'C:\\Users\\p', APPDATA: 'C:\\Users\\p\\AppData\\Roaming' },
    });
    const paths = Object.fromEntries(
      MCP_CLIENTS.map((c) => [c.id, [c.configPath(place('darwin')), c.configPath(place('linux'))]]),
    );
    expect(paths).toEqual({
      'claude-code': ['/h/.claude.json', '/h/.claude.json'],
      'claude-desktop': [
        '/h/Library/Application Support/Claude/claude_desktop_config.json',
        '/h/.config/Claude/claude_desktop_config.json',
      ],
      cursor: ['/h/.cursor/mcp.json', '/h/.cursor/mcp.json'],
      vscode: ['/h/Library/Application Support/Code/User/mcp.json', '/h/.config/Code/User/mcp.json'],
      gemini: ['/h/.gemini/settings.json', '/h/.gemini/settings.json'],
      'lm-studio': ['/h/.lmstudio/mcp.json', '/h/.lmstudio/mcp.json'],
    });
  });
});
