import type { ComponentType } from 'preact';
import { useRef, useState } from 'preact/hooks';
import { formatParams, withMessages } from '../i18n/i18n';
import { useApp, useT } from '../state/context';
import type { SearchProps } from './ModelSearch';

/**
 * The model search box: on the page from the start, while the search itself (ModelSearch.tsx:
 * the list, the catalog, the Hub) loads when the box is first focused or typed into. The box
 * stays the same element throughout, so the focus and what was typed are never lost.
 */
export function ModelSearchBox() {
  const app = useApp();
  const t = useT();
  const [search, setSearch] = useState<{ Search: ComponentType<SearchProps> } | null>(null);
  const [failed, setFailed] = useState(false);
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const keys = useRef<((event: KeyboardEvent) => void) | null>(null);
  const start = () => {
    setOpen(true);
    if (search) return;
    setFailed(false);
    withMessages(import('./ModelSearch'), import('virtual:messages/model')).then(
      (m) => setSearch({ Search: m.ModelSearch }),
      () => setFailed(true),
    );
  };
  return (
    <div class="field model-search" data-testid="model-search-field">
      <label for="model-search">{t('ui.model_search')}</label>
      <div class="combo">
        <input
          ref={input}
          id="model-search"
          type="text"
          role="combobox"
          autocomplete="off"
          spellcheck={false}
          aria-expanded={open && search !== null}
          aria-autocomplete="list"
          aria-describedby="model-search-current"
          placeholder={app.report.value.setup.modelName || t('ui.custom_model')}
          value={query}
          data-testid="model-search"
          onFocus={start}
          onInput={(e) => {
            setQuery((e.currentTarget as HTMLInputElement).value);
            start();
          }}
          onKeyDown={(e) => keys.current?.(e)}
          onBlur={() => setOpen(false)}
        />
        {search && (
          <search.Search
            query={query}
            setQuery={setQuery}
            open={open}
            setOpen={setOpen}
            input={input}
            keys={keys}
          />
        )}
      </div>
      <ModelNow />
      {failed && (
        <p class="error" role="alert">
          {t('ui.load_part_failed')}
        </p>
      )}
    </div>
  );
}

/** The model the plan has now, with its parameter counts. */
export function ModelNow() {
  const app = useApp();
  const t = useT();
  const lang = app.lang.value;
  const { setup } = app.report.value;
  return (
    <p id="model-search-current" class="hint" data-testid="model-current">
      {t('ui.model_current', {
        name: setup.modelName || t('ui.custom_model'),
        params: formatParams(lang, setup.hasArchitecture ? setup.counts.total : setup.params),
      })}
      {setup.hasArchitecture && setup.counts.active !== setup.counts.total && (
        <> {t('ui.model_active', { params: formatParams(lang, setup.counts.active) })}</>
      )}
    </p>
  );
}
