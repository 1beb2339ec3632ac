import { useEffect, useRef, useState } from 'preact/hooks';
import { HEIGHT_MESSAGE } from '../embed/post-height';
import { markdownTable, summaryRows } from '../export/exports';
import { useApp, useT } from '../state/context';
import './EmbedDialog.css';

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

/**
 * What the host page needs for the frame to take its content's height, carried by the snippet
 * itself: it listens for the embedded page's height messages (web/src/embed/post-height.ts) and
 * sizes the frame that sent each one. Written for any page (no modules, no newer syntax), once
 * per page however many frames it holds.
 */
export const SIZER_SCRIPT =
  "if(!window.llmSizerFrames){window.llmSizerFrames=1;addEventListener('message',function(e){" +
  "var d=e.data;if(!d||d.type!=='llm-sizer:height'||!(d.height>0&&d.height<1e5))return;" +
  "var f=document.getElementsByTagName('iframe');for(var i=0;i<f.length;i++)" +
  "if(f[i].contentWindow===e.source)f[i].style.height=d.height+'px'})}";

/**
 * The frame's sandbox: scripts, its own origin (the page loads its modules and wasm from it; the
 * host stays another origin, so this grants nothing over the host) and new tabs for "open the full
 * plan".
 */
export const SANDBOX =
  'allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox';

/** The height a frame is given before its content says how tall it is, and without the script. */
const FALLBACK_HEIGHT = 640;

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
  // The preview below posts its height: the snippet's fixed height (for pages that strip the
  // script) is the one measured for these panels, at the preview's width.
  const preview = useRef<HTMLIFrameElement>(null);
  const [measured, setMeasured] = useState<{ key: string; height: number } | null>(null);

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
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { type?: string; height?: number } | null;
      if (event.source !== preview.current?.contentWindow || data?.type !== HEIGHT_MESSAGE) return;
      const height = Number(data.height);
      if (height > 0 && height < 100000) setMeasured({ key: url, height: Math.ceil(height) });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [url]);
  const height = measured?.key === url ? measured.height : FALLBACK_HEIGHT;
  const title = t('ui.frame_title', {
    model: setup.modelName || t('ui.custom_model'),
    accelerator: setup.acceleratorName || t('ui.custom_accelerator'),
  });
  const iframe =
    `<iframe src="${attribute(url)}" title="${attribute(title)}" width="100%" height="${height}" ` +
    `style="border:0" loading="lazy" sandbox="${SANDBOX}"></iframe>\n` +
    `<script>${SIZER_SCRIPT}</script>`;
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
        {panels.length ? t('ui.embed_iframe_hint', { height }) : t('ui.embed_none')}
      </p>
      {panels.length > 0 && (
        <div class="embed-preview">
          <iframe
            ref={preview}
            src={url}
            title={t('ui.embed_preview', { title })}
            sandbox={SANDBOX}
            height={height}
            // A picture of the embed: keyboard focus inside it would take Escape away from the
            // dialog (the serving panel's buttons made that reachable within a few tabs).
            inert
            data-testid="embed-preview"
          />
        </div>
      )}
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
