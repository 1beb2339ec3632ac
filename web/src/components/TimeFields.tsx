import { Disclosure } from './Disclosure';
import { useT } from '../state/context';
import { Field } from './Field';
import { Lazy } from './Lazy';

// The efficiencies' fields and hints load when their section is first opened.
const loadEfficiencyFields = () => import('./EfficiencyFields').then((m) => m.EfficiencyFields);

/** What the time, cost and search need: tokens, a deadline, the ranking, limits, efficiencies. */
export function TimeFields() {
  const t = useT();
  return (
    <fieldset>
      <legend>{t('ui.group_time')}</legend>
      <Field id="tokens" hint={t('hint.tokens')} />
      <Field id="epochs" />
      <Field id="deadlineDays" hint={t('hint.deadline_days')} />
      <Field id="objective" />
      <Field id="searchLimits" hint={t('hint.search_limits')} />
      <Disclosure summary={t('ui.efficiency')}>
        {() => <Lazy load={loadEfficiencyFields} />}
      </Disclosure>
    </fieldset>
  );
}
