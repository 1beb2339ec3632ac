import { Disclosure } from './Disclosure';
import { useT } from '../state/context';
import { Field } from './Field';
import { Lazy } from './Lazy';

// The efficiencies' fields and the search's settings load with their hints when their section
// is first opened.
const loadEfficiencyFields = () => import('./EfficiencyFields').then((m) => m.EfficiencyFields);
const loadSearchFields = () => import('./SearchFields').then((m) => m.SearchFields);

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
      <Disclosure summary={t('field.search_limits')}>
        {() => <Lazy load={loadSearchFields} />}
      </Disclosure>
      <Disclosure summary={t('ui.efficiency')}>
        {() => <Lazy load={loadEfficiencyFields} />}
      </Disclosure>
    </fieldset>
  );
}
