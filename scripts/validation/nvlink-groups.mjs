// What a collective over 2 and 4 GPUs of one NVSwitch node reaches of the bus bandwidth the same
// collective reaches over 8, in NVIDIA's NCCL collection (validation/data/nccl-nvlink.json), and
// the shares the module takes for it (kernel_model.cpp, nvlink_group_shares). Part of the GEMM
// section of docs/validation.md (kernels.mjs renders it).
import { ncclData, PRESET } from './nvlink.mjs';
import { median } from './stats.mjs';

/** Sizes compared: 64 MB and more, where the bytes outweigh the latency. */
const LARGE_BYTES = 64 * 2 ** 20;
/** Each share's accelerators (one NVLink generation each) and the preset its module share is read from. */
export const FAMILIES = {
  ampere: { accelerators: ['a100_sxm'], preset: 'a100-80g' },
  hopper: { accelerators: ['h100_sxm', 'h200_sxm'], preset: 'h100-80g' },
  blackwell: { accelerators: ['b200_sxm', 'b300_sxm'], preset: 'b200' },
};
/** The Grace-hosted trays, timed at 2 and 4 GPUs only, against their HGX siblings. */
export const TRAYS = { gb200: 'b200_sxm', gb300: 'b300_sxm' };
/** The two kinds of collective with a share each, by the data's operation names. */
export const KINDS = {
  ring: { ops: ['all_gather', 'reduce_scatter'], module: 'all_gather' },
  all_to_all: { ops: ['alltoall'], module: 'all_to_all' },
};

const bus = (r) => (r.bytes * (r.gpus - 1)) / r.gpus / r.latency_ms;

/** Bus bandwidth over `gpus` against `reference` GPUs, per operation and size, half precision. */
function ratios(rows, accelerator, ops, gpus, reference) {
  const mine = rows.filter((r) => r.accelerator === accelerator && ops.includes(r.op));
  const at = (n) => new Map(mine.filter((r) => r.gpus === n).map((r) => [`${r.op}/${r.bytes}`, r]));
  const base = at(reference);
  return [...at(gpus)].filter(([k]) => base.has(k)).map(([k, r]) => bus(r) / bus(base.get(k)));
}

/** The module's bus bandwidth over `gpus` against 8, from collectives large enough that latency is lost. */
function moduleShare(core, preset, op, gpus) {
  const bytes = 2 ** 34;
  const time = (n) => core.collectiveSeconds(preset, op, n, bytes);
  return (((gpus - 1) / gpus) * time(8)) / ((7 / 8) * time(gpus));
}

export async function evaluate(core) {
  const rows = (await ncclData()).rows.filter((r) => r.dtype === 'half' && r.bytes >= LARGE_BYTES);
  const families = Object.entries(FAMILIES).map(([family, { accelerators, preset }]) => ({
    family,
    accelerators,
    kinds: Object.fromEntries(
      Object.entries(KINDS).map(([kind, { ops, module }]) => [
        kind,
        Object.fromEntries(
          [2, 4].map((gpus) => {
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
      tray2of4: median(ratios(rows, tray, ops, 2, 4)),
      sibling2of4: median(ratios(rows, sibling, ops, 2, 4)),
    })),
  );
  return { families, trays };
}

const NAMES = { ampere: 'A100', hopper: 'H100, H200', blackwell: 'B200, B300' };

export function render({ families, trays }) {
  const fixed = (v) => v.toFixed(3);
  const spread = Math.max(...trays.map((t) => Math.abs(t.tray2of4 / t.sibling2of4 - 1)));
  return [
    "**Groups smaller than a node.** NCCL's cost model gives a ring one bus bandwidth at any size " +
      'of group; the same collection (A100: NCCL 2.27.3) timed every collective of 64 MB and more ' +
      'on 2, 4 and 8 GPUs of one node, and the smaller groups ran slower on every accelerator. ' +
      'Median bus bandwidth of 2 and 4 GPUs over 8, per operation and size (half precision), ' +
      "and the module's share (kernel_model.cpp, the step time's TP, ETP and DP rings and its " +
      "expert all-to-all inside a node; between 4 and 8 GPUs linear, from 8 on 8's):",
    '',
    '| accelerators | rings over 2 | over 4 | all-to-all among 2 | among 4 | module: rings 2, 4; all-to-all 2, 4 |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...families.map(
      ({ family, kinds }) =>
        `| ${NAMES[family]} | ${fixed(kinds.ring[2].measured)} | ${fixed(kinds.ring[4].measured)} | ` +
        `${fixed(kinds.all_to_all[2].measured)} | ${fixed(kinds.all_to_all[4].measured)} | ` +
        [kinds.ring[2], kinds.ring[4], kinds.all_to_all[2], kinds.all_to_all[4]]
          .map((s) => fixed(s.module))
          .join(', ') +
        ' |',
    ),
    '',
    'The GB200 and GB300, whose trays hold 4 GPUs, take the B200’s and B300’s shares: their 2 ' +
      'GPUs against their 4 came out within ' +
      `${(spread * 100).toFixed(1)} % of their siblings' (rings ` +
      trays
        .filter((t) => t.kind === 'ring')
        .map((t) => `${fixed(t.tray2of4)} against ${fixed(t.sibling2of4)}`)
        .join(', ') +
      '; all-to-alls ' +
      trays
        .filter((t) => t.kind === 'all_to_all')
        .map((t) => `${fixed(t.tray2of4)} against ${fixed(t.sibling2of4)}`)
        .join(', ') +
      '). Blackwell’s all-to-all among two GPUs keeps the least: 0.6 of eight’s, where NVLink 4 ' +
      'keeps 0.9.',
  ];
}
