import type { LatencyPoint } from '../core/types';
import { orNaN, withNaN } from '../core/unknown';
import { formatNumber } from '../i18n/i18n';
import { useApp, useT } from '../state/context';
import { ChartFrame, chartBox } from './ChartFrame';
import { niceTicks } from './nice-ticks';

const BOX = chartBox(56);

/** Round steps for a linear axis from 0 to at most `max`. */
const ticks = (max: number) => niceTicks(max).filter((v) => v <= max * (1 + 1e-9));

/**
 * Throughput against latency for the fleet's replica layout: output tokens/s per GPU against the
 * time per output token, one point per batch (1, 2, 4 … sequences), with the TPOT target.
 */
export function LatencyCurve({
  points: sentPoints,
  slo: sentSlo,
}: {
  points: LatencyPoint[];
  slo: number | null;
}) {
  const points = sentPoints.map(withNaN);
  const slo = orNaN(sentSlo);
  const app = useApp();
  const t = useT();
  const lang = app.lang.value;
  const shown = points.filter(
    (p) => Number.isFinite(p.tpotMs) && Number.isFinite(p.outputTokensPerSPerGpu),
  );
  if (shown.length < 2) return null;
  const xMax = Math.max(...shown.map((p) => p.tpotMs), Number.isFinite(slo) ? slo : 0) * 1.05;
  const yMax = Math.max(...shown.map((p) => p.outputTokensPerSPerGpu)) * 1.05;
  const { innerW, innerH } = BOX;
  const x = (v: number) => BOX.left + (v / xMax) * innerW;
  const y = (v: number) => BOX.top + innerH - (v / yMax) * innerH;
  const first = shown[0];
  const last = shown[shown.length - 1];
  const description = t('ui.fleet_curve_desc', {
    first: formatNumber(lang, first.concurrency, 0),
    last: formatNumber(lang, last.concurrency, 0),
    tpot_first: formatNumber(lang, first.tpotMs, 1),
    tpot_last: formatNumber(lang, last.tpotMs, 1),
    tput_first: formatNumber(lang, first.outputTokensPerSPerGpu, 0),
    tput_last: formatNumber(lang, last.outputTokensPerSPerGpu, 0),
  });
  return (
    <figure class="curve" data-testid="latency-curve">
      <figcaption>{t('ui.fleet_curve_title')}</figcaption>
      <ChartFrame
        box={BOX}
        label={description}
        x={x}
        y={y}
        xTicks={ticks(xMax)}
        yTicks={ticks(yMax)}
        xText={(v) => formatNumber(lang, v, 0)}
        yText={(v) => formatNumber(lang, v, 0)}
        xTitle={t('ui.fleet_curve_x')}
        yTitle={t('ui.fleet_curve_y')}
      >
        {Number.isFinite(slo) && slo <= xMax && (
          <line class="marker" x1={x(slo)} x2={x(slo)} y1={BOX.top} y2={BOX.top + innerH} />
        )}
        <polyline
          class="line"
          data-testid="latency-line"
          points={shown
            .map((p) => `${x(p.tpotMs).toFixed(1)},${y(p.outputTokensPerSPerGpu).toFixed(1)}`)
            .join(' ')}
        />
        {shown.map((p) => (
          <circle
            key={p.concurrency}
            class="point"
            cx={x(p.tpotMs)}
            cy={y(p.outputTokensPerSPerGpu)}
            r="3"
          >
            <title>
              {t('ui.fleet_curve_point', {
                n: formatNumber(lang, p.concurrency, 0),
                tpot: formatNumber(lang, p.tpotMs, 1),
                tput: formatNumber(lang, p.outputTokensPerSPerGpu, 0),
              })}
            </title>
          </circle>
        ))}
      </ChartFrame>
      <p class="hint" data-testid="latency-desc">
        {description}
      </p>
    </figure>
  );
}
