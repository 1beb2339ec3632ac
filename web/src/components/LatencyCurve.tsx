import type { LatencyPoint } from '../core/types';
import { formatNumber } from '../i18n/i18n';
import { useApp, useT } from '../state/context';

const WIDTH = 600;
const HEIGHT = 220;
const PAD = { left: 56, right: 12, top: 10, bottom: 34 };

/** Round steps for a linear axis from 0 to `max`: 1, 2 or 5 × a power of ten, about 4 of them. */
function ticks(max: number): number[] {
  const raw = max / 4;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? raw;
  const out: number[] = [];
  for (let v = 0; v <= max + 1e-9; v += step) out.push(v);
  return out;
}

/**
 * Throughput against latency for the fleet's replica layout: output tokens/s per GPU against the
 * time per output token, one point per batch (1, 2, 4 … sequences), with the TPOT target.
 */
export function LatencyCurve({ points, slo }: { points: LatencyPoint[]; slo: number }) {
  const app = useApp();
  const t = useT();
  const lang = app.lang.value;
  const shown = points.filter(
    (p) => Number.isFinite(p.tpotMs) && Number.isFinite(p.outputTokensPerSPerGpu),
  );
  if (shown.length < 2) return null;
  const xMax = Math.max(...shown.map((p) => p.tpotMs), Number.isFinite(slo) ? slo : 0) * 1.05;
  const yMax = Math.max(...shown.map((p) => p.outputTokensPerSPerGpu)) * 1.05;
  const innerW = WIDTH - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const x = (v: number) => PAD.left + (v / xMax) * innerW;
  const y = (v: number) => PAD.top + innerH - (v / yMax) * innerH;
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
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={description}>
        <line
          class="axis"
          x1={PAD.left}
          x2={WIDTH - PAD.right}
          y1={PAD.top + innerH}
          y2={PAD.top + innerH}
        />
        <line class="axis" x1={PAD.left} x2={PAD.left} y1={PAD.top} y2={PAD.top + innerH} />
        {ticks(yMax).map((v) => (
          <g key={`y${v}`}>
            <line class="grid" x1={PAD.left} x2={WIDTH - PAD.right} y1={y(v)} y2={y(v)} />
            <text class="tick" x={PAD.left - 6} y={y(v) + 4} text-anchor="end">
              {formatNumber(lang, v, 0)}
            </text>
          </g>
        ))}
        {ticks(xMax).map((v) => (
          <text key={`x${v}`} class="tick" x={x(v)} y={PAD.top + innerH + 16} text-anchor="middle">
            {formatNumber(lang, v, 0)}
          </text>
        ))}
        {Number.isFinite(slo) && slo <= xMax && (
          <line class="marker" x1={x(slo)} x2={x(slo)} y1={PAD.top} y2={PAD.top + innerH} />
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
        <text class="axis-label" x={PAD.left + innerW / 2} y={HEIGHT - 4} text-anchor="middle">
          {t('ui.fleet_curve_x')}
        </text>
        <text
          class="axis-label"
          x="12"
          y={PAD.top + innerH / 2}
          text-anchor="middle"
          transform={`rotate(-90 12 ${PAD.top + innerH / 2})`}
        >
          {t('ui.fleet_curve_y')}
        </text>
      </svg>
      <p class="hint" data-testid="latency-desc">
        {description}
      </p>
    </figure>
  );
}
