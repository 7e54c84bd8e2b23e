/**
 * Settings' model picker (ModelsApi, src/shared/api.ts): the model servers running on this
 * computer with their chat models, one click to choose one; the catalog of models Lantern can
 * run itself, each with its size, the memory it needs, its fit for this computer, its licence and
 * an estimate of its speed, with Download → a progress bar (bytes, speed, time left) and Cancel;
 * and a test of the model in force. Nothing is chosen without the person's click here; the one
 * exception is the first-run notice (ModelFoundNotice), which takes the one model found on this
 * computer, never a remote provider.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { toErrorInfo } from '../../../shared/errors';
import { bytesText, downloadProgressText, fitText } from '../../../shared/format/model-text';
import type {
  CatalogModelInfo,
  FoundServerInfo,
  ModelDownloadEvent,
  ModelsCatalogResponse,
  ModelsFindResponse,
  ModelTestResponse,
} from '../../../shared/models-contract';
import type { Settings } from '../../../shared/settings-contract';
import { LLM_PRESET_BASE_URLS } from '../../../shared/llm-presets';
import { client } from '../client';
import { ErrorBox } from './ErrorBox';
import { SecretInput } from './SecretInput';
import './models.css';

type Llm = Settings['llm'];

/** The servers the probe knows, as the hints name them. */
const SERVER_NAMES = 'Ollama, LM Studio, llama.cpp’s server, Jan, vLLM and LocalAI';

/** Whether the model in force is this server's model. */
function isServerChoice(llm: Llm, baseUrl: string, model: string): boolean {
  if (llm.model !== model || llm.preset === 'local') return false;
  return (llm.baseUrl ?? (llm.preset === 'custom' ? undefined : LLM_PRESET_BASE_URLS[llm.preset])) === baseUrl;
}

