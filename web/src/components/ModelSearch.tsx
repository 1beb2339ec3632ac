import { orNaN } from '../core/unknown';
import type { RefObject } from 'preact';
import { useEffect, useMemo, useState } from 'preact/hooks';
import {
  isHubId,
  loadModelCatalog,
  searchModels,
  type CatalogModel,
  type Found,
  type ModelCatalog,
} from '../catalog/catalog';
import type { HubOutcome } from '../catalog/hub';
import type { Issue, PlanTexts } from '../core/types';
import { formatParams } from '../i18n/i18n';
import { issueText } from '../i18n/issue-text';
import { useApp, useT } from '../state/context';
import './ModelSearch.css';

type Hub =
  | { kind: 'idle' }
  | { kind: 'confirm'; id: string }
  | { kind: 'fetching'; id: string }
  | { kind: 'done'; id: string; outcome: HubOutcome };

const LISTBOX = 'model-options';

/** What the search box (ModelSearchBox.tsx, on the page from the start) shares with this part. */
export interface SearchProps {
  query: string;
  setQuery(query: string): void;
  open: boolean;
  setOpen(open: boolean): void;
  input: RefObject<HTMLInputElement | null>;
  /** where this part puts its handler of the box's keys (arrows, Enter, Escape) */
  keys: { current: ((event: KeyboardEvent) => void) | null };
}

/**
 * The model, found by name as you type: the presets and the catalog of open models (loaded on
 * first use), or a Hugging Face id whose config.json the page reads from the Hub once the user
 * allows it. Choosing one sets the same inputs as importing its config.json. This part (the list,
 * the catalog, the Hub) arrives when the search box is first used; the box itself stays.
 */
export function ModelSearch({ query, setQuery, open, setOpen, input, keys }: SearchProps) {
  const app = useApp();
  const t = useT();
  const [active, setActive] = useState(0);
  const [catalog, setCatalog] = useState<ModelCatalog | null>(null);
  const [catalogFailed, setCatalogFailed] = useState(false);
  const [hub, setHub] = useState<Hub>({ kind: 'idle' });

  const load = () => {
    if (catalog) return;
    setCatalogFailed(false);
    loadModelCatalog().then(setCatalog, () => setCatalogFailed(true));
  };
  useEffect(load, []);
  const entries = useMemo<Found[]>(
    () => [
      ...app.core.catalog.models.map((m): Found => ({
        kind: 'preset',
        id: m.id,
        name: m.name,
        params: orNaN(m.params),
        active: orNaN(m.params),
      })),
      ...(catalog?.models ?? []).map((model): Found => ({ kind: 'catalog', model })),
    ],
    [catalog],
  );
  const results = open ? searchModels(entries, query) : [];
  const typedId = query.trim();
  const offerHub =
    open &&
    isHubId(typedId) &&
    !results.some(
      (r) => r.kind === 'catalog' && r.model.id.toLowerCase() === typedId.toLowerCase(),
    );
  const count = results.length + (offerHub ? 1 : 0);
  const current = Math.min(active, Math.max(0, count - 1));
  // A new query starts at its first result.
  useEffect(() => setActive(0), [query]);

  // Choosing a model replaces every architecture input, so nothing of the previous one is left.
  const cleared = (): PlanTexts => {
    const texts: PlanTexts = { modelName: '', params: '' };
    for (const f of app.core.catalog.fields) if (f.group === 'architecture') texts[f.id] = '';
    return texts;
  };
  const choose = (found: Found) => {
    setQuery('');
    setOpen(false);
    setHub({ kind: 'idle' });
    if (found.kind === 'preset') app.setTexts({ ...cleared(), model: found.id });
    else app.setTexts({ ...cleared(), ...found.model.texts });
  };
  const askHub = (id: string) => {
    setOpen(false);
    setHub({ kind: 'confirm', id });
  };
  const fetchHub = async (id: string) => {
    setHub({ kind: 'fetching', id });
    let outcome: HubOutcome;
    try {
      const { fetchHubConfig } = await import('../catalog/hub');
      outcome = await fetchHubConfig(id);
    } catch {
      outcome = { ok: false, key: 'ui.load_part_failed', params: {} };
    }
    if (outcome.ok) app.setTexts({ ...cleared(), ...outcome.result.texts, modelName: id });
    setHub({ kind: 'done', id, outcome });
    if (outcome.ok) setQuery('');
  };
  const pick = (index: number) => {
    if (index < results.length) choose(results[index]);
    else if (offerHub) askHub(typedId);
  };
  keys.current = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) setOpen(true);
      else if (count > 0) setActive((current + (e.key === 'ArrowDown' ? 1 : count - 1)) % count);
    } else if (e.key === 'Enter') {
      e.preventDefault(); // never submits the form
      if (open && count > 0) pick(current);
      else if (isHubId(typedId)) askHub(typedId);
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      setOpen(false);
    }
  };
  const optionId = (i: number) => `model-option-${i}`;
  // The box names the list it controls and the option the arrows are on.
  useEffect(() => {
    const box = input.current;
    if (!box) return;
    box.setAttribute('aria-controls', LISTBOX);
    if (open && count > 0) box.setAttribute('aria-activedescendant', optionId(current));
    else box.removeAttribute('aria-activedescendant');
  });

  const chosen = catalog?.models.find((m) => m.id === app.text('modelName'));
  return (
    <>
      {open && (
        // Not a Tab stop: a scrolling list is one in Chromium, and it closes as the box loses focus.
        <ul
          id={LISTBOX}
          role="listbox"
          class="combo-list"
          aria-label={t('ui.model_search')}
          tabIndex={-1}
        >
          {results.map((found, i) => (
            <li
              key={found.kind === 'preset' ? `p:${found.id}` : `c:${found.model.id}`}
              id={optionId(i)}
              role="option"
              aria-selected={i === current}
              data-testid="model-option"
              // mousedown, not click: the box's blur would close the list first
              onMouseDown={(e) => {
                e.preventDefault();
                choose(found);
              }}
            >
              <OptionText found={found} />
            </li>
          ))}
          {offerHub && (
            <li
              id={optionId(results.length)}
              role="option"
              aria-selected={current === results.length}
              data-testid="model-option-hub"
              onMouseDown={(e) => {
                e.preventDefault();
                askHub(typedId);
              }}
            >
              {t('ui.hub_option', { id: typedId })}
            </li>
          )}
          {!catalog && !catalogFailed && (
            <li class="combo-note" aria-busy="true">
              {t('ui.catalog_loading')}
            </li>
          )}
          {catalogFailed && <li class="combo-note error">{t('ui.catalog_failed')}</li>}
          {count === 0 && catalog && <li class="combo-note">{t('ui.model_none_found')}</li>}
        </ul>
      )}
      {chosen && <CatalogNotes model={chosen} />}
      <HubPanel
        hub={hub}
        onFetch={(id) => void fetchHub(id)}
        onCancel={() => {
          setHub({ kind: 'idle' });
          input.current?.focus();
        }}
      />
    </>
  );
}

