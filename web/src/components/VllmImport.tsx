import { useRef, useState } from 'preact/hooks';
import type { VllmImport as Imported } from '../core/types';
import { issueText } from '../i18n/issue-text';
import { useApp, useT } from '../state/context';

/**
 * A `vllm serve …` command line read into the plan: the model, the layout and the engine's
 * settings (docs/serving.md lists the flags read). The core does the reading; nothing typed is
 * lost when the command cannot be read.
 */
export function VllmImport() {
  const app = useApp();
  const t = useT();
  const [text, setText] = useState('');
  const [result, setResult] = useState<Imported | null>(null);
  const [failed, setFailed] = useState(false);
  const latest = useRef(0);
  const read = async () => {
    const id = ++latest.current;
    setFailed(false);
    try {
      const imported = await app.core.importVllmCommand(text);
      if (id !== latest.current) return;
      if (imported.ok) app.setTexts(imported.texts);
      setResult(imported);
    } catch {
      if (id === latest.current) setFailed(true);
    }
  };
  const lang = app.lang.value;
  const count = result?.ok ? Object.keys(result.texts).length : 0;
  return (
    <details class="more" data-testid="vllm-import">
      <summary>{t('ui.fleet_import')}</summary>
      <div class="field">
        <label for="vllm-command">{t('ui.fleet_import_label')}</label>
        <textarea
          id="vllm-command"
          rows={3}
          spellcheck={false}
          autocomplete="off"
          value={text}
          data-testid="vllm-text"
          onInput={(e) => setText((e.currentTarget as HTMLTextAreaElement).value)}
        />
      </div>
      <button type="button" class="secondary" onClick={read} data-testid="vllm-read">
        {t('ui.fleet_import_apply')}
      </button>
      <div role="status" data-testid="vllm-status">
        {failed && <p class="error">{t('ui.load_part_failed')}</p>}
        {result?.ok && <p>{t('ui.fleet_import_done', { n: count })}</p>}
        {result && result.issues.length > 0 && (
          <ul class="field-messages">
            {result.issues.map((issue, i) => (
              <li key={i} class={issue.severity} data-testid="vllm-issue">
                {issueText(lang, issue)}
              </li>
            ))}
          </ul>
        )}
      </div>
    </details>
  );
}
