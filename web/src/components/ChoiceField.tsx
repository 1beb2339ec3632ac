import { useApp, useT } from '../state/context';
import { FieldMessages, useFieldIssues } from './FieldMessages';
import type { FieldSpec } from '../core/types';

interface Props {
  spec: FieldSpec;
  /** what "automatic" means here, shown as the first option */
  autoLabel: string;
  /** a choice's name (its catalog name unless the plan words it) */
  choiceLabel: (choice: string) => string;
}

/**
 * A select for a text input with fixed choices, or for a flag (on / off). The first option is
 * "automatic" (empty text), so a plan can leave the choice to the preset or the framework.
 */
export function ChoiceField({ spec, autoLabel, choiceLabel }: Props) {
  const app = useApp();
  const t = useT();
  const issues = useFieldIssues(spec.issueField);
  const id = `in-${spec.id}`;
  const value = app.text(spec.id);
  const options =
    spec.type === 'flag'
      ? [
          { value: '1', label: t('ui.on') },
          { value: '0', label: t('ui.off') },
        ]
      : spec.choices.map((c) => ({ value: c, label: choiceLabel(c) }));
  const known = value === '' || options.some((o) => o.value === value);
  return (
    <div class="field">
      <label for={id}>{t(`field.${spec.issueField}`)}</label>
      <select
        id={id}
        value={value}
        data-testid={`input-${spec.id}`}
        aria-invalid={issues.some((i) => i.severity === 'error')}
        aria-describedby={issues.length ? `${id}-messages` : undefined}
        onChange={(e) => app.setText(spec.id, (e.currentTarget as HTMLSelectElement).value)}
      >
        <option value="">{autoLabel}</option>
        {!known && <option value={value}>{value}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldMessages id={`${id}-messages`} issues={issues} />
    </div>
  );
}
