import { useEffect, useRef, useState } from 'preact/hooks';
import { markdownTable, summaryRows } from '../export/exports';
import { useApp, useT } from '../state/context';

const PANELS = [
  ['training', 'ui.training_title'],
  ['memory', 'ui.memory_title'],
  ['time', 'ui.time_title'],
  ['search', 'ui.search_title'],
  ['inference', 'ui.inference_title'],
  ['serving', 'ui.serving_title'],
  ['comparison', 'ui.comparison_title'],
] as const;

const attribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** Keeps Tab and Shift+Tab inside `box`. */
function trapFocus(box: HTMLElement, event: KeyboardEvent) {
  if (event.key !== 'Tab') return;
  const items = [...box.querySelectorAll<HTMLElement>('button, input, textarea, a[href]')];
  const first = items[0];
  const last = items[items.length - 1];
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

/** The snippets that put this plan in another page: an <iframe>, or a Markdown table. */
export function EmbedDialog({ onClose }: { onClose(): void }) {
  const app = useApp();
  const t = useT();
  const box = useRef<HTMLDialogElement>(null);
  const [panels, setPanels] = useState<string[]>(['training', 'memory']);
  const [copied, setCopied] = useState('');

  useEffect(() => {
    const dialog = box.current;
    if (!dialog) return;
    dialog.showModal();
    const onKey = (e: KeyboardEvent) => trapFocus(dialog, e);
    dialog.addEventListener('close', onClose);
    dialog.addEventListener('keydown', onKey);
    return () => {
      dialog.removeEventListener('close', onClose);
      dialog.removeEventListener('keydown', onKey);
    };
  }, []);

  const setup = app.report.value.setup;
  const url = app.absoluteLinkWith({ embed: panels.join(','), lang: app.lang.value });
  const title = t('ui.frame_title', {
    model: setup.modelName || t('ui.custom_model'),
    accelerator: setup.acceleratorName || t('ui.custom_accelerator'),
  });
  const iframe =
    `<iframe src="${attribute(url)}" title="${attribute(title)}" width="100%" height="640" ` +
    'style="border:0" loading="lazy"></iframe>';
  const markdown = markdownTable(
    summaryRows(app.report.value, app.lang.value, t),
    app.absoluteLink.value,
    t,
  );
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(t('ui.copied'));
    } catch {
      setCopied(t('ui.copy_failed'));
    }
  };
  const toggle = (id: string, on: boolean) =>
    setPanels(PANELS.map(([p]) => p).filter((p) => (p === id ? on : panels.includes(p))));

  return (
    <dialog ref={box} class="embed-dialog" aria-labelledby="embed-title" data-testid="embed-dialog">
      <h2 id="embed-title">{t('ui.embed_title')}</h2>
      <fieldset>
        <legend>{t('ui.embed_panels')}</legend>
        {PANELS.map(([id, label]) => (
          <label key={id} class="check">
            <input
              type="checkbox"
              checked={panels.includes(id)}
              data-testid={`embed-panel-${id}`}
              onChange={(e) => toggle(id, (e.currentTarget as HTMLInputElement).checked)}
            />{' '}
            {t(label)}
          </label>
        ))}
      </fieldset>
      <label for="embed-iframe">{t('ui.embed_iframe')}</label>
      <textarea
        id="embed-iframe"
        readOnly
        rows={4}
        value={panels.length ? iframe : ''}
        data-testid="embed-iframe"
        aria-describedby="embed-iframe-hint"
      />
      <p id="embed-iframe-hint" class="hint">
        {panels.length ? t('ui.embed_iframe_hint') : t('ui.embed_none')}
      </p>
      <button type="button" disabled={!panels.length} onClick={() => copy(iframe)}>
        {t('ui.copy')}
      </button>
      <label for="embed-markdown">{t('ui.embed_markdown')}</label>
      <textarea
        id="embed-markdown"
        readOnly
        rows={8}
        value={markdown}
        data-testid="embed-markdown"
      />
      <button type="button" onClick={() => copy(markdown)}>
        {t('ui.copy')}
      </button>
      <p class="share-status" role="status" aria-live="polite">
        {copied}
      </p>
      <button
        type="button"
        class="secondary"
        onClick={() => box.current?.close()}
        data-testid="embed-close"
      >
        {t('ui.close')}
      </button>
    </dialog>
  );
}
