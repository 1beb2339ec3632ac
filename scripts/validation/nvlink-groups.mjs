// What a collective over 2, 4 and 8 GPUs of one NVSwitch node reaches of the bus bandwidth a ring
// (all-gather, reduce-scatter) reaches over 8, and what small ones wait beyond the H100's, in
// NVIDIA's NCCL collection (validation/data/nccl-nvlink.json); and the module's figures for them
// (kernel_model.hpp). Part of the GEMM section of docs/validation.md (kernels.mjs renders it).
import { ncclData, PRESET } from './nvlink.mjs';
import { median } from './stats.mjs';

/** Sizes compared: 64 MB and more, where the bytes outweigh the latency. */
const LARGE_BYTES = 64 * 2 ** 20;
/** And up to 8 KB, where the latency is all there is. */
const SMALL_BYTES = 8192;
const smallKey = (r) => `${r.op}/${r.gpus}/${r.bytes}`;
/** Each NVLink generation's accelerators and the preset the module's figures are read from. */
export const FAMILIES = {
  ampere: { accelerators: ['a100_sxm'], preset: 'a100-80g' },
  hopper: { accelerators: ['h100_sxm', 'h200_sxm'], preset: 'h100-80g' },
  blackwell: { accelerators: ['b200_sxm', 'b300_sxm'], preset: 'b200' },
};
/** The Grace-hosted trays, timed at 2 and 4 GPUs only, against their HGX siblings. */
export const TRAYS = { gb200: 'b200_sxm', gb300: 'b300_sxm' };
/** The two kinds of collective with their shares, by the data's operation names. */
export const KINDS = {
  ring: { ops: ['all_gather', 'reduce_scatter'], module: 'all_gather', gpus: [2, 4] },
  all_to_all: { ops: ['alltoall'], module: 'all_to_all', gpus: [2, 4, 8] },
};
/** What each share is against: the rings over 8 GPUs. */
const REFERENCE = KINDS.ring.ops;

const bus = (r) => (r.bytes * (r.gpus - 1)) / r.gpus / r.latency_ms;

/**
 * `ops`' bus bandwidth over `gpus` against `reference` GPUs' (the rings', or with `same` the same
 * operation's), per operation, reference operation and size, half precision.
 */
function ratios(rows, accelerator, ops, gpus, reference, same = false) {
  const mine = rows.filter((r) => r.accelerator === accelerator);
  const against = same || ops.includes(REFERENCE[0]) ? null : REFERENCE;
  const out = [];
  for (const r of mine.filter((q) => ops.includes(q.op) && q.gpus === gpus)) {
    for (const op of against ?? [r.op]) {
      const base = mine.find((q) => q.op === op && q.gpus === reference && q.bytes === r.bytes);
      if (base) out.push(bus(r) / bus(base));
    }
  }
  return out;
}

/** The module's bus bandwidth over `gpus` against a ring over 8, latency lost in the bytes. */
function moduleShare(core, preset, op, gpus) {
  const bytes = 2 ** 34;
  const ring8 = core.collectiveSeconds(preset, 'all_gather', 8, bytes);
  return (
    (((gpus - 1) / gpus) * ring8) / ((7 / 8) * core.collectiveSeconds(preset, op, gpus, bytes))
  );
}

