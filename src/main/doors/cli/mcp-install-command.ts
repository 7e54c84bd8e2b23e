/**
 * `lantern mcp install <client> [--yes]` and `lantern mcp config <client>`: Lantern's MCP entry
 * in a client's user-wide config (mcp-clients.ts says where and in which shape). The entry runs
 * this node binary on the checkout's bin/lantern.js by absolute paths, not `npx lantern`: a
 * client started from a desktop (Claude Desktop, LM Studio, an editor opened from the dock)
 * gets neither the shell's PATH, where nvm's node and npx live, nor the checkout as its working
 * folder, where npx would find the package's bin.
 */
import { createInterface } from 'node:readline/promises';
import type { Readable } from 'node:stream';
import { Argument, type Command } from 'commander';
import { LanternError } from '../../../shared/errors';
import { MCP_CLIENT_IDS, mcpClient, type Launcher, type McpClient } from './mcp-clients';
import type { CliIo } from './output';

export interface McpInstallDeps {
  io: CliIo;
  env: NodeJS.ProcessEnv;
  launcher: () => Launcher;
  /** Default process.platform; tests name another to check its paths. */
  platform?: NodeJS.Platform;
  /** Where the answer to "Write it?" is read; only a terminal is asked. */
  stdin?: Readable;
}

export function registerMcpInstallCommands(mcp: Command, deps: McpInstallDeps): void {
  const place = () => ({ platform: deps.platform ?? process.platform, env: deps.env });
  const clientArgument = () => new Argument('<client>', 'the MCP client').choices(MCP_CLIENT_IDS);

  mcp
    .command('config')
    .description("Print Lantern's entry for an MCP client's config, and the file it goes in")
    .addArgument(clientArgument())
    .action(async (id: string) => {
      const client = known(id);
      const { configSnippet } = await import('./mcp-install');
      deps.io.err(
        `${client.name} reads it from ${client.configPath(place())} (\`lantern mcp install ${client.id}\` adds it there).`,
      );
      deps.io.out(configSnippet(client, deps.launcher(), deps.env));
    });

  mcp
    .command('install')
    .description("Add Lantern to an MCP client's config, keeping its other servers; shows the change first")
    .addArgument(clientArgument())
    .option('-y, --yes', 'write without asking')
    .action(async (id: string, flags: { yes?: boolean }) => {
      const client = known(id);
      // Loaded here: the diff library is for this command only, not every command's start-up.
      const { planInstall, writePlan } = await import('./mcp-install');
      const plan = planInstall(client, place(), deps.launcher());
      if (plan.diff === '') {
        deps.io.out(`${plan.path} already starts Lantern this way; nothing to change.`);
        return;
      }
      deps.io.out(plan.diff);
      if (!flags.yes && !(await confirmed(deps.stdin ?? process.stdin, `Write ${plan.path}? [y/N] `, deps.io))) {
        throw new LanternError(
          'INVALID_INPUT',
          `Nothing written to ${plan.path}: pass --yes to write it without a question.`,
        );
      }
      writePlan(plan);
      deps.io.out(`Wrote ${plan.path}. Restart ${client.name} (or reload its MCP servers) to use Lantern's tools.`);
    });
}

function known(id: string): McpClient {
  const client = mcpClient(id);
  // commander's choices() has refused any other name already.
  if (!client)
    throw new LanternError('INVALID_INPUT', `client must be one of ${MCP_CLIENT_IDS.join(', ')}, not '${id}'.`);
  return client;
}

/** The person's yes at a terminal; anything else (no terminal, an empty line) is a no. */
async function confirmed(stdin: Readable, question: string, io: CliIo): Promise<boolean> {
  if (!(stdin as Readable & { isTTY?: boolean }).isTTY) return false;
  const readline = createInterface({ input: stdin, terminal: false });
  try {
    io.err(question);
    return /^\s*y(es)?\s*$/i.test(await readline.question(''));
  } finally {
    readline.close();
  }
}