export function ModelPicker({
  llm,
  onChosen,
}: {
  llm: Llm;
  onChosen: (settings: Settings) => void;
}): React.JSX.Element {
  const [found, setFound] = useState<ModelsFindResponse>();
  const [looking, setLooking] = useState(false);
  const [catalog, setCatalog] = useState<ModelsCatalogResponse>();
  const [error, setError] = useState<ReturnType<typeof toErrorInfo>>();
  const [chosenNote, setChosenNote] = useState<string>();
  const [test, setTest] = useState<{ running: boolean; result?: ModelTestResponse }>({ running: false });
  /** The server a key was just given to: if it still asks for one, the key was refused. */
  const [keyGivenTo, setKeyGivenTo] = useState<string>();

  const look = useCallback(() => {
    setLooking(true);
    client.models.find().then(
      (answer) => {
        setFound(answer);
        setLooking(false);
      },
      (failure: unknown) => {
        setError(toErrorInfo(failure));
        setLooking(false);
      },
    );
  }, []);
  const loadCatalog = useCallback(() => {
    client.models.catalog().then(setCatalog, (failure: unknown) => setError(toErrorInfo(failure)));
  }, []);
  useEffect(() => {
    look();
    loadCatalog();
  }, [look, loadCatalog]);

  const choose = (request: Parameters<typeof client.models.choose>[0], label: string): void => {
    setError(undefined);
    setTest({ running: false });
    client.models.choose(request).then(
      (settings) => {
        onChosen(settings);
        setChosenNote(`Answers will be written by ${label}.`);
      },
      (failure: unknown) => setError(toErrorInfo(failure)),
    );
  };
  const runTest = (): void => {
    setTest({ running: true });
    client.models.test({}).then(
      (result) => setTest({ running: false, result }),
      (failure: unknown) => setTest({ running: false, result: { ok: false, error: toErrorInfo(failure).message } }),
    );
  };

  const serverModels = found?.servers.flatMap((server) => server.models) ?? [];
  const asksForKey = (server: FoundServerInfo): boolean => server.keyRequired === true;
  return (
    <div className="model-picker">
      {error && <ErrorBox error={error} />}
      <section className="model-part" aria-labelledby="found-heading">
        <div className="model-part-head">
          <h3 id="found-heading">Found on this computer</h3>
          <button type="button" className="button small" onClick={look} disabled={looking}>
            Look again
          </button>
        </div>
        {looking ? (
          <p className="status looking" role="status">
            <span className="spinner" aria-hidden="true" /> Looking for model servers on this computer ({SERVER_NAMES})…
          </p>
        ) : found && found.servers.length === 0 ? (
          <p className="hint" role="status">
            No model server is running on this computer: Lantern looked for {SERVER_NAMES} on their usual ports. Start
            one and look again, or download a model below.
          </p>
        ) : found && serverModels.length === 0 && !found.servers.some(asksForKey) ? (
          <p className="hint" role="status">
            {found.servers.map((server) => server.name).join(', ')} {found.servers.length === 1 ? 'runs' : 'run'} here
            but {found.servers.length === 1 ? 'has' : 'have'} no chat model: pull one there (e.g.{' '}
            <code>ollama pull qwen3:4b</code>) and look again.
          </p>
        ) : null}
        {!looking &&
          found?.servers
            .filter((server) => server.models.length > 0)
            .map((server) => (
              <div key={server.baseUrl} className="found-server">
                <p className="found-server-name">
                  <strong>{server.name}</strong>
                  {server.version ? ` ${server.version}` : ''} <span className="muted">at {server.baseUrl}</span>
                </p>
                <ul className="model-list">
                  {server.models.map((model) => {
                    const inUse = isServerChoice(llm, server.baseUrl, model.id);
                    return (
                      <li key={model.id}>
                        <span className="model-name">{model.id}</span>
                        {model.sizeBytes !== undefined && <span className="muted"> {bytesText(model.sizeBytes)}</span>}
                        {inUse ? (
                          <span className="in-use">In use</span>
                        ) : (
                          <button
                            type="button"
                            className="button small"
                            aria-label={`Use ${model.id} (${server.name})`}
                            onClick={() =>
                              choose(
                                { source: 'server', baseUrl: server.baseUrl, model: model.id },
                                `${model.id} (${server.name})`,
                              )
                            }
                          >
                            Use
                          </button>
                        )}
                      </li>
                    );
                  })}
                </ul>
              </div>
            ))}
        {!looking &&
          found?.servers.filter(asksForKey).map((server) => (
            <KeyRequiredServer
              key={server.baseUrl}
              server={server}
              refused={keyGivenTo === server.baseUrl}
              onConnected={(settings) => {
                onChosen(settings);
                setKeyGivenTo(server.baseUrl);
                look();
              }}
            />
          ))}
      </section>

      <section className="model-part" aria-labelledby="catalog-heading">
        <h3 id="catalog-heading">Or let Lantern run one</h3>
        <p className="hint">
          Downloaded once into {catalog ? <code>{catalog.modelsDir}</code> : 'the data dir'}, checked, then run by
          Lantern itself: no server to install, and pages never leave this computer.
          {catalog &&
            ` This computer has ${bytesText(catalog.memory.freeBytes)} of ${bytesText(catalog.memory.totalBytes)} memory free.`}
        </p>
        {!catalog ? (
          <p className="status" role="status">
            Loading the models…
          </p>
        ) : (
          <ul className="catalog">
            {catalog.models.map((model) => (
              <CatalogRow
                key={model.id}
                model={model}
                inUse={llm.preset === 'local' && llm.model === model.id}
                onDownloaded={loadCatalog}
                onRemoved={loadCatalog}
                onUse={() =>
                  choose({ source: 'local', model: model.id }, `${model.name}, run by Lantern on this computer`)
                }
              />
            ))}
          </ul>
        )}
      </section>

      <div className="model-test field-row">
        <button type="button" className="button small" onClick={runTest} disabled={test.running}>
          {test.running ? 'Testing…' : 'Test the model'}
        </button>
        {chosenNote && !test.result && !test.running && (
          <p className="saved inline-note" role="status">
            {chosenNote}
          </p>
        )}
        {test.running && (
          <p className="status" role="status">
            <span className="spinner" aria-hidden="true" /> Asking the model…
          </p>
        )}
        {test.result && (
          <p className={test.result.ok ? 'saved inline-note' : 'error-box inline-note'} role="status">
            {test.result.ok ? `It works: ${test.result.model} answers at ${test.result.where}.` : test.result.error}
          </p>
        )}
      </div>
    </div>
  );
}

/**
 * A server that runs here but lists its models only with its API key (Jan always; vLLM and
 * LocalAI when started with one). Connect stores the key and makes this server the endpoint, with
 * no model yet, so the key goes to it alone; the list is then asked again with the key.
 */
function KeyRequiredServer({
  server,
  refused,
  onConnected,
}: {
  server: FoundServerInfo;
  refused: boolean;
  onConnected: (settings: Settings) => void;
}): React.JSX.Element {
  const [key, setKey] = useState('');
  const [failure, setFailure] = useState<string>();
  const [connecting, setConnecting] = useState(false);
  const where = server.kind === 'jan' ? ' (in Jan: Settings › Local API Server)' : ' (the one it was started with)';
  const connect = (): void => {
    if (!client.access || !key.trim()) return;
    setConnecting(true);
    setFailure(undefined);
    client.access
      .setLlmKey({ key: key.trim() })
      .then(() => client.settings.update({ llm: { preset: 'custom', baseUrl: server.baseUrl, model: null } }))
      .then(
        (settings) => {
          setConnecting(false);
          setKey('');
          onConnected(settings);
        },
        (error: unknown) => {
          setConnecting(false);
          setFailure(toErrorInfo(error).message);
        },
      );
  };
  const inputId = `key-for-${server.kind}`;
  return (
    <div className="found-server">
      <p className="found-server-name">
        <strong>{server.name}</strong>
        {server.version ? ` ${server.version}` : ''} <span className="muted">at {server.baseUrl}</span>
      </p>
      <p className="hint" role="status">
        {refused
          ? `${server.name} refused that key: check it${where} and try again.`
          : `${server.name} runs here and shows its models only with its API key${where}.`}{' '}
        Connecting stores the key and makes {server.name} the model’s endpoint; answers quote the pages until you choose
        one of its models.
      </p>
      {failure && (
        <p className="error-box" role="alert">
          {failure}
        </p>
      )}
      <div className="field-row">
        <label className="grow" htmlFor={inputId}>
          API key for {server.name} <SecretInput id={inputId} value={key} onChange={setKey} onEnter={connect} />
        </label>
        <button
          type="button"
          className="button small"
          disabled={!key.trim() || connecting || !client.access}
          onClick={connect}
        >
          {connecting ? 'Connecting…' : 'Connect'}
        </button>
      </div>
    </div>
  );
}

