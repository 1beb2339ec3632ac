import type { ConcurrencyPoint } from '../core/types';
import { orNaN, withNaN } from '../core/unknown';
import { formatNumber } from '../i18n/i18n';
import { useApp, useT } from '../state/context';
import { ChartFrame, chartBox } from './ChartFrame';

const BOX = chartBox(52);

/** Powers of ten (and their halves where few) between two positive values, for log axes. */
function logTicks(min: number, max: number): number[] {
  const ticks: number[] = [];
  for (let p = Math.floor(Math.log10(min)); p <= Math.ceil(Math.log10(max)); p += 1) {
    for (const m of [1, 2, 5]) {
      const v = m * 10 ** p;
      if (v >= min && v <= max) ticks.push(v);
    }
  }
  return ticks;
}

/** Most sequences per replica against the context, log-log, drawn as SVG. */
export function ConcurrencyCurve({
  points: sentPoints,
  tp: sentTp,
  context: sentContext,
}: {
  points: ConcurrencyPoint[];
  tp: number | null;
  context: number | null;
}) {
  const points = sentPoints.map(withNaN);
  const tp = orNaN(sentTp);
  const context = orNaN(sentContext);
  const app = useApp();
  const t = useT();
  const lang = app.lang.value;
  const shown = points.filter((p) => Number.isFinite(p.maxConcurrency));
  if (shown.length < 2) return null;
  const xMin = shown[0].context;
  const xMax = shown[shown.length - 1].context;
  const yMax = Math.max(2, ...shown.map((p) => p.maxConcurrency));
  const { innerW, innerH } = BOX;
  const x = (v: number) => BOX.left + (Math.log(v / xMin) / Math.log(xMax / xMin)) * innerW;
  // Sequences on a log scale from 1; a replica that holds none sits on the axis.
  const y = (v: number) =>
    BOX.top + innerH - (v >= 1 ? (Math.log(v) / Math.log(yMax)) * innerH : 0);
  const path = shown.map((p) => `${x(p.context).toFixed(1)},${y(p.maxConcurrency).toFixed(1)}`);
  const xTicks = shown
    .map((p) => p.context)
    .filter((c) => Math.log2(c) % 1 === 0 && Math.log2(c) % 2 === 0);
  const yTicks = logTicks(1, yMax);
  const first = shown[0];
  const last = shown[shown.length - 1];
  const inRange = context >= xMin && context <= xMax;
  const description = t('ui.curve_desc', {
    tp: formatNumber(lang, tp),
    first: formatNumber(lang, first.maxConcurrency),
    first_context: formatNumber(lang, first.context),
    last: formatNumber(lang, last.maxConcurrency),
    last_context: formatNumber(lang, last.context),
  });
  return (
    <figure class="curve" data-testid="concurrency-curve">
      <figcaption>{t('ui.curve_title')}</figcaption>
      <ChartFrame
        box={BOX}
        label={description}
        x={x}
        y={y}
        xTicks={xTicks}
        yTicks={yTicks}
        xText={(v) =>
          v >= 1024 ? t('ui.tokens_k', { n: formatNumber(lang, v / 1024) }) : formatNumber(lang, v)
        }
        yText={(v) => formatNumber(lang, v)}
        xTitle={t('ui.curve_x')}
        yTitle={t('ui.curve_y')}
      >
        {inRange && (
          <line class="marker" x1={x(context)} x2={x(context)} y1={BOX.top} y2={BOX.top + innerH} />
        )}
        <polyline class="line" points={path.join(' ')} data-testid="curve-line" />
      </ChartFrame>
      <p class="hint" data-testid="curve-desc">
        {description}
      </p>
    </figure>
  );
}
