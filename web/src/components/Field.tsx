import { useContext } from 'preact/hooks';
import { useApp, useT } from '../state/context';
import { ShownInPath } from './field-placement';
import { choiceKey, formatNumber } from '../i18n/i18n';
import { recomputeLabel } from '../i18n/issue-text';
import { ChoiceField } from './ChoiceField';
import { TextField } from './TextField';
import type { PlanTexts } from '../core/types';

interface Props {
  /** camelCase field id */
  id: keyof PlanTexts;
  hint?: string;
}

/**
 * The right input for a plan field, from its declared type, with the value the core resolved for
 * it when left empty (a preset's, a default, an automatic rule's) as its placeholder: the page
 * shows exactly what every panel used.
 */
export function Field({ id, hint }: Props) {
  const app = useApp();
  const t = useT();
  const elsewhere = useContext(ShownInPath).has(id);
  const lang = app.lang.value;
  const spec = app.core.catalog.fields.find((f) => f.id === id);
  if (!spec) throw new Error(`unknown field ${id}`);
  if (elsewhere) return null;
  const resolved = app.resolvedInput(spec.issueField);
  // A choice's name; selective recompute names the modules Megatron recomputes where they are
  // not the attention core alone, as the answer and the tables name the plan's.
  const modules =
    spec.issueField === 'recompute' ? app.resolvedInput('recompute_modules')?.text : undefined;
  const choiceLabel = (choice: string) =>
    modules ? recomputeLabel(t, choice, null, modules) : t(choiceKey(spec.issueField, choice));
  let autoText = '';
  if (resolved && resolved.source !== 'given' && resolved.source !== 'refused') {
    if (spec.type === 'flag') {
      autoText = resolved.value === null ? '' : t(resolved.value ? 'ui.on' : 'ui.off');
    } else if (spec.choiceList) {
      autoText = resolved.text; // a list of choice ids ("q,v"), as it would be typed
    } else if (spec.choices.length > 0) {
      autoText = resolved.text ? choiceLabel(resolved.text) : '';
    } else if (spec.type !== 'text') {
      autoText = resolved.value === null ? '' : formatNumber(lang, resolved.value, 4);
    }
  }
  if (spec.type === 'flag' || (spec.choices.length > 0 && !spec.choiceList)) {
    return (
      <ChoiceField
        spec={spec}
        autoLabel={t('ui.auto', { value: autoText || '—' })}
        choiceLabel={choiceLabel}
      />
    );
  }
  return (
    <TextField
      id={id}
      placeholder={autoText ? t('ui.auto', { value: autoText }) : ''}
      hint={hint}
    />
  );
}
