import type { Command } from 'commander';
import type { ResearchApi } from '../../../shared/api';
import type { Settings, SettingsPatch } from '../../../shared/settings-contract';

export interface SettingsCommandDeps {
  api: () => ResearchApi;
  out: (text: string) => void;
}

/**
 * `lantern settings [get] | set <key> <value> | reset`, over ResearchApi's settings. The key is
 * a dotted path (`pageTimeoutMs`, `fetch.proxy`); the value is read as JSON when it is JSON
 * (8000, true, ["bing","google"], null) and as text otherwise; the contract's schema decides
 * what is valid. Failures are thrown as LanternError for the CLI root to report.
 */
export function registerSettingsCommand(program: Command, deps: SettingsCommandDeps): void {
  const settings = program
    .command('settings')
    .description('Show or change the settings (settings.json in the data dir)')
    .option('--json', 'print compact JSON');
  const print = (command: Command, value: Settings): void =>
    deps.out(
      command.optsWithGlobals<{ json?: boolean }>().json ? JSON.stringify(value) : JSON.stringify(value, null, 2),
    );

  settings
    .command('get', { isDefault: true })
    .description('The current settings (the default)')
    .option('--json', 'print compact JSON')
    .action(async (_flags: unknown, command: Command) => print(command, await deps.api().settings.get()));

  settings
    .command('set')
    .description(
      'Change one setting, e.g. `set engines \'["bing","google"]\'`, `set search.region de` or `set fetch.proxy null`',
    )
    .argument(
      '<key>',
      'engines, consent, pageTimeoutMs, resultCacheTtlMs, search.lang, search.region, fetch.allowPrivateNetworks, fetch.publicRanges, fetch.proxy, llm.*, desktop.*, mcp.structuredContent',
    )
    .argument('<value>', 'the new value: JSON, or plain text')
    .option('--json', 'print compact JSON')
    .action(async (key: string, value: string, _flags: unknown, command: Command) =>
      print(command, await deps.api().settings.update(patchFor(key, parseValue(value)))),
    );

  settings
    .command('reset')
    .description('Back to the defaults')
    .option('--json', 'print compact JSON')
    .action(async (_flags: unknown, command: Command) => print(command, await deps.api().settings.reset()));
}

/** `fetch.proxy` + value → `{fetch: {proxy: value}}`; own properties only, whatever the key. */
function patchFor(key: string, value: unknown): SettingsPatch {
  return key
    .split('.')
    .reduceRight<unknown>((inner, part) => Object.fromEntries([[part, inner]]), value) as SettingsPatch;
}

function parseValue(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
