import { useEffect, useState, type FormEvent } from 'react';
import type { LlmKeyState } from '../../../shared/api';
import type { EngineId } from '../../../shared/contract';
import { LLM_PRESET_BASE_URLS, LLM_PRESETS } from '../../../shared/llm-presets';
import { ENGINE_IDS } from '../../../shared/search-options';
import type { LlmPreset, Settings, SettingsPatch } from '../../../shared/settings-contract';
import { toErrorInfo } from '../../../shared/errors';
import { client, inDesktopApp } from '../client';
import { ENGINE_NAMES } from '../lib/error-advice';
import { useCaptcha } from '../stores/captcha-store';
import { useHistory } from '../stores/history-store';
import { useSettings } from '../stores/settings-store';
import { useView } from '../stores/view-store';
import { ErrorBox } from './ErrorBox';
import { ModelPicker } from './ModelPicker';
import { SecretInput } from './SecretInput';
import { SourceListsSettings } from './SourceListsSettings';

type NotePlace = 'form' | 'agents' | 'key' | 'data';

/** The presets by the names their makers use. */
const PRESET_NAMES: Record<LlmPreset, string> = {
  openai: 'OpenAI',
  gemini: 'Gemini',
  ollama: 'Ollama',
  lmstudio: 'LM Studio',
  llamacpp: 'llama.cpp server',
  custom: 'Other (OpenAI-compatible)',
  local: 'Built-in (a GGUF model on this computer)',
};

/** The endpoint a preset fills in ('' for Other and for the built-in runtime). */
function baseUrlOf(preset: LlmPreset): string {
  // Other: the person's own; the built-in runtime has no endpoint.
  return preset === 'custom' || preset === 'local' ? '' : LLM_PRESET_BASE_URLS[preset];
}

interface Draft {
  engines: Array<{ id: EngineId; on: boolean }>;
  consent: Settings['consent'];
  cacheMinutes: string;
  pageSeconds: string;
  lang: string;
  region: string;
  preset: LlmPreset;
  baseUrl: string;
  model: string;
  allowPrivateNetworks: boolean;
  publicRanges: string;
  proxy: string;
  localApi: boolean;
  localApiPort: string;
  mcpStructured: boolean;
}

/** The draft's fields that hold plain text (the form's inputs keep what is typed until it is saved). */
type DraftText = { [K in keyof Draft]: string extends Draft[K] ? K : never }[keyof Draft];

interface DraftForm {
  draft: Draft;
  change: (patch: Partial<Draft>) => void;
}

/** A labelled input bound to one of the draft's text fields. */
function DraftInput({
  label,
  field,
  form: { draft, change },
  className,
  ...input
}: {
  label: string;
  field: DraftText;
  /** The draft and how it changes. */
  form: DraftForm;
  className?: string;
} & Omit<React.InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'form'>): React.JSX.Element {
  return (
    <label className={className}>
      {label} <input {...input} value={draft[field]} onChange={(event) => change({ [field]: event.target.value })} />
    </label>
  );
}

function draftOf(settings: Settings): Draft {
  const on = new Set(settings.engines);
  return {
    engines: [...settings.engines, ...ENGINE_IDS.filter((id) => !on.has(id))].map((id) => ({ id, on: on.has(id) })),
    consent: settings.consent,
    cacheMinutes: String(Math.round(settings.resultCacheTtlMs / 60_000)),
    // Shown in seconds, kept in ms.
    pageSeconds: String(settings.pageTimeoutMs / 1000),
    lang: settings.search.lang ?? '',
    region: settings.search.region ?? '',
    preset: settings.llm.preset,
    baseUrl: settings.llm.baseUrl ?? '',
    model: settings.llm.model ?? '',
    allowPrivateNetworks: settings.fetch.allowPrivateNetworks,
    publicRanges: settings.fetch.publicRanges.join('\n'),
    proxy: settings.fetch.proxy ?? '',
    localApi: settings.desktop.localApi,
    localApiPort: String(settings.desktop.localApiPort),
    mcpStructured: settings.mcp.structuredContent,
  };
}

