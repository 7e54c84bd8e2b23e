import { useEffect, useId, useState, type FormEvent } from 'react';
import type { ErrorInfo } from '../../../shared/contract';
import { toErrorInfo } from '../../../shared/errors';
import type { Settings } from '../../../shared/settings-contract';
import { SOURCE_LIST_NAMES, uBlacklistRules, type SourceListName } from '../../../shared/source-list-rules';
import { client } from '../client';
import { useSettings } from '../stores/settings-store';
import './source-lists.css';

type Lists = Settings['sources'];

/** Each list by what it does to a result, in the order the lists act. */
const LISTS: Record<SourceListName, { name: string; does: string; verb: string }> = {
  block: { name: 'Blocked', does: 'never shown, never read by an answer or deep research', verb: 'Block' },
  pin: { name: 'Pinned', does: 'shown first', verb: 'Pin' },
  raise: { name: 'Raised', does: 'shown before the other results, after the pinned ones', verb: 'Raise' },
  lower: { name: 'Lowered', does: 'shown after every other result', verb: 'Lower' },
};
const ORDER: readonly SourceListName[] = ['block', 'pin', 'raise', 'lower'];
/**
 * What the add box's entry means: a page's address pasted (a scheme, no wildcard) is its site —
 * "https://www.example.com/a" is example.com, not that one page — and anything else goes to the
 * server as written (a domain, or a uBlacklist rule, which the server checks).
 */
function ruleOfEntry(entry: string): string {
  const text = entry.trim();
  if (!/^https?:\/\/[^*\s]+$/i.test(text)) return text;
  try {
    return new URL(text).hostname
      .toLowerCase()
      .replace(/^www\./, '')
      .replace(/\.$/, '');
  } catch {
    return text;
  }
}

/** Entries shown of a long list until the person asks for all of them. */
const SHOWN = 30;

/**
 * The person's sources in Settings: the domains (or uBlacklist rules) they block, pin, raise or
 * lower in every search — here, in the CLI and for agents — and so in every answer and deep
 * research. Each change is saved at once through `settings.update` (its `sources` lists), apart
 * from the settings form above, whose unsaved edits it leaves alone; the server checks every
 * rule, and its refusal (naming the rule) is shown here.
 */
