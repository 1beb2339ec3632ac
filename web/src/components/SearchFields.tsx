import resultsMessages from 'virtual:messages/results';
import { addMessages } from '../i18n/i18n';
import { useT } from '../state/context';
import { Field } from './Field';

addMessages(resultsMessages);

/**
 * What narrows the layout search (a range or list per dimension) and how far a layout's batch
 * may differ from the plan's: loaded, with their hints, when their section is first opened.
 */
export function SearchFields() {
  const t = useT();
  return (
    <>
      <Field id="searchLimits" hint={t('time.hint_search_limits')} />
      <Field id="batchTolerance" hint={t('time.hint_batch_tolerance')} />
    </>
  );
}