function patchOf(draft: Draft): SettingsPatch {
  return {
    engines: draft.engines.filter((engine) => engine.on).map((engine) => engine.id),
    consent: draft.consent,
    resultCacheTtlMs: Math.round(Number(draft.cacheMinutes) * 60_000),
    pageTimeoutMs: Math.round(Number(draft.pageSeconds) * 1000),
    search: { lang: draft.lang.trim() || null, region: draft.region.trim() || null },
    fetch: {
      allowPrivateNetworks: draft.allowPrivateNetworks,
      publicRanges: draft.publicRanges.split(/\s+/).filter(Boolean),
      proxy: draft.proxy.trim() || null,
    },
    llm: { preset: draft.preset, baseUrl: draft.baseUrl.trim() || null, model: draft.model.trim() || null },
    desktop: { localApi: draft.localApi, localApiPort: Math.round(Number(draft.localApiPort)) },
    mcp: { structuredContent: draft.mcpStructured },
  };
}

function CopyButton({ label, text }: { label: string; text: () => Promise<string> | string }): React.JSX.Element {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  return (
    <button
      type="button"
      className="button small"
      onClick={() => {
        void Promise.resolve(text())
          .then((value) => navigator.clipboard.writeText(value))
          .then(
            () => setState('copied'),
            () => setState('failed'),
          );
      }}
    >
      {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed: select the text and copy it' : label}
    </button>
  );
}

export function SettingsScreen(): React.JSX.Element {
  const { settings, error, saving, savedAt, load, update, reset } = useSettings();
  const [draft, setDraft] = useState<Draft>();
  const [key, setKey] = useState('');
  const [keyState, setKeyState] = useState<LlmKeyState>();
  const hasKey = keyState?.hasKey;
  // A note shows next to what it is about: the form's buttons, or the section acted on.
  const [note, setNote] = useState<{ at: NotePlace; text: string }>();
  const [actionError, setActionError] = useState<ReturnType<typeof toErrorInfo>>();
  const [confirmClear, setConfirmClear] = useState(false);
  const focus = useView((state) => state.focus);

  useEffect(() => {
    void load();
    client.access?.llmKeyState().then(setKeyState, () => setKeyState(undefined));
  }, [load]);
  useEffect(() => {
    if (settings) setDraft(draftOf(settings));
  }, [settings]);
  // Sent here by an error's button (e.g. "Allow local addresses…"): show that control, with focus.
  const ready = draft !== undefined;
  useEffect(() => {
    if (!ready || !focus) return;
    const control = document.getElementById(focus);
    control?.scrollIntoView({ block: 'center' });
    control?.focus();
    useView.setState({ focus: undefined });
  }, [ready, focus]);

  if (!draft) {
    return error ? (
      <ErrorBox error={error} onRetry={() => void load()} />
    ) : (
      <p className="status" role="status">
        Loading the settings…
      </p>
    );
  }
  const change = (patch: Partial<Draft>): void => setDraft({ ...draft, ...patch });
  const form: DraftForm = { draft, change };
  const moveEngine = (index: number, by: number): void => {
    const engines = [...draft.engines];
    const [moved] = engines.splice(index, 1);
    if (!moved) return;
    engines.splice(index + by, 0, moved);
    change({ engines });
  };
  const submit = (event: FormEvent): void => {
    event.preventDefault();
    // Saved is not working: without a model name, answers go on quoting the pages, and the note says so.
    const noModel = draft.model.trim() === '';
    void update(patchOf(draft)).then((ok) =>
      setNote(
        ok
          ? {
              at: 'form',
              text: noModel
                ? 'Saved. No model is named, so answers keep quoting the pages: name one under Model to have answers written.'
                : 'Saved. The next search uses these settings.',
            }
          : undefined,
      ),
    );
  };
  const act = (at: NotePlace, what: () => Promise<string>): void => {
    setActionError(undefined);
    what().then(
      (text) => setNote({ at, text }),
      (failure: unknown) => setActionError(toErrorInfo(failure)),
    );
  };
  const saveKey = (): void =>
    act('key', async () => {
      setKeyState(await client.access!.setLlmKey({ key }));
      setKey('');
      return 'The key is saved.';
    });
  const noteAt = (at: NotePlace): React.JSX.Element | null =>
    note?.at === at ? (
      <p className="saved inline-note" role="status" key={savedAt}>
        {note.text}
      </p>
    ) : null;
  // In the desktop app the page is app://, not the API: agents reach the local API on its port.
  const origin = /^https?:$/.test(window.location.protocol)
    ? window.location.origin
    : `http://127.0.0.1:${settings?.desktop.localApiPort ?? 7777}`;
  const mcpHttp = JSON.stringify(
    { mcpServers: { lantern: { type: 'http', url: `${origin}/mcp`, headers: { Authorization: 'Bearer <token>' } } } },
    null,
    2,
  );
  const mcpStdio = JSON.stringify({ mcpServers: { lantern: { command: 'npx', args: ['lantern', 'mcp'] } } }, null, 2);

  return (
    <div className="settings">
      <h1>Settings</h1>
      {error && <ErrorBox error={error} />}
      {actionError && <ErrorBox error={actionError} />}
      <form onSubmit={submit} aria-label="Settings">
        <fieldset>
          <legend>Search</legend>
          <p className="hint">
            Engines are tried in this order; when one is blocked or unreachable the next one answers.
          </p>
          <ol className="engine-order">
            {draft.engines.map((engine, i) => (
              <li key={engine.id}>
                <label>
                  <input
                    type="checkbox"
                    checked={engine.on}
                    onChange={(event) =>
                      change({
                        engines: draft.engines.map((e) =>
                          e.id === engine.id ? { ...e, on: event.target.checked } : e,
                        ),
                      })
                    }
                  />{' '}
                  {ENGINE_NAMES[engine.id]}
                </label>
                <button
                  type="button"
                  className="icon-button"
                  aria-label={`Move ${ENGINE_NAMES[engine.id]} up`}
                  disabled={i === 0}
                  onClick={() => moveEngine(i, -1)}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className="icon-button"
                  aria-label={`Move ${ENGINE_NAMES[engine.id]} down`}
                  disabled={i === draft.engines.length - 1}
                  onClick={() => moveEngine(i, 1)}
                >
                  ↓
                </button>
              </li>
            ))}
          </ol>
          <div className="field-row">
            <DraftInput label="Language" field="lang" form={form} placeholder="from the question" size={16} />
            <DraftInput label="Region" field="region" form={form} placeholder="e.g. us" size={6} />
          </div>
          <p className="hint">
            Language (such as en or zh-CN) and region (a country code such as us) of every search, here and for the CLI
            and agents, unless a request names its own. Without a language, the question’s script decides (none for
            Latin script).
          </p>
          <div className="field-row">
            <DraftInput label="Keep results for (minutes)" field="cacheMinutes" form={form} type="number" min={0} />
            <DraftInput
              label="Wait for a page to load up to (seconds)"
              field="pageSeconds"
              form={form}
              type="number"
              min={0.1}
              max={600}
              step="any"
            />
            <label>
              When a site asks to accept cookies{' '}
              <select
                value={draft.consent}
                onChange={(event) => change({ consent: event.target.value as Settings['consent'] })}
              >
                <option value="reject">Decline them</option>
                <option value="accept">Accept them</option>
              </select>
            </label>
          </div>
        </fieldset>

        <fieldset id="model" tabIndex={-1} aria-describedby="model-hint">
          <legend>Model</legend>
          <p className="hint" id="model-hint">
            Without a model, answers quote the pages. With one, it writes them in your words from the same pages, each
            sentence still cited and checked. Any OpenAI-compatible endpoint works: choose where it runs, then name the
            model.
          </p>
          {settings && <WhereTextGoes llm={settings.llm} />}
          {settings && <ModelPicker llm={settings.llm} onChosen={(next) => useSettings.setState({ settings: next })} />}
          <div className="field-row">
            <label>
              Runs on{' '}
              <select
                value={draft.preset}
                onChange={(event) => {
                  const preset = event.target.value as LlmPreset;
                  change({ preset, baseUrl: baseUrlOf(preset) });
                }}
              >
                {LLM_PRESETS.map((preset) => (
                  <option key={preset} value={preset}>
                    {PRESET_NAMES[preset]}
                  </option>
                ))}
              </select>
            </label>
            <DraftInput
              label="Address (base URL)"
              field="baseUrl"
              form={form}
              className="grow"
              placeholder={
                draft.preset === 'custom'
                  ? 'http://127.0.0.1:8000/v1'
                  : draft.preset === 'local'
                    ? 'none: the model runs in Lantern'
                    : LLM_PRESET_BASE_URLS[draft.preset]
              }
            />
            <DraftInput label="Model" field="model" form={form} placeholder="none: quote the pages" />
          </div>
          <div className="model-key">
            <p className="hint">
              API key:{' '}
              {hasKey === true ? 'a key is stored.' : hasKey === false ? 'none stored (local models need none).' : ''}{' '}
              Kept in its own file readable by you alone (<code>llm-key</code> in the data dir), which the desktop app,
              the CLI and <code>lantern serve</code> all read; never in the settings file.
            </p>
            {keyState?.problem && (
              <p className="error-box" role="alert">
                {keyState.problem}
              </p>
            )}
            <div className="field-row">
              <label className="grow">
                API key <SecretInput value={key} onChange={setKey} onEnter={() => key.trim() && saveKey()} />
              </label>
              <button type="button" className="button" disabled={!key.trim() || !client.access} onClick={saveKey}>
                Save key
              </button>
              <button
                type="button"
                className="button"
                disabled={!hasKey || !client.access}
                onClick={() =>
                  act('key', async () => {
                    setKeyState(await client.access!.setLlmKey({ key: null }));
                    return 'The key is removed.';
                  })
                }
              >
                Remove key
              </button>
              {noteAt('key')}
            </div>
          </div>
        </fieldset>

        <fieldset>
          <legend>Network</legend>
          <label className="check">
            <input
              id="allow-private"
              type="checkbox"
              checked={draft.allowPrivateNetworks}
              onChange={(event) => change({ allowPrivateNetworks: event.target.checked })}
            />{' '}
            Let Lantern read pages on this machine and private networks (localhost, 192.168.…)
          </label>
          <p className="hint">
            Off by default: a page or an agent could otherwise make Lantern reach your router or other local services.
          </p>
          <div className="field-row">
            <label className="grow">
              Ranges to treat as public (CIDR, one per line)
              <textarea
                rows={2}
                value={draft.publicRanges}
                onChange={(event) => change({ publicRanges: event.target.value })}
              />
            </label>
            <DraftInput label="Proxy" field="proxy" form={form} className="grow" placeholder="http://proxy:3128" />
          </div>
        </fieldset>

        {/* The desktop app's own settings mean nothing to a page served by `lantern serve`. */}
        {inDesktopApp && (
          <fieldset>
            <legend>Desktop app</legend>
            <label className="check">
              <input
                type="checkbox"
                checked={draft.localApi}
                onChange={(event) => change({ localApi: event.target.checked })}
              />{' '}
              Start the local API for agents with the app (127.0.0.1 only, bearer token)
            </label>
            <DraftInput label="Port" field="localApiPort" form={form} inputMode="numeric" />
            <p className="hint">
              Applies the next time the desktop app starts; when the port is taken another free one is used.{' '}
              <code>lantern serve</code> takes its own <code>--port</code>.
            </p>
          </fieldset>
        )}

        <fieldset>
          <legend>Agents (MCP)</legend>
          <label className="check">
            <input
              type="checkbox"
              checked={draft.mcpStructured}
              onChange={(event) => change({ mcpStructured: event.target.checked })}
            />{' '}
            Structured results for programs (output schemas and structured content)
          </label>
          <p className="hint">
            Off by default: models read the tools’ text, and the schemas would cost every agent’s conversation about
            1,400 tokens. Turn it on for a program that reads structured content. Calls get it at once; agents see the
            schemas when they next list the tools.
          </p>
        </fieldset>
        <div className="form-actions">
          <button type="submit" className="button primary" disabled={saving}>
            {saving ? 'Saving…' : 'Save settings'}
          </button>
          <button type="button" className="button" onClick={() => settings && setDraft(draftOf(settings))}>
            Undo changes
          </button>
          <button
            type="button"
            className="button"
            onClick={() => void reset().then(() => setNote({ at: 'form', text: 'Settings are back to the defaults.' }))}
          >
            Reset to defaults
          </button>
          {noteAt('form')}
        </div>
      </form>

      <SourceListsSettings />

      <section className="settings-section" aria-labelledby="agents-heading">
        <h2 id="agents-heading">Local API and agents</h2>
        <p className="hint">
          This page is served by the local API at <code>{origin}</code> (on this machine only). It stops when you stop{' '}
          <code>lantern serve</code>.
        </p>
        {client.access && (
          <div className="field-row">
            <CopyButton label="Copy the API token" text={async () => (await client.access!.token()).token} />
            <button
              type="button"
              className="button small"
              onClick={() =>
                act('agents', async () => {
                  await client.access!.rotateToken();
                  return 'A new token is in force; agents with the old one are refused now. Copy the new one into their settings.';
                })
              }
            >
              Rotate the token
            </button>
            {noteAt('agents')}
          </div>
        )}
        <h3>MCP over HTTP (Claude Code, Cursor, Gemini CLI)</h3>
        <pre className="snippet-block">{mcpHttp}</pre>
        <CopyButton label="Copy the HTTP config" text={() => mcpHttp} />
        <h3>MCP over stdio (no server needed)</h3>
        <pre className="snippet-block">{mcpStdio}</pre>
        <CopyButton label="Copy the stdio config" text={() => mcpStdio} />
      </section>

      <section className="settings-section" aria-labelledby="data-heading">
        <h2 id="data-heading">Data</h2>
        {client.resetSearchSession && (
          <div className="field-row">
            <button
              type="button"
              className="button"
              onClick={() =>
                act('data', async () => {
                  await client.resetSearchSession!();
                  await useCaptcha.getState().refresh();
                  return 'The search session is reset: search engines see a new visitor from the next search on, and no engine is paused.';
                })
              }
            >
              Reset the search session
            </button>
            <span className="hint">
              Forgets the search browser’s cookies (consent choices, CAPTCHA passes) and ends an engine’s pause after a
              CAPTCHA.
            </span>
          </div>
        )}
        {noteAt('data')}
        <p className="hint">Your history lives in one SQLite file in the data dir. Deleting it cannot be undone.</p>
        {confirmClear ? (
          <div className="field-row">
            <span>Delete every thread in the history?</span>
            <button
              type="button"
              className="button danger"
              onClick={() =>
                act('data', async () => {
                  setConfirmClear(false);
                  const threads = await client.history.list({ limit: 1000 });
                  for (const thread of threads) await client.history.delete({ id: thread.id });
                  await useHistory.getState().refresh();
                  return `Deleted ${threads.length} ${threads.length === 1 ? 'thread' : 'threads'}.`;
                })
              }
            >
              Delete all
            </button>
            <button type="button" className="button" onClick={() => setConfirmClear(false)}>
              Keep them
            </button>
          </div>
        ) : (
          <button type="button" className="button" onClick={() => setConfirmClear(true)}>
            Clear the history…
          </button>
        )}
      </section>
    </div>
  );
}

/**
 * What a model reads leaves the computer only for a model elsewhere: the pages' text, and the
 * passages of the person's library when an answer looks there.
 */
function WhereTextGoes({ llm }: { llm: Settings['llm'] }): React.JSX.Element | null {
  if (llm.model === undefined) return null;
  const address =
    llm.preset === 'local'
      ? undefined
      : (llm.baseUrl ?? LLM_PRESET_BASE_URLS[llm.preset as keyof typeof LLM_PRESET_BASE_URLS]);
  const host = address && URL.canParse(address) ? new URL(address).hostname : undefined;
  const here = host === undefined || host === 'localhost' || host === '[::1]' || /^127\./.test(host);
  return (
    <p className={here ? 'hint' : 'note'} role="note">
      {here
        ? 'The model runs on this computer: the pages and your library’s passages it reads stay here.'
        : `The model runs at ${host}: each answer sends it the pages’ text, and your library’s passages when the answer looks there.`}
    </p>
  );
}
