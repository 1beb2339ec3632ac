// NCCL's collectives inside one node against the step-time model's
// (validation/data/nccl-nvlink.json, half precision, every size NVIDIA's collection timed). Part
// of the GEMM section of docs/validation.md (kernels.mjs renders it).
import { ncclData, PRESET } from './nvlink.mjs';
import { median } from './stats.mjs';

/**
 * The collectives the model times, by the data's names and the module's: the rings and the
 * all-to-all (all-reduce is left out: NVLink SHARP runs it in the switch).
 */
export const OPS = {
  all_gather: 'all_gather',
  reduce_scatter: 'reduce_scatter',
  alltoall: 'all_to_all',
};
/** Size bands of the table, bytes. */
export const BANDS = [
  { key: 'under 1 MB', low: 0, high: 2 ** 20 },
  { key: '1–64 MB', low: 2 ** 20, high: 64 * 2 ** 20 },
  { key: '64 MB and more', low: 64 * 2 ** 20, high: Infinity },
];
/** |predicted ÷ measured − 1| medians the test holds each band to, the largest band, and all. */
export const BOUNDS = { bandMedianAbsPct: 15, largeMedianAbsPct: 8.5, medianAbsPct: 12.5 };

export async function evaluate(core) {
  const rows = (await ncclData()).rows
    .filter((r) => r.dtype === 'half' && r.op in OPS)
    .map((r) => {
      const predicted = core.collectiveSeconds(PRESET[r.accelerator], OPS[r.op], r.gpus, r.bytes);
      return { ...r, predicted, error: (predicted / (r.latency_ms / 1e3) - 1) * 100 };
    });
  const summarize = (list) => ({
    count: list.length,
    medianPct: median(list.map((r) => r.error)),
    medianAbsPct: median(list.map((r) => Math.abs(r.error))),
  });
  const accelerators = Object.keys(PRESET);
  return {
    rows,
    summary: summarize(rows),
    table: accelerators.map((accelerator) => ({
      accelerator,
      bands: BANDS.map((b) =>
        summarize(
          rows.filter((r) => r.accelerator === accelerator && r.bytes >= b.low && r.bytes < b.high),
        ),
      ),
    })),
    bands: BANDS.map((b) => ({
      ...b,
      ...summarize(rows.filter((r) => r.bytes >= b.low && r.bytes < b.high)),
    })),
  };
}

const signed = (v) => `${v >= 0 ? '+' : '−'}${Math.abs(v).toFixed(1)} %`;

export function render({ summary, table, bands }) {
  const name = (a) => a.replace('_sxm', '').toUpperCase();
  return [
    "**NCCL's collectives, size by size.** The same collection timed every all-gather, " +
      'reduce-scatter and all-to-all from 512 B to 1 GB (half precision, 2, 4 and 8 GPUs of one ' +
      "node). The model times a ring inside a node with the protocol NCCL's tuner picks by its " +
      'own cost model (step_time.cpp): LL for small messages, LL128 and Simple as the bytes ' +
      'grow; an all-to-all as it times the expert dispatch, what leaves each GPU at the ' +
      "all-to-all's share (the table before) plus one send's latency. Median error " +
      '(predicted ÷ measured time − 1; positive is slower than measured), then its median ' +
      `|error|, over ${summary.count} collectives: ${signed(summary.medianPct)}, ` +
      `${summary.medianAbsPct.toFixed(1)} % (bounds held by ` +
      '`tests/web/validation-kernels.test.mjs`: each size band’s median |error| ≤ ' +
      `${BOUNDS.bandMedianAbsPct} %, from 64 MB ≤ ${BOUNDS.largeMedianAbsPct} %, all ≤ ` +
      `${BOUNDS.medianAbsPct} %).`,
    '',
    `| accelerator | ${BANDS.map((b) => b.key).join(' | ')} |`,
    `| --- | ${BANDS.map(() => '---:').join(' | ')} |`,
    ...table.map(
      (t) =>
        `| ${name(t.accelerator)} | ` +
        t.bands.map((b) => (b.count ? `${signed(b.medianPct)} (${b.count})` : '—')).join(' | ') +
        ' |',
    ),
    `| all | ${bands.map((b) => `${signed(b.medianPct)} (${b.count})`).join(' | ')} |`,
    '',
    "Simple's latency alone, as the model timed every ring before 2026-12-06, put the same " +
      'collectives under 1 MB a median 67 % slower than measured (1–64 MB: |error| 30 %). From ' +
      '64 MB on, groups of two and four GPUs run at their measured share of eight’s (the table ' +
      'before; a single share per link put them a median 15 % faster than measured). The ' +
      "A100's and Blackwell's small collectives wait their measured latency beyond the H100's " +
      '(the table before; without it the model put them a median 24–30 % faster under 1 MB). ' +
      'What is left: between 1 and 64 MB the model is faster than measured on every accelerator ' +
      '(a median 13 %), where NCCL moves from LL to LL128 and Simple and its cost model times ' +
      'the changeover sooner than the collectives reach the bandwidth.',
  ];
}
