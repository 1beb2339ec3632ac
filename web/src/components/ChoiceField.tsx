import { useApp, useT } from '../state/context';
import { FieldMessages, useFieldIssues } from './FieldMessages';

interface Props {
  /** camelCase field id of a text field with choices */
  id: string;
  /** message key prefix of the choices' labels (default: `choice.<field id>`) */
  labels?: string;
  /** the value "automatic" resolves to, shown in the empty option */
  auto: string;
}

/** One of a field's declared choices, or automatic; an unknown value from a link stays shown. */
export function ChoiceField({ id, labels, auto }: Props) {
  const app = useApp();
  const t = useT();
  const spec = app.core.catalog.fields.find((f) => f.id === id);
  if (!spec) throw new Error(`unknown field ${id}`);
  const issues = useFieldIssues(spec.issueField);
  const value = app.texts.value[id] ?? '';
  const prefix = labels ?? `choice.${spec.issueField}`;
  const inputId = `in-${id}`;
  const messagesId = `${inputId}-messages`;
  const known = value === '' || spec.choices.includes(value);
  return (
    <div class="field">
      <label for={inputId}>{t(`field.${spec.issueField}`)}</label>
      <select
        id={inputId}
        value={value}
        data-testid={`input-${id}`}
        aria-invalid={issues.some((i) => i.severity === 'error')}
        aria-describedby={issues.length ? messagesId : undefined}
        onChange={(e) => app.setText(id, (e.currentTarget as HTMLSelectElement).value)}
      >
        <option value="">{t('ui.auto_choice', { value: t(`${prefix}.${auto}`) })}</option>
        {!known && <option value={value}>{value}</option>}
        {spec.choices.map((choice) => (
          <option key={choice} value={choice}>
            {t(`${prefix}.${choice}`)}
          </option>
        ))}
      </select>
      <FieldMessages id={messagesId} issues={issues} />
    </div>
  );
}
