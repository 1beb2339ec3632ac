import { useApp, useT } from '../state/context';
import { FieldMessages, useFieldIssues } from './FieldMessages';
import type { PlanTexts } from '../core/types';

interface Props {
  /** camelCase field id (a key of the plan texts) */
  id: keyof PlanTexts;
  /** shown when empty: the automatic value */
  placeholder?: string;
  hint?: string;
}

/** A typed input. It keeps exactly what was typed; the core parses it and names any problem. */
export function TextField({ id, placeholder, hint }: Props) {
  const app = useApp();
  const t = useT();
  const spec = app.core.catalog.fields.find((f) => f.id === id);
  if (!spec) throw new Error(`unknown field ${id}`);
  const issues = useFieldIssues(spec.issueField);
  const inputId = `in-${id}`;
  const messagesId = `${inputId}-messages`;
  const hintId = `${inputId}-hint`;
  // "params" is what the label already says; units worth showing are GB and bytes.
  const unit = spec.unit && spec.unit !== 'params' ? t(`unit.${spec.unit}`) : '';
  const describedBy = [hint ? hintId : '', issues.length ? messagesId : ''].filter(Boolean);
  return (
    <div class="field">
      <label for={inputId}>
        {t(`field.${spec.issueField}`)}
        {unit && <span class="unit"> ({unit})</span>}
      </label>
      <input
        id={inputId}
        name={id}
        type="text"
        inputMode={spec.type === 'integer' ? 'numeric' : 'decimal'}
        autocomplete="off"
        spellcheck={false}
        value={app.text(id)}
        placeholder={placeholder}
        aria-invalid={issues.some((i) => i.severity === 'error')}
        aria-describedby={describedBy.length ? describedBy.join(' ') : undefined}
        data-testid={`input-${id}`}
        onInput={(e) => app.setText(id, (e.currentTarget as HTMLInputElement).value)}
      />
      {hint && (
        <p id={hintId} class="hint">
          {hint}
        </p>
      )}
      <FieldMessages id={messagesId} issues={issues} />
    </div>
  );
}
