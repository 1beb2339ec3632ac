import messages from 'virtual:messages/measured';
import data from '../data/measured-memory.json';
import { addMessages, formatNumber } from '../i18n/i18n';
import { useApp, useT } from '../state/context';

interface MeasuredRun {
  id: string;
  model: string;
  hardware: string;
  gpus: number;
  counter: string;
  measuredGb: number;
  source: string;
  url: string;
  texts: Record<string, string>;
}

const RUNS = data.runs as unknown as MeasuredRun[];
addMessages(messages);

/**
 * Public measurements of the model on the page (docs/validation.md), each next to what the
 * module predicts for that run's own configuration: peak allocated against an allocated counter,
 * the peak-reserved range against a reserved one. Loaded with its data when first shown.
 */
export function MeasuredMemory() {
  const app = useApp();
  const t = useT();
  const lang = app.lang.value;
  const model = app.report.value.texts.model;
  const runs = RUNS.filter((r) => r.model === model);
  if (runs.length === 0) return <p class="hint">{t('measured.none')}</p>;
  const gb = (v: number | null) => formatNumber(lang, v, 2);
  return (
    <div class="table-scroll" data-testid="measured-memory">
      <table class="measured">
        <caption>{t('ui.measured_title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('measured.run')}</th>
            <th scope="col" class="num">
              {t('measured.value')}
            </th>
            <th scope="col" class="num">
              {t('measured.predicted')}
            </th>
            <th scope="col" />
          </tr>
        </thead>
        <tbody>
          {runs.map((run) => {
            const m = app.core.evaluate(run.texts).training.memory;
            const reserved = run.counter === 'reserved';
            return (
              <tr key={run.id}>
                <th scope="row">
                  <a href={run.url} rel="noopener noreferrer" target="_blank">
                    {run.source}
                  </a>
                  <p class="note">
                    {t('measured.setup', { gpus: run.gpus, hardware: run.hardware })}
                  </p>
                </th>
                <td class="num">
                  {t(reserved ? 'measured.reserved' : 'measured.allocated', {
                    gb: gb(run.measuredGb),
                  })}
                </td>
                <td class="num">
                  {reserved
                    ? t('ui.gb_range', { low: gb(m.reservedLowGb), high: gb(m.reservedHighGb) })
                    : t('ui.gb', { n: gb(m.allocatedGb) })}
                </td>
                <td>
                  <a href={app.core.encodeLink(run.texts).replace(/^\.\//, '')}>
                    {t('measured.open_plan')}
                  </a>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
