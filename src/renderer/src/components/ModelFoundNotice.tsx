/**
 * The first run's model: when no model is chosen yet and the servers on this computer have
 * exactly one chat model between them, it is taken and said so ("A model was found: answers will
 * be written by qwen3:4b (Ollama). Change"). Only ever a model on this computer (the probe asks
 * loopback alone); once looked, never again in this browser, so a person who turns the model off
 * keeps it off.
 */
import { useEffect, useState } from 'react';
import type { ModelsFindResponse } from '../../../shared/models-contract';
import { client } from '../client';
import { useSettings } from '../stores/settings-store';
import { useView } from '../stores/view-store';
import './models.css';

const LOOKED_KEY = 'lantern.models.firstRunLooked';

export function ModelFoundNotice(): React.JSX.Element | null {
  const [taken, setTaken] = useState<NonNullable<ModelsFindResponse['sole']>>();
  useEffect(() => {
    if (localStorage.getItem(LOOKED_KEY) !== null) return;
    let live = true;
    void (async () => {
      const settings = useSettings.getState().settings ?? (await client.settings.get());
      if (settings.llm.model !== undefined) return localStorage.setItem(LOOKED_KEY, 'chosen before');
      const found = await client.models.find();
      localStorage.setItem(LOOKED_KEY, 'looked');
      if (!found.sole || !live) return;
      const next = await client.models.choose({
        source: 'server',
        baseUrl: found.sole.baseUrl,
        model: found.sole.model,
      });
      useSettings.setState({ settings: next });
      if (live) setTaken(found.sole);
    })().catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  if (!taken) return null;
  return (
    <p className="model-found" role="status">
      <span>
        A model was found: answers will be written by <strong>{taken.model}</strong> ({taken.serverName}).
      </span>{' '}
      <button type="button" className="link-button" onClick={() => useView.getState().show('settings', 'model')}>
        Change
      </button>
      <button type="button" className="icon-button" aria-label="Dismiss" onClick={() => setTaken(undefined)}>
        ×
      </button>
    </p>
  );
}
