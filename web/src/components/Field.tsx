import { useApp, useT } from '../state/context';
import { formatNumber } from '../i18n/i18n';
import { ChoiceField } from './ChoiceField';
import { TextField } from './TextField';
import type { PlanTexts } from '../core/types';

interface Props {
  /** camelCase field id */
  id: keyof PlanTexts;
  /** the value used when the input is left empty: a number (null: unknown), a choice id, or a flag */
  auto?: number | string | boolean | null;
  hint?: string;
}

/** The right input for a plan field, from its declared type, with its automatic value shown. */
export function Field({ id, auto, hint }: Props) {
  const app = useApp();
  const t = useT();
  const lang = app.lang.value;
  const spec = app.core.catalog.fields.find((f) => f.id === id);
  if (!spec) throw new Error(`unknown field ${id}`);
  const autoText =
    typeof auto === 'boolean'
      ? t(auto ? 'ui.on' : 'ui.off')
      : typeof auto === 'string'
        ? t(`choice.${spec.issueField}.${auto}`)
        : auto == null || !Number.isFinite(auto)
          ? ''
          : formatNumber(lang, auto, 4);
  if (spec.type === 'flag' || spec.choices.length > 0) {
    return <ChoiceField spec={spec} autoLabel={t('ui.auto', { value: autoText || '—' })} />;
  }
  return (
    <TextField
      id={id}
      placeholder={autoText ? t('ui.auto', { value: autoText }) : ''}
      hint={hint}
    />
  );
}
