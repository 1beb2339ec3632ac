import { addMessages } from '../i18n/i18n';
import type { TimeBand } from '../core/types';
import resultsMessages from 'virtual:messages/results';

addMessages(resultsMessages);

/**
 * The answer card's days (or, with `cost`, its cost) at the pace of published runs like the plan
 * (time_band.hpp): the headline is the model's own figure, and this says how far such runs were
 * from it. Loaded once a plan has days and a band, with the time panel's messages.
 */
export function daysBand(
  band: TimeBand,
  t: (key: string, params?: Record<string, string | number>) => string,
  n: (v: number | null | undefined, digits?: number) => string,
  cost = false,
): string {
  return cost
    ? t('ui.answer_cost_band', {
        low: t('ui.cost', { n: n(band.costLow, 0) }),
        high: t('ui.cost', { n: n(band.costHigh, 0) }),
      })
    : t('ui.answer_days_band', { low: n(band.daysLow, 1), high: n(band.daysHigh, 1) });
}