type RowState =
  | { phase: 'ready' }
  | { phase: 'downloading'; progress?: ModelDownloadEvent }
  | { phase: 'cancelled' }
  | { phase: 'failed'; message: string };

function CatalogRow({
  model,
  inUse,
  onDownloaded,
  onRemoved,
  onUse,
}: {
  model: CatalogModelInfo;
  inUse: boolean;
  onDownloaded: () => void;
  onRemoved: () => void;
  onUse: () => void;
}): React.JSX.Element {
  const [state, setState] = useState<RowState>({ phase: 'ready' });
  const stop = useRef<AbortController | undefined>(undefined);
  useEffect(() => () => stop.current?.abort(), []);
  const headingId = `catalog-${model.id}`;
  const download = (): void => {
    const controller = new AbortController();
    stop.current = controller;
    setState({ phase: 'downloading' });
    client.models
      .download(
        { id: model.id },
        {
          signal: controller.signal,
          onEvent: (event) => setState({ phase: 'downloading', progress: event as ModelDownloadEvent }),
        },
      )
      .then(
        () => {
          setState({ phase: 'ready' });
          onDownloaded();
        },
        (failure: unknown) => {
          const info = toErrorInfo(failure);
          setState(info.code === 'CANCELLED' ? { phase: 'cancelled' } : { phase: 'failed', message: info.message });
        },
      );
  };
  const remove = (): void => {
    client.models
      .remove({ id: model.id })
      .then(onRemoved, (failure: unknown) => setState({ phase: 'failed', message: toErrorInfo(failure).message }));
  };
  const progress = state.phase === 'downloading' ? state.progress : undefined;
  return (
    <li className="catalog-model" aria-labelledby={headingId}>
      <div className="catalog-model-head">
        <h4 id={headingId}>{model.name}</h4>
        <span className={`fit fit-${model.fit}`}>{fitText(model.fit)}</span>
      </div>
      <dl className="catalog-facts">
        <div>
          <dt>On disk</dt>
          <dd>{bytesText(model.sizeBytes)}</dd>
        </div>
        <div>
          <dt>Memory to answer</dt>
          <dd>about {bytesText(model.ramBytes)}</dd>
        </div>
        <div>
          <dt>Licence</dt>
          <dd>{model.licence}</dd>
        </div>
        <div>
          <dt>Speed</dt>
          <dd>{model.estimate}</dd>
        </div>
      </dl>
      {state.phase === 'downloading' ? (
        <div className="download">
          <progress
            max={progress?.totalBytes ?? model.sizeBytes}
            value={progress?.receivedBytes ?? 0}
            aria-label={`Downloading ${model.name}`}
          />
          <p className="status" role="status">
            {progress ? downloadProgressText(progress) : 'Starting the download…'}
          </p>
          <button type="button" className="button small" onClick={() => stop.current?.abort()}>
            Cancel
          </button>
        </div>
      ) : (
        <div className="catalog-actions">
          {model.path ? (
            <>
              {inUse ? (
                <span className="in-use">In use</span>
              ) : (
                <button type="button" className="button small primary" aria-label={`Use ${model.name}`} onClick={onUse}>
                  Use
                </button>
              )}
              <button type="button" className="button small" aria-label={`Remove ${model.name}`} onClick={remove}>
                Remove
              </button>
              <span className="muted">Downloaded and checked.</span>
            </>
          ) : (
            <button
              type="button"
              className="button small"
              aria-label={`Download ${model.name}`}
              onClick={download}
              disabled={model.fit === 'too-big'}
            >
              Download ({bytesText(model.sizeBytes)})
            </button>
          )}
          {state.phase === 'cancelled' && (
            <span className="muted" role="status">
              Cancelled. What arrived is kept: Download goes on from there.
            </span>
          )}
          {state.phase === 'failed' && (
            <span className="error-text" role="alert">
              {state.message}
            </span>
          )}
        </div>
      )}
    </li>
  );
}
