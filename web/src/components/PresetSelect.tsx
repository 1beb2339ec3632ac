import { useApp, useT } from '../state/context';
import { FieldMessages, useFieldIssues } from './FieldMessages';

export interface PresetOption {
  id: string;
  label: string;
  group?: string;
}

interface Props {
  /** camelCase field id: "model" or "accelerator" */
  id: 'model' | 'accelerator';
  options: PresetOption[];
}

/** A preset chooser with a "custom" entry. An unknown id from a link stays selected and named. */
export function PresetSelect({ id, options }: Props) {
  const app = useApp();
  const t = useT();
  const value = app.text(id);
  const issues = useFieldIssues(id);
  const known = value === 'custom' || options.some((o) => o.id === value);
  const groups = [...new Set(options.map((o) => o.group ?? ''))];
  const inputId = `in-${id}`;
  return (
    <div class="field">
      <label for={inputId}>{t(`field.${id}`)}</label>
      <select
        id={inputId}
        value={value}
        data-testid={`input-${id}`}
        aria-invalid={issues.length > 0}
        aria-describedby={issues.length ? `${inputId}-messages` : undefined}
        onChange={(e) => app.setText(id, (e.currentTarget as HTMLSelectElement).value)}
      >
        {!known && <option value={value}>{value}</option>}
        {groups.map((group) => {
          const items = options
            .filter((o) => (o.group ?? '') === group)
            .map((o) => (
              <option key={o.id} value={o.id}>
                {o.label}
              </option>
            ));
          return group ? (
            <optgroup key={group} label={group}>
              {items}
            </optgroup>
          ) : (
            items
          );
        })}
        <option value="custom">{t('ui.custom')}</option>
      </select>
      <FieldMessages id={`${inputId}-messages`} issues={issues} />
    </div>
  );
}
