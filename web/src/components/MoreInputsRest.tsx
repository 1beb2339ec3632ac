import { useT } from '../state/context';
import { Field } from './Field';
import { ServingFields } from './ServingFields';
import { TimeFields } from './TimeFields';
import { TrainingFields } from './TrainingFields';

/**
 * The inputs below the layout's: training, time, the article's inference rule and serving. Their
 * code and messages load when their place nears the viewport (MoreInputs.tsx), so a first visit
 * that does not scroll down to them does not download them.
 */
export function MoreInputsRest() {
  const t = useT();
  return (
    <div data-testid="more-inputs-rest">
      <TrainingFields />
      <TimeFields />
      <fieldset>
        <legend>{t('ui.group_inference')}</legend>
        <Field id="weightBytesPerParam" hint={t('hint.weight_bytes_per_param')} />
      </fieldset>
      <ServingFields />
    </div>
  );
}
