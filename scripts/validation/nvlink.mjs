// NVLink 5's collective bandwidth against NVLink 4's, in NVIDIA's NCCL collection
// (validation/data/nccl-nvlink.json), and the NVLink efficiency the module takes for the
// Blackwell presets. Part of the GEMM section of docs/validation.md (kernels.mjs renders it).
import { readFile } from 'node:fs/promises';
import { median } from './stats.mjs';

const DATA = new URL('../../validation/data/nccl-nvlink.json', import.meta.url);

/** The sizes the bandwidths are compared at: 64 MB and more, where the bytes outweigh latency. */
const LARGE_BYTES = 64 * 2 ** 20;
/** The operations compared: all-reduce is left out (NVLink SHARP reduces half in the switch). */
export const OPS = ['all_gather', 'reduce_scatter', 'alltoall'];
/** NVLink 4's bus bandwidth over its 450 GB/s line rate (kernel_catalog.cpp, kNvlink4). */
export const NVLINK4_SHARE = 370 / 450;
/** The data file's accelerators and the presets they are predicted with. */
export const PRESET = {
  a100_sxm: 'a100-80g',
  h100_sxm: 'h100-80g',
  h200_sxm: 'h200-141g',
  b200_sxm: 'b200',
  b300_sxm: 'b300',
  gb200: 'gb200',
  gb300: 'gb300',
};

let data;
/** The data file, read once for this section and collectives.mjs. */
export function ncclData() {
  data ??= readFile(DATA, 'utf8').then(JSON.parse);
  return data;
}

/** Compared with the H100's NVLink 4: its twin and NVLink 5 (the A100's NVLink 3 is not). */
const COMPARED = ['h200_sxm', 'b200_sxm', 'b300_sxm', 'gb200', 'gb300'];

const key = (r) => `${r.op}/${r.gpus}/${r.dtype}/${r.bytes}`;

/** Per accelerator and GPU count, each operation's median bus bandwidth over the H100's. */
function ratios(all) {
  const rows = all.filter((r) => r.bytes >= LARGE_BYTES);
  const h100 = new Map(rows.filter((r) => r.accelerator === 'h100_sxm').map((r) => [key(r), r]));
  const out = [];
  for (const accelerator of COMPARED) {
    for (const gpus of [2, 4, 8]) {
      const mine = rows.filter(
        (r) => r.accelerator === accelerator && r.gpus === gpus && h100.has(key(r)),
      );
      if (!mine.length) continue;
      const ops = Object.fromEntries(
        OPS.map((op) => [
          op,
          median(
            mine.filter((r) => r.op === op).map((r) => r.bus_gbps / h100.get(key(r)).bus_gbps),
          ),
        ]),
      );
      out.push({ accelerator, gpus, shapes: mine.length, ops });
    }
  }
  return out;
}

export async function evaluate(core) {
  const { source, rows } = await ncclData();
  const table = ratios(rows);
  const eight = table.filter((t) => t.gpus === 8 && t.accelerator !== 'h200_sxm');
  const nvlink5 = median(eight.flatMap((t) => Object.values(t.ops)));
  const efficiency = (accelerator) =>
    core.evaluate({ model: 'llama-3.1-8b', accelerator }).training.settings.commEfficiency;
  return {
    source,
    table,
    nvlink5,
    module: Object.fromEntries(
      ['h100_sxm', ...COMPARED].map((name) => [name, efficiency(PRESET[name])]),
    ),
  };
}

export function render({ table, nvlink5, module }) {
  const name = (a) => a.replace('_sxm', '').toUpperCase();
  const fixed = (v) => v.toFixed(3);
  const two = table.filter((t) => t.gpus === 2 && t.accelerator !== 'h200_sxm');
  const ops = (a, gpus) => table.find((t) => t.accelerator === a && t.gpus === gpus).ops;
  const gbSpread = Math.max(
    ...[
      ['gb200', 'b200_sxm'],
      ['gb300', 'b300_sxm'],
    ].flatMap(([gb, hgx]) =>
      [2, 4].flatMap((n) => OPS.map((op) => Math.abs(ops(gb, n)[op] / ops(hgx, n)[op] - 1))),
    ),
  );
  return [
    "**NVLink's collectives.** The step time runs NCCL's collectives over NVLink at a share of " +
      "its line rate: NVLink 4's 370 of 450 GB/s (nccl-tests, NVIDIA/nccl-tests#212). NVIDIA's " +
      'NCCL 2.29.2 collection (`validation/data/nccl-nvlink.json`) timed the same collectives of ' +
      "64 MB and more on one node of each accelerator; bus bandwidth over the H100's, median " +
      'per operation (all-reduces left out: NVLink SHARP reduces half precision in the switch):',
    '',
    '| accelerator | GPUs | all-gather | reduce-scatter | all-to-all | the module, of the line rate |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...table.map(
      (t) =>
        `| ${name(t.accelerator)} | ${t.gpus} | ${OPS.map((op) => fixed(t.ops[op])).join(' | ')} | ` +
        `${fixed(module[t.accelerator])} |`,
    ),
    '',
    "The H200 shares the H100's NVLink 4 and ran as fast. NVLink 5 doubles the line rate, but " +
      `on eight B200s or B300s these collectives ran a median ${fixed(nvlink5)} times the ` +
      "H100's, so the Blackwell presets take NVLink 4's share times that over two: " +
      `${fixed((NVLINK4_SHARE * nvlink5) / 2)} of 900 GB/s, where they took the 0.8 default ` +
      'before; the GB200 and GB300, timed at 2 and 4 GPUs only, ran within ' +
      `${(gbSpread * 100).toFixed(1)} % of their HGX siblings there. ` +
      'Smaller groups ran less far ahead of the H100 (two GPUs: ' +
      `${fixed(Math.min(...two.flatMap((t) => Object.values(t.ops))))}–` +
      `${fixed(Math.max(...two.flatMap((t) => Object.values(t.ops))))} times): each group size ` +
      'has its own share of the link (next).',
  ];
}
