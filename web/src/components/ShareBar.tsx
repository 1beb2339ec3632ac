import { useState } from 'preact/hooks';
import { useApp, useT } from '../state/context';

/** The plan's share link, always visible, and a copy button. */
export function ShareBar() {
  const app = useApp();
  const t = useT();
  const [status, setStatus] = useState<'idle' | 'copied' | 'failed'>('idle');
  const link = app.absoluteLink.value;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setStatus('copied');
    } catch {
      setStatus('failed');
    }
  };
  return (
    <>
      <div class="share-bar">
        <label class="share-label" for="share-link">
          {t('ui.share_link')}
        </label>
        <input
          id="share-link"
          class="share-link"
          readOnly
          value={link}
          data-testid="share-link"
          onFocus={(e) => (e.currentTarget as HTMLInputElement).select()}
        />
        <button type="button" onClick={copy} data-testid="copy-link">
          {t('ui.copy_link')}
        </button>
        <span class="share-status" role="status" aria-live="polite">
          {status === 'copied' ? t('ui.copied') : status === 'failed' ? t('ui.copy_failed') : ''}
        </span>
      </div>
      <p class="print-only">{t('ui.print_link', { link })}</p>
    </>
  );
}
