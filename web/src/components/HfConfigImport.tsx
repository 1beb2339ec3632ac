// A Hugging Face config.json pasted, chosen or dropped → the plan's model inputs. The core reads
// the file (importHfConfig, in a worker); this component only carries text in and shows what came
// back.
import { useRef, useState } from 'preact/hooks';
import hfMessages from 'virtual:hf-messages';
import { HF_CONFIG_MAX_BYTES, hfConfigExcessBytes, importHfConfig } from '../core/import-client';
import type { HfImport, Issue, PlanTexts } from '../core/types';
import {
  addMessages,
  choiceKey,
  formatNumber,
  formatParams,
  hasMessage,
  own,
  type Lang,
} from '../i18n/i18n';
import { issueText } from '../i18n/issue-text';
import { useApp, useT } from '../state/context';
import './HfConfigImport.css';

addMessages(hfMessages);

const MIB = 1024 * 1024;
// A UTF-8 byte order mark: the core skips it, so a file may be this much over the limit.
const BOM_BYTES = 3;

/** A size over the limit and the limit, in MiB (rounded up, so that it never reads as the limit). */
function sizes(lang: Lang, bytes: number): Record<string, string> {
  return {
    size: formatNumber(lang, Math.ceil((bytes * 10) / MIB) / 10, 1),
    max: formatNumber(lang, HF_CONFIG_MAX_BYTES / MIB, 0),
  };
}

type Status =
  | { kind: 'idle' }
  | { kind: 'reading' }
  | { kind: 'message'; key: string; params?: Record<string, string> }
  /** not imported, refused before it reached the importer (too large) */
  | { kind: 'refused'; key: string; params: Record<string, string> }
  | { kind: 'done'; result: HfImport };

/** A labelled text box for config.json, a file input (also a drop target) and an Import button. */
export function HfConfigImport() {
  const app = useApp();
  const t = useT();
  // Kept here, not in the plan: what was pasted survives a failed import and later edits.
  const [text, setText] = useState('');
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [dragging, setDragging] = useState(false);
  // Only the newest import may land: an older one can finish later while the importer loads.
  const latest = useRef(0);

  const runImport = async (source: string) => {
    const id = ++latest.current;
    if (!source.trim()) {
      setStatus({ kind: 'message', key: 'hf.empty' });
      return;
    }
    // Refused here, before the text is copied to the worker and into the module.
    const excess = hfConfigExcessBytes(source);
    if (excess !== undefined) {
      setStatus({ kind: 'refused', key: 'hf.too_large', params: sizes(app.lang.value, excess) });
      return;
    }
    setStatus({ kind: 'reading' });
    try {
      const result = await importHfConfig(source);
      if (id !== latest.current) return;
      if (result.ok) app.setTexts(result.texts);
      setStatus({ kind: 'done', result });
    } catch {
      if (id === latest.current) setStatus({ kind: 'message', key: 'hf.load_failed' });
    }
  };

  const readFile = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > HF_CONFIG_MAX_BYTES + BOM_BYTES) {
      // Not read at all: its text would not be imported, and would make the text box slow.
      ++latest.current;
      setStatus({
        kind: 'refused',
        key: 'hf.file_too_large',
        params: { name: file.name, ...sizes(app.lang.value, file.size) },
      });
      return;
    }
    try {
      const content = await file.text();
      setText(content);
      await runImport(content);
    } catch {
      setStatus({ kind: 'message', key: 'hf.read_failed', params: { name: file.name } });
    }
  };

  return (
    <div class="hf-import" role="group" aria-label={t('hf.title')}>
      <div class="field">
        <label for="hf-text">{t('hf.text_label')}</label>
        <textarea
          id="hf-text"
          class={dragging ? 'hf-text dragging' : 'hf-text'}
          rows={5}
          spellcheck={false}
          autocomplete="off"
          value={text}
          aria-describedby="hf-hint hf-status"
          data-testid="hf-text"
          onInput={(e) => setText((e.currentTarget as HTMLTextAreaElement).value)}
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={(e) => {
            e.preventDefault();
            setDragging(false);
            void readFile(e.dataTransfer?.files[0]);
          }}
        />
        <p id="hf-hint" class="hint">
          {t('hf.drop_hint')}
        </p>
      </div>
      <div class="field">
        <label for="hf-file">{t('hf.file_label')}</label>
        <input
          id="hf-file"
          type="file"
          accept=".json,application/json"
          data-testid="hf-file"
          onChange={(e) => {
            const input = e.currentTarget as HTMLInputElement;
            void readFile(input.files?.[0]);
            input.value = ''; // the same file can be chosen again after editing it
          }}
        />
      </div>
      <button type="button" data-testid="hf-import" onClick={() => void runImport(text)}>
        {t('hf.import')}
      </button>
      <div id="hf-status" class="hf-status" aria-live="polite" data-testid="hf-status">
        {status.kind === 'reading' && <p>{t('hf.reading')}</p>}
        {status.kind === 'message' && <p class="error">{t(status.key, status.params)}</p>}
        {status.kind === 'refused' && (
          <>
            <p class="error" data-testid="hf-failed">
              {t('hf.failed')}
            </p>
            <ul class="field-messages">
              <li class="error" data-testid="hf-issue">
                {t(status.key, status.params)}
              </li>
            </ul>
          </>
        )}
        {status.kind === 'done' && <ImportOutcome result={status.result} />}
      </div>
    </div>
  );
}

