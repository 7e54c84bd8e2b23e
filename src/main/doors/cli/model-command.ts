import type { Command } from 'commander';
import type { ResearchApi } from '../../../shared/api';
import { LanternError } from '../../../shared/errors';
import { bytesText, downloadProgressText, fitText } from '../../../shared/format/model-text';
import { EXIT } from './exit-codes';
import { wantsJson, type CliIo } from './output';

export interface ModelCommandDeps {
  api: () => ResearchApi;
  io: CliIo;
  setExitCode: (code: number) => void;
}

/**
 * `lantern model list | find | download <id> | remove <id> | use <model> [--server <url>] | test`,
 * over ResearchApi's models: the catalog with each model's fit, the servers found on this machine,
 * a download with its progress on stderr, a removal, the choice and a test of the model in force.
 * The contract's schemas decide what is valid; failures are thrown for the CLI root to report.
 */
export function registerModelCommand(program: Command, deps: ModelCommandDeps): void {
  const models = (): NonNullable<ResearchApi['models']> => {
    const api = deps.api().models;
    if (api === undefined) throw new LanternError('NOT_FOUND', 'This Lantern has no models.');
    return api;
  };
  const model = program
    .command('model')
    .description('The model answers are written with: the catalog, downloads, servers on this machine')
    .option('--json', 'print JSON');

  model
    .command('list', { isDefault: true })
    .description('The models Lantern can download and run, with their fit for this machine (the default)')
    .option('--json', 'print JSON')
    .action(async (_flags: unknown, command: Command) => {
      const catalog = await models().catalog();
      if (wantsJson(command)) return deps.io.out(JSON.stringify(catalog));
      deps.io.out(
        `This machine: ${bytesText(catalog.memory.freeBytes)} of ${bytesText(catalog.memory.totalBytes)} memory free. Models go to ${catalog.modelsDir}.`,
      );
      for (const entry of catalog.models) {
        deps.io.out(
          [
            `${entry.id}${entry.path ? ' (downloaded)' : ''}`,
            `  ${entry.name}, ${entry.licence}: ${bytesText(entry.sizeBytes)} on disk, about ${bytesText(entry.ramBytes)} of memory to answer`,
            `  ${fitText(entry.fit)}; ${entry.estimate}`,
          ].join('\n'),
        );
      }
    });

  model
    .command('find')
    .description(
      'The model servers running on this machine (Ollama, LM Studio, llama-server, Jan, vLLM, LocalAI) and their chat models',
    )
    .option('--json', 'print JSON')
    .action(async (_flags: unknown, command: Command) => {
      const found = await models().find();
      if (wantsJson(command)) return deps.io.out(JSON.stringify(found));
      if (found.servers.length === 0)
        return deps.io.out(
          'No model server is running on this machine (looked for Ollama, LM Studio, llama-server, Jan, vLLM and LocalAI on their usual ports).',
        );
      for (const server of found.servers) {
        deps.io.out(`${server.name}${server.version ? ` ${server.version}` : ''} at ${server.baseUrl}`);
        deps.io.out(
          server.keyRequired
            ? `  shows its models only with its API key: set llm.preset custom and llm.baseUrl ${server.baseUrl} (lantern settings set), its key in LANTERN_LLM_API_KEY or the llm-key file (docs/cli.md), and look again`
            : server.models.length === 0
              ? '  no chat model'
              : server.models.map((entry) => `  ${entry.id}`).join('\n'),
        );
      }
      if (found.sole)
        deps.io.out(`To answer with it: lantern model use ${found.sole.model} --server ${found.sole.baseUrl}`);
    });

  model
    .command('download')
    .description('Download a catalog model (resumed where it stopped, its sha256 checked)')
    .argument('<id>', 'a catalog id, e.g. qwen3-4b (lantern model list)')
    .option('--json', 'print JSON')
    .action(async (id: string, _flags: unknown, command: Command) => {
      // A line at each tenth of the file, not one for every event.
      let told = -1;
      const done = await models().download(
        { id },
        {
          onEvent: (event) => {
            const tenth = Math.floor((10 * event.receivedBytes) / Math.max(1, event.totalBytes));
            if (tenth === told) return;
            told = tenth;
            deps.io.err(`downloading ${id}: ${downloadProgressText(event)}`);
          },
        },
      );
      deps.io.out(
        wantsJson(command)
          ? JSON.stringify(done)
          : `${done.id} is downloaded and checked: ${done.path}\nTo answer with it: lantern model use ${done.id}`,
      );
    });

  model
    .command('remove')
    .description('Delete a downloaded catalog model')
    .argument('<id>', 'a catalog id')
    .option('--json', 'print JSON')
    .action(async (id: string, _flags: unknown, command: Command) => {
      const removed = await models().remove({ id });
      deps.io.out(wantsJson(command) ? JSON.stringify(removed) : `${removed.id} is removed.`);
    });

  model
    .command('use')
    .description(
      'Write answers with this model: a downloaded catalog model or GGUF file, or with --server a model of that server',
    )
    .argument('<model>', 'a catalog id, a GGUF file, or (with --server) the server’s name for the model')
    .option('--server <url>', 'the OpenAI-compatible base URL, e.g. http://127.0.0.1:11434/v1 (lantern model find)')
    .option('--json', 'print JSON')
    .action(async (name: string, flags: { server?: string }, command: Command) => {
      const settings = await models().choose(
        flags.server === undefined
          ? { source: 'local', model: name }
          : { source: 'server', baseUrl: flags.server, model: name },
      );
      deps.io.out(
        wantsJson(command)
          ? JSON.stringify(settings.llm)
          : `Answers will be written by ${settings.llm.model} (${settings.llm.preset === 'local' ? 'run by Lantern on this machine' : (settings.llm.baseUrl ?? settings.llm.preset)}).`,
      );
    });

  model
    .command('test')
    .description('Ask the model in force whether it is there')
    .option('--json', 'print JSON')
    .action(async (_flags: unknown, command: Command) => {
      const result = await models().test({});
      if (wantsJson(command)) deps.io.out(JSON.stringify(result));
      else deps.io.out(result.ok ? `ok: ${result.model} answers at ${result.where}` : `not working: ${result.error}`);
      if (!result.ok) deps.setExitCode(EXIT.failure);
    });
}