export async function evaluate(core) {
  const half = (await ncclData()).rows.filter((r) => r.dtype === 'half');
  const rows = half.filter((r) => r.bytes >= LARGE_BYTES);
  const families = Object.entries(FAMILIES).map(([family, { accelerators, preset }]) => ({
    family,
    accelerators,
    kinds: Object.fromEntries(
      Object.entries(KINDS).map(([kind, { ops, module, gpus: sizes }]) => [
        kind,
        Object.fromEntries(
          sizes.map((gpus) => {
            const measured = accelerators.flatMap((a) => ratios(rows, a, ops, gpus, 8));
            return [
              gpus,
              {
                measured: median(measured),
                count: measured.length,
                module: moduleShare(core, preset, module, gpus),
              },
            ];
          }),
        ),
      ]),
    ),
  }));
  // 2 GPUs against 4, tray and sibling alike: what lets a tray take its sibling's shares.
  const trays = Object.entries(TRAYS).flatMap(([tray, sibling]) =>
    Object.entries(KINDS).map(([kind, { ops }]) => ({
      tray,
      sibling,
      kind,
      tray2of4: median(ratios(rows, tray, ops, 2, 4, true)),
      sibling2of4: median(ratios(rows, sibling, ops, 2, 4, true)),
    })),
  );
  // Small collectives (512 B to 8 KB): each family's time less the H100's at the same size,
  // operation and group, against the module's.
  const small = half.filter((r) => r.bytes <= SMALL_BYTES);
  const h100 = new Map(
    small.filter((r) => r.accelerator === 'h100_sxm').map((r) => [smallKey(r), r.latency_ms]),
  );
  const ops = Object.values(KINDS).flatMap((k) => k.ops);
  const latency = Object.entries(FAMILIES).map(([family, { accelerators, preset }]) => ({
    family,
    measuredUs: median(
      small
        .filter((r) => r.accelerator !== 'h100_sxm' && accelerators.includes(r.accelerator))
        .filter((r) => ops.includes(r.op))
        .filter((r) => h100.has(smallKey(r)))
        .map((r) => (r.latency_ms - h100.get(smallKey(r))) * 1e3),
    ),
    moduleUs:
      (core.collectiveSeconds(preset, 'all_gather', 8, 512) -
        core.collectiveSeconds('h100-80g', 'all_gather', 8, 512)) *
      1e6,
  }));
  return { families, trays, latency };
}

const signedUs = (v) => `${v >= 0 ? '+' : '−'}${Math.abs(v).toFixed(2)} µs`;
const NAMES = { ampere: 'A100', hopper: 'H100, H200', blackwell: 'B200, B300' };

export function render({ families, trays, latency }) {
  const fixed = (v) => v.toFixed(3);
  const spread = Math.max(...trays.map((t) => Math.abs(t.tray2of4 / t.sibling2of4 - 1)));
  const pair = (kind) =>
    trays
      .filter((t) => t.kind === kind)
      .map((t) => `${fixed(t.tray2of4)} against ${fixed(t.sibling2of4)}`)
      .join(', ');
  const cell = (s) => `${fixed(s.measured)} (${fixed(s.module)})`;
  return [
    "**Groups smaller than a node, and all-to-alls.** NCCL's cost model gives a ring one bus " +
      'bandwidth at any size of group; the same collection (A100: NCCL 2.27.3) timed every ' +
      'collective of 64 MB and more on 2, 4 and 8 GPUs of one node, and the smaller groups ran ' +
      'slower on every accelerator, the all-to-alls slower than the rings. Median bus bandwidth ' +
      'over that of a ring over 8 GPUs (all-gather and reduce-scatter at the same size), half ' +
      "precision, and in brackets the module's share (kernel_model.hpp; the step time's TP, ETP " +
      'and DP rings and its expert all-to-all inside a node take them, linear in the group size ' +
      "between 2, 4 and 8, 8's beyond):",
    '',
    '| accelerators | ring over 2 | ring over 4 | all-to-all among 2 | among 4 | among 8 |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...families.map(
      ({ family, kinds }) =>
        `| ${NAMES[family]} | ${cell(kinds.ring[2])} | ${cell(kinds.ring[4])} | ` +
        `${cell(kinds.all_to_all[2])} | ${cell(kinds.all_to_all[4])} | ` +
        `${cell(kinds.all_to_all[8])} |`,
    ),
    '',
    'The GB200 and GB300, whose trays hold 4 GPUs, take the B200’s and B300’s shares: their 2 ' +
      `GPUs against their 4 came out within ${(spread * 100).toFixed(1)} % of their siblings' ` +
      `(rings ${pair('ring')}; all-to-alls ${pair('all_to_all')}).`,
    '',
    'Small collectives (512 B to 8 KB, the same operations and groups) took longer on the A100 ' +
      "and on Blackwell than on the H100, whose timings NCCL's cost model follows; the median " +
      "difference, and the module's (the latency each collective and send inside the domain " +
      'adds, kernel_model.hpp): ' +
      latency
        .filter((l) => l.family !== 'hopper')
        .map(
          (l) => `${NAMES[l.family]} +${l.measuredUs.toFixed(2)} µs (${l.moduleUs.toFixed(2)} µs)`,
        )
        .join(', ') +
      `; the H200, on the H100's NVLink 4, ` +
      `${signedUs(latency.find((l) => l.family === 'hopper').measuredUs)}.`,
  ];
}
