/**
 * The MCP clients `lantern mcp install|config <client>` knows: where each keeps its user-wide
 * MCP configuration and the shape of its entry for a stdio server. Each row cites the client's
 * documentation it follows.
 */
import { join } from 'node:path';

/** How Lantern is started: this node binary running the checkout's bin/lantern.js. */
export interface Launcher {
  node: string;
  script: string;
}

/** What the config path depends on: the home and config folders the CLI's environment names. */
export interface ClientPlace {
  platform: NodeJS.Platform;
  env: NodeJS.ProcessEnv;
}

export interface McpClient {
  id: string;
  name: string;
  /** The user-wide config file. */
  configPath(place: ClientPlace): string;
  /** The object of the file holding the servers by name. */
  serversKey: 'mcpServers' | 'servers';
  /** The client's entry for a stdio server. */
  entry(command: string, args: string[], env: Record<string, string>): Record<string, unknown>;
}

/** `{command, args[, env]}`: Claude Desktop's notation, which Cursor, Gemini CLI and LM Studio follow. */
function plainEntry(command: string, args: string[], env: Record<string, string>): Record<string, unknown> {
  return { command, args, ...(Object.keys(env).length > 0 ? { env } : {}) };
}

function typedEntry(command: string, args: string[], env: Record<string, string>): Record<string, unknown> {
  return { type: 'stdio', ...plainEntry(command, args, env) };
}

/** The person's home folder as the environment gives it (USERPROFILE on Windows). */
export function homeDir({ platform, env }: ClientPlace): string {
  const home = platform === 'win32' ? (env.USERPROFILE ?? env.HOME) : env.HOME;
  if (home === undefined || home === '')
    throw new Error(platform === 'win32' ? 'USERPROFILE is not set' : 'HOME is not set');
  return home;
}

/** Where desktop apps keep their settings: Application Support, %APPDATA%, or $XDG_CONFIG_HOME (~/.config). */
function appConfigDir(place: ClientPlace): string {
  if (place.platform === 'darwin') return join(homeDir(place), 'Library', 'Application Support');
  if (place.platform === 'win32') return place.env.APPDATA || join(homeDir(place), 'AppData', 'Roaming');
  return place.env.XDG_CONFIG_HOME || join(homeDir(place), '.config');
}

export const MCP_CLIENTS: readonly McpClient[] = [
  {
    // https://code.claude.com/docs/en/mcp: `claude mcp add --scope user` keeps the server under
    // the top-level "mcpServers" of ~/.claude.json, each stdio entry with "type": "stdio".
    id: 'claude-code',
    name: 'Claude Code',
    configPath: (place) => join(homeDir(place), '.claude.json'),
    serversKey: 'mcpServers',
    entry: typedEntry,
  },
  {
    // https://modelcontextprotocol.io/quickstart/user: claude_desktop_config.json in
    // ~/Library/Application Support/Claude (macOS) or %APPDATA%\Claude (Windows); Linux builds
    // read ~/.config/Claude.
    id: 'claude-desktop',
    name: 'Claude Desktop',
    configPath: (place) => join(appConfigDir(place), 'Claude', 'claude_desktop_config.json'),
    serversKey: 'mcpServers',
    entry: plainEntry,
  },
  {
    // https://cursor.com/docs/mcp: the global ~/.cursor/mcp.json, "mcpServers" by name.
    id: 'cursor',
    name: 'Cursor',
    configPath: (place) => join(homeDir(place), '.cursor', 'mcp.json'),
    serversKey: 'mcpServers',
    entry: plainEntry,
  },
  {
    // https://code.visualstudio.com/docs/copilot/reference/mcp-configuration: mcp.json of the user
    // profile (Code/User under the app config folder), servers under "servers", "type": "stdio".
    id: 'vscode',
    name: 'VS Code',
    configPath: (place) => join(appConfigDir(place), 'Code', 'User', 'mcp.json'),
    serversKey: 'servers',
    entry: typedEntry,
  },
  {
    // https://geminicli.com/docs/tools/mcp-server/: the user settings ~/.gemini/settings.json,
    // "mcpServers" beside the CLI's other settings.
    id: 'gemini',
    name: 'Gemini CLI',
    configPath: (place) => join(homeDir(place), '.gemini', 'settings.json'),
    serversKey: 'mcpServers',
    entry: plainEntry,
  },
  {
    // https://lmstudio.ai/docs/app/mcp: ~/.lmstudio/mcp.json (%USERPROFILE%\.lmstudio on
    // Windows), "in Cursor's mcp.json notation".
    id: 'lm-studio',
    name: 'LM Studio',
    configPath: (place) => join(homeDir(place), '.lmstudio', 'mcp.json'),
    serversKey: 'mcpServers',
    entry: plainEntry,
  },
];

export const MCP_CLIENT_IDS = MCP_CLIENTS.map((client) => client.id);

export function mcpClient(id: string): McpClient | undefined {
  return MCP_CLIENTS.find((client) => client.id === id);
}
