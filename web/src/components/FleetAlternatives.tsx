import type { FleetAlternative } from '../core/types';
import { withNaN } from '../core/unknown';
import { formatNumber } from '../i18n/i18n';
import { useApp, useT } from '../state/context';

/** The next best layouts of the fleet search, for comparison. */
export function FleetAlternatives({ rows: sent }: { rows: FleetAlternative[] }) {
  const rows = sent.map(withNaN);
  const app = useApp();
  const t = useT();
  const lang = app.lang.value;
  const n = (v: number, digits = 0) => formatNumber(lang, v, digits);
  if (rows.length === 0) return null;
  return (
    <div class="table-scroll">
      <table class="layouts" data-testid="fleet-alternatives">
        <caption>{t('ui.fleet_alternatives')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('ui.fleet_col_layout')}</th>
            <th scope="col" class="num">
              {t('ui.fleet_col_gpus')}
            </th>
            <th scope="col" class="num">
              {t('ui.fleet_col_tpot')}
            </th>
            <th scope="col" class="num">
              {t('ui.fleet_col_ttft')}
            </th>
            <th scope="col" class="num">
              {t('ui.fleet_col_tput')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={`${r.tp}-${r.pp}-${r.dp}-${r.ep}`}>
              <th scope="row">
                {t('ui.fleet_layout_short', { tp: n(r.tp), pp: n(r.pp), dp: n(r.dp) })}
                {r.ep && ` · ${t('ui.fleet_ep', { ep: n(r.tp * r.dp) })}`}
              </th>
              <td class="num">{n(r.totalGpus)}</td>
              <td class={r.meetsSlo ? 'num' : 'num over'}>
                {t('ui.fleet_ms', { n: n(r.tpotMs, 1) })}
              </td>
              <td class="num">{t('ui.fleet_ms', { n: n(r.ttftMs) })}</td>
              <td class="num">{n(r.outputTokensPerSPerGpu)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