function ImportOutcome({ result }: { result: HfImport }) {
  const { lang } = useApp();
  const t = useT();
  const named = (issue: Issue): Issue => ({
    ...issue,
    params: { ...issue.params, field: t('hf.source') },
  });
  const messages = (
    <ul class="field-messages">
      {result.issues.map((issue, i) => (
        <li key={i} class={issue.severity} data-testid="hf-issue">
          {issueText(lang.value, named(issue))}
        </li>
      ))}
    </ul>
  );
  if (!result.ok) {
    return (
      <>
        <p class="error" data-testid="hf-failed">
          {t('hf.failed')}
        </p>
        {messages}
      </>
    );
  }
  return (
    <>
      <p data-testid="hf-imported">
        {t('hf.imported', {
          name: result.modelName || result.modelType,
          family: result.family || t('hf.family_generic'),
        })}
      </p>
      {result.issues.length > 0 && messages}
      <ImportedFields texts={result.texts} />
      <ModelCounts />
    </>
  );
}

/** The architecture read, as the form's labels name it: "Layers 32 · Hidden size 4096 · …". */
function ImportedFields({ texts }: { texts: PlanTexts }) {
  const app = useApp();
  const t = useT();
  const parts = app.core.catalog.fields
    // Zeros and the period of 1 are the defaults of what a model does not have (MoE, MLA …).
    .filter(
      (f) =>
        f.group === 'architecture' &&
        own(texts as Record<string, string | undefined>, f.id) &&
        texts[f.id] !== '0',
    )
    .filter((f) => !(f.id === 'moeLayerPeriod' && texts[f.id] === '1'))
    .map((f) => {
      const label = t(`field.${f.issueField}`);
      const value = texts[f.id];
      if (f.type === 'flag') return label;
      const choice = choiceKey(f.issueField, value ?? '');
      return `${label} ${hasMessage(choice) ? t(choice) : value}`;
    });
  return (
    <p class="hint" data-testid="hf-fields">
      {parts.join(' · ')}
    </p>
  );
}

/** The current plan's parameter counts (the memory panel shows what they take per card). */
function ModelCounts() {
  const app = useApp();
  const t = useT();
  const lang = app.lang.value;
  const { setup } = app.report.value;
  if (!setup.hasArchitecture) return null;
  const { counts } = setup;
  return (
    <dl class="hf-counts">
      <dt>{t('hf.params_total')}</dt>
      <dd data-testid="hf-params-total">
        {formatParams(lang, counts.total)} ({formatNumber(lang, counts.total, 0)})
      </dd>
      {counts.active !== counts.total && (
        <>
          <dt>{t('hf.params_active')}</dt>
          <dd data-testid="hf-params-active">
            {formatParams(lang, counts.active)} ({formatNumber(lang, counts.active, 0)})
          </dd>
        </>
      )}
    </dl>
  );
}