export function SourceListsSettings(): React.JSX.Element | null {
  const stored = useSettings((state) => state.settings?.sources);
  // The lists in force: the store's when it loads or another part saves (Reset to defaults), else this part's own saves.
  const [lists, setLists] = useState<Lists | undefined>(stored);
  useEffect(() => setLists(stored), [stored]);
  const [entry, setEntry] = useState('');
  const [target, setTarget] = useState<SourceListName>('block');
  const [pasted, setPasted] = useState('');
  const [importTarget, setImportTarget] = useState<SourceListName>('block');
  const [saving, setSaving] = useState(false);
  const [note, setNote] = useState<{ at: 'add' | 'import' | 'lists'; text: string; failed?: ErrorInfo }>();
  const pastedId = useId();

  if (!lists) return null;

  const save = async (at: 'add' | 'import' | 'lists', change: Partial<Lists>, said: string): Promise<boolean> => {
    setSaving(true);
    try {
      const updated = await client.settings.update({ sources: change });
      setLists(updated.sources);
      setNote({ at, text: said });
      return true;
    } catch (error) {
      const failed = toErrorInfo(error);
      setNote({ at, text: failed.message, failed });
      return false;
    } finally {
      setSaving(false);
    }
  };
  const listWith = (name: SourceListName, added: readonly string[]): string[] => [
    ...new Set([...lists[name], ...added]),
  ];
  // An entry is in at most one list: adding it to one takes it out of the others.
  const movedTo = (name: SourceListName, added: readonly string[]): Partial<Lists> => {
    const change: Partial<Lists> = { [name]: listWith(name, added) };
    for (const other of SOURCE_LIST_NAMES) {
      if (other !== name && lists[other].some((rule) => added.includes(rule)))
        change[other] = lists[other].filter((rule) => !added.includes(rule));
    }
    return change;
  };

  const add = (event: FormEvent): void => {
    event.preventDefault();
    const rule = ruleOfEntry(entry);
    if (!rule) return;
    void save('add', movedTo(target, [rule]), `${LISTS[target].name}: ${rule}. Applies from the next search on.`).then(
      (ok) => ok && setEntry(''),
    );
  };
  const rules = uBlacklistRules(pasted);
  const importList = (event: FormEvent): void => {
    event.preventDefault();
    if (rules.length === 0) return;
    const fresh = rules.filter((rule) => !lists[importTarget].includes(rule));
    void save(
      'import',
      { [importTarget]: listWith(importTarget, rules) },
      `Imported ${rules.length} ${rules.length === 1 ? 'rule' : 'rules'} into ${LISTS[importTarget].name} (${fresh.length} new).`,
    ).then((ok) => ok && setPasted(''));
  };
  const noteAt = (at: 'add' | 'import' | 'lists'): React.JSX.Element | null =>
    note?.at !== at ? null : note.failed ? (
      <p className="error-box inline-note" role="alert">
        Not saved: {note.text}
      </p>
    ) : (
      <p className="saved inline-note" role="status">
        {note.text}
      </p>
    );
  const total = SOURCE_LIST_NAMES.reduce((sum, name) => sum + lists[name].length, 0);

  return (
    <section className="settings-section source-lists" aria-labelledby="sources-heading" id="sources">
      <h2 id="sources-heading">Sources</h2>
      <p className="hint">
        Sites you block, pin, raise or lower in every search — here, in the CLI and for agents — and so in every answer
        and deep research. Give a domain (<code>example.com</code>, its subdomains too; a page’s address stands for its
        site) or a uBlacklist rule (<code>*://*.example.com/*</code>). Changes are saved at once.
      </p>

      <form className="field-row source-add" aria-label="Add a site" onSubmit={add}>
        <label className="grow">
          Site or rule
          <input
            value={entry}
            placeholder="example.com"
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => setEntry(event.target.value)}
          />
        </label>
        <label>
          List
          <select value={target} onChange={(event) => setTarget(event.target.value as SourceListName)}>
            {ORDER.map((name) => (
              <option key={name} value={name}>
                {LISTS[name].verb}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button" disabled={saving || !entry.trim()}>
          Add
        </button>
      </form>
      {noteAt('add')}

      <h3>In force {total === 0 ? '' : `(${total} ${total === 1 ? 'rule' : 'rules'})`}</h3>
      {total === 0 && (
        <p className="muted">No site is blocked, pinned, raised or lowered: results come in the engines’ own order.</p>
      )}
      <div className="source-list-groups">
        {ORDER.map((name) => (
          <SourceList
            key={name}
            name={name}
            rules={lists[name]}
            disabled={saving}
            onRemove={(rule) =>
              void save(
                'lists',
                { [name]: lists[name].filter((r) => r !== rule) },
                `Removed ${rule} from ${LISTS[name].name}.`,
              )
            }
          />
        ))}
      </div>
      {noteAt('lists')}

      <form className="source-import" aria-label="Import a uBlacklist list" onSubmit={importList}>
        <h3>Import a uBlacklist list</h3>
        <label htmlFor={pastedId}>Paste the list (one rule a line; # comments are skipped)</label>
        <textarea
          id={pastedId}
          rows={4}
          value={pasted}
          spellCheck={false}
          placeholder={'*://*.pinterest.com/*\n*://*.example-content-farm.com/*'}
          onChange={(event) => setPasted(event.target.value)}
        />
        <div className="field-row">
          <label>
            Into
            <select value={importTarget} onChange={(event) => setImportTarget(event.target.value as SourceListName)}>
              {ORDER.map((name) => (
                <option key={name} value={name}>
                  {LISTS[name].name}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="button" disabled={saving || rules.length === 0}>
            {rules.length === 0 ? 'Import' : `Import ${rules.length} ${rules.length === 1 ? 'rule' : 'rules'}`}
          </button>
          <label className="button small file-pick">
            Read a file…
            <input
              type="file"
              accept=".txt,text/plain"
              className="visually-hidden"
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (file) void file.text().then(setPasted);
                event.target.value = '';
              }}
            />
          </label>
        </div>
        <p className="hint">
          Regular-expression rules, @ exceptions and title rules are not supported; the import names the first one it
          meets and saves nothing.
        </p>
        {noteAt('import')}
      </form>
    </section>
  );
}

function SourceList({
  name,
  rules,
  disabled,
  onRemove,
}: {
  name: SourceListName;
  rules: readonly string[];
  disabled: boolean;
  onRemove: (rule: string) => void;
}): React.JSX.Element {
  const [all, setAll] = useState(false);
  const headingId = useId();
  const shown = all ? rules : rules.slice(0, SHOWN);
  return (
    <div className="source-list" role="group" aria-labelledby={headingId}>
      <h4 id={headingId}>
        {LISTS[name].name} <span className="muted">({rules.length})</span>
      </h4>
      <p className="hint">{LISTS[name].does}</p>
      {rules.length === 0 ? (
        <p className="muted list-empty">None.</p>
      ) : (
        <ul aria-label={LISTS[name].name}>
          {shown.map((rule) => (
            <li key={rule}>
              <code>{rule}</code>
              <button
                type="button"
                className="icon-button"
                aria-label={`Remove ${rule} from ${LISTS[name].name}`}
                disabled={disabled}
                onClick={() => onRemove(rule)}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {rules.length > SHOWN && (
        <button type="button" className="button small" onClick={() => setAll(!all)}>
          {all ? `Show the first ${SHOWN}` : `Show all ${rules.length}`}
        </button>
      )}
    </div>
  );
}
