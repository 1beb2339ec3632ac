import type { ComponentType } from 'preact';
import { useRef, useState } from 'preact/hooks';
import { withMessages } from '../i18n/i18n';
import { searchResult } from '../state/search-state';
import { useApp, useT } from '../state/context';

type Dialog = ComponentType<{ onClose(): void }>;

/**
 * Embed, copy and download the plan. What they need is loaded on first use, so the page a
 * visitor opens carries none of it.
 */
export function ShareTools() {
  const app = useApp();
  const t = useT();
  const [dialog, setDialog] = useState<{ Dialog: Dialog } | null>(null);
  const [status, setStatus] = useState('');
  const opener = useRef<HTMLButtonElement>(null);

  const openEmbed = async () => {
    // Its key numbers name the serving fleet in the serving answer's words.
    const { EmbedDialog } = await withMessages(
      import('./EmbedDialog'),
      import('virtual:messages/share'),
      import('virtual:messages/serve'),
    );
    setDialog({ Dialog: EmbedDialog });
  };
  const closeEmbed = () => {
    setDialog(null);
    opener.current?.focus();
  };
  // Everything the page shows: the report with the serving model, and the search's result when
  // the plan asks one (it is started, and waited for, if its panel was never scrolled to).
  const exportInput = async () => {
    const [report, search] = await Promise.all([app.fullReport(), searchResult(app)]);
    return { report, search, lang: app.lang.value, t, link: app.absoluteLink.value };
  };
  const copyMarkdown = async () => {
    const x = await withMessages(
      import('../export/exports'),
      import('virtual:messages/share'),
      import('virtual:messages/serve'),
      import('virtual:messages/results'),
    );
    const text = x.markdownReport(await exportInput());
    try {
      await navigator.clipboard.writeText(text);
      setStatus(t('ui.copied'));
    } catch {
      setStatus(t('ui.copy_failed'));
    }
  };
  const save = async (kind: 'csv' | 'md' | 'training' | 'inference') => {
    const x = await withMessages(
      import('../export/exports'),
      import('virtual:messages/share'),
      import('virtual:messages/serve'),
      import('virtual:messages/results'),
    );
    const base = x.fileBase(app.texts.value);
    const file = kind === 'csv' || kind === 'md' ? `${base}.${kind}` : `${base}-${kind}.json`;
    if (kind === 'csv') {
      x.download(file, 'text/csv;charset=utf-8', x.planCsv(await exportInput()));
    } else if (kind === 'md') {
      x.download(file, 'text/markdown;charset=utf-8', x.markdownReport(await exportInput()));
    } else {
      try {
        x.download(file, 'application/json', await app.core.exportJson(app.texts.value, kind));
      } catch {
        setStatus(t('ui.export_failed', { file }));
        return;
      }
    }
    setStatus(t('ui.exported', { file }));
  };

  return (
    <div class="share-tools" role="group" aria-label={t('ui.share_tools')}>
      <button
        type="button"
        class="secondary"
        ref={opener}
        aria-haspopup="dialog"
        onClick={openEmbed}
        data-testid="open-embed"
      >
        {t('ui.embed')}
      </button>
      <button type="button" class="secondary" onClick={copyMarkdown} data-testid="copy-markdown">
        {t('ui.copy_markdown')}
      </button>
      <button type="button" class="secondary" onClick={() => save('md')} data-testid="save-md">
        {t('ui.download_md')}
      </button>
      <button type="button" class="secondary" onClick={() => save('csv')} data-testid="save-csv">
        {t('ui.download_csv')}
      </button>
      {(['training', 'inference'] as const).map((kind) => (
        <button
          key={kind}
          type="button"
          class="secondary"
          onClick={() => save(kind)}
          data-testid={`save-${kind}-json`}
        >
          {t(`ui.download_${kind}_json`)}
        </button>
      ))}
      <button type="button" class="secondary" onClick={() => window.print()} data-testid="print">
        {t('ui.print')}
      </button>
      <span class="share-status" role="status" aria-live="polite" data-testid="export-status">
        {status}
      </span>
      {dialog && <dialog.Dialog onClose={closeEmbed} />}
    </div>
  );
}