function OptionText({ found }: { found: Found }) {
  const app = useApp();
  const t = useT();
  const lang = app.lang.value;
  if (found.kind === 'preset') {
    return (
      <>
        {found.name}
        <span class="sub">
          {formatParams(lang, found.params)} · {t('ui.model_preset')}
        </span>
      </>
    );
  }
  const m = found.model;
  return (
    <>
      {m.id}
      <span class="sub">
        {formatParams(lang, m.params.total)}
        {m.params.active !== m.params.total &&
          ` (${t('ui.model_active', { params: formatParams(lang, m.params.active) })})`}{' '}
        · {t(`ui.model_kind_${m.kind.replace('-', '_')}`)}
      </span>
    </>
  );
}

/** What a catalog entry leaves aside, and where its config.json came from. */
function CatalogNotes({ model }: { model: CatalogModel }) {
  const t = useT();
  return (
    <p class="hint catalog-notes" data-testid="catalog-notes">
      {model.textOnly && <> {t('ui.catalog_text_only')}</>}
      {model.notes.map((note) => (
        <span key={note}> {t(`ui.catalog_note_${note}`)}</span>
      ))}{' '}
      {model.source.url && (
        <a href={model.source.url} target="_blank" rel="noopener noreferrer">
          {t('ui.catalog_source', { repo: model.source.repo })}
          <span class="visually-hidden"> {t('ui.new_window')}</span>
        </a>
      )}
    </p>
  );
}

/** Asks before the page contacts huggingface.co, then says what came of it. */
function HubPanel({
  hub,
  onFetch,
  onCancel,
}: {
  hub: Hub;
  onFetch(id: string): void;
  onCancel(): void;
}) {
  const t = useT();
  if (hub.kind === 'idle')
    return <div class="hub-status" aria-live="polite" data-testid="hub-status" />;
  if (hub.kind === 'confirm') {
    return (
      <div class="hub-confirm" role="group" aria-labelledby="hub-consent" data-testid="hub-confirm">
        <p id="hub-consent">{t('ui.hub_consent', { id: hub.id })}</p>
        <button type="button" data-testid="hub-fetch" onClick={() => onFetch(hub.id)}>
          {t('ui.hub_fetch')}
        </button>{' '}
        <button type="button" class="secondary" onClick={onCancel}>
          {t('ui.cancel')}
        </button>
      </div>
    );
  }
  return (
    <div class="hub-status" aria-live="polite" data-testid="hub-status">
      {hub.kind === 'fetching' && <p aria-busy="true">{t('ui.hub_fetching', { id: hub.id })}</p>}
      {hub.kind === 'done' && hub.outcome.ok && (
        <>
          <p data-testid="hub-done">{t('ui.hub_done', { id: hub.id })}</p>
          <Issues issues={hub.outcome.result.issues} />
        </>
      )}
      {hub.kind === 'done' && !hub.outcome.ok && (
        <>
          <p class="error" role="alert" data-testid="hub-failed">
            {t(hub.outcome.key, hub.outcome.params)}
          </p>
          {hub.outcome.result && <Issues issues={hub.outcome.result.issues} />}
          <button type="button" class="secondary" onClick={() => onFetch(hub.id)}>
            {t('ui.retry')}
          </button>
        </>
      )}
    </div>
  );
}

function Issues({ issues }: { issues: Issue[] }) {
  const app = useApp();
  const t = useT();
  if (issues.length === 0) return null;
  return (
    <ul class="field-messages">
      {issues.map((issue, i) => (
        <li key={i} class={issue.severity} data-testid="hub-issue">
          {issueText(app.lang.value, {
            ...issue,
            params: { ...issue.params, field: t('hf.source') },
          })}
        </li>
      ))}
    </ul>
  );
}
