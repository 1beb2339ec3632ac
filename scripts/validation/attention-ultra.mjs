// Blackwell Ultra's attention forward against its Blackwell sibling's, in NVIDIA's prefill
// collections (validation/data/attention-ultra.json), and the module's forward efficiencies on
// the same accelerators. Part of the GEMM section of docs/validation.md (kernels.mjs renders it).
import { readFile } from 'node:fs/promises';
import { median } from './stats.mjs';

const DATA = new URL('../../validation/data/attention-ultra.json', import.meta.url);

/** Each Blackwell Ultra preset, the sibling whose kernels it takes, and their data-file names. */
export const PAIRS = [
  { ultra: 'b300', sibling: 'b200', data: ['b200_sxm', 'b300_sxm'] },
  { ultra: 'gb300', sibling: 'gb200', data: ['gb200', 'gb300'] },
];
/** The H100's published cuDNN forward, head dim 128, causal (Shah et al. 2024, Figure 5). */
const H100_CUDNN_FWD_TFLOPS = 539;

/** The module's attention forward rate for an accelerator at its own defaults (a bf16 plan: its
 * efficiency is a share of the bf16 peak), TFLOP/s. */
function forwardTflops(core, accelerator) {
  const { settings } = core.evaluate({ model: 'llama-3.1-8b', accelerator }).training;
  return settings.attentionEfficiency * settings.peakTflops;
}

export async function evaluate(core) {
  const data = JSON.parse(await readFile(DATA, 'utf8'));
  const pairs = PAIRS.map((p) => {
    const rows = data.rows.filter((r) => r.base === p.data[0] && r.other === p.data[1]);
    const used = rows.filter((r) => !r.excluded);
    return {
      ...p,
      rows,
      measured: median(used.map((r) => r.median)),
      low: Math.min(...used.map((r) => r.median)),
      high: Math.max(...used.map((r) => r.median)),
      module: forwardTflops(core, p.ultra) / forwardTflops(core, p.sibling),
    };
  });
  // The estimate the siblings take, against the H100's forward in the newest collection.
  const newest = data.rows.filter(
    (r) => r.collection === 'trtllm/1.3.0rc20' && r.base === 'h100_sxm',
  );
  const siblings = PAIRS.map(({ sibling, data: [name] }) => ({
    accelerator: sibling,
    measured: newest.find((r) => r.other === name).median,
    module: forwardTflops(core, sibling) / H100_CUDNN_FWD_TFLOPS,
  }));
  return { source: data.source, pairs, siblings };
}

export function render({ pairs, siblings }) {
  const collection = (c) => c.replace('/', ' ');
  const fixed = (v) => v.toFixed(3);
  const excluded = pairs.flatMap((p) => p.rows.filter((r) => r.excluded));
  return [
    "**Attention's forward on Blackwell Ultra.** Blackwell Ultra (B300, GB300) doubles the " +
      "throughput of the special function units that compute the softmax's exponentials " +
      '(NVIDIA Technical Blog, "Making Softmax More Efficient with NVIDIA Blackwell Ultra"), on ' +
      "which a B200's flash-attention forward waits; its backward waits on shared memory, which " +
      'Blackwell Ultra keeps (FlashAttention-4, arXiv 2603.05451). NVIDIA’s prefill collections ' +
      'time the forward at the same shapes on all four (`validation/data/attention-ultra.json`: ' +
      "bf16, head dim 128, 4,096–16,384 tokens, median of the sibling's time over Blackwell " +
      "Ultra's, shape by shape). The model takes its ratios from NVIDIA's cuDNN training " +
      'benchmark instead, which times what Megatron runs, forward and backward (“Attention ' +
      'kernels”, below); against these collections its forward ratio is:',
    '',
    '| collection | B300 ÷ B200 | GB300 ÷ GB200 |',
    '| --- | ---: | ---: |',
    ...[...new Set(pairs.flatMap((p) => p.rows.map((r) => r.collection)))].map((c) => {
      const cell = (p) => {
        const r = p.rows.find((x) => x.collection === c);
        if (!r) return '—';
        return r.excluded ? `(${fixed(r.median)}, left out)` : `${fixed(r.median)} (${r.shapes})`;
      };
      return `| ${collection(c)} | ${pairs.map(cell).join(' | ')} |`;
    }),
    `| the model | ${pairs.map((p) => fixed(p.module)).join(' | ')} |`,
    '',
    ...excluded.map((r) => `Left out: ${collection(r.collection)} ${r.base}, ${r.excluded}.`),
    '',
    "The siblings' forward is an estimate (the H100 cuDNN kernel's share of its GEMMs' rate, " +
      "at the sibling's GEMM efficiency; kernel_catalog.cpp). Against the H100's published " +
      `cuDNN forward (${H100_CUDNN_FWD_TFLOPS} TFLOP/s) it is ` +
      siblings.map((s) => `${s.accelerator.toUpperCase()} ${s.module.toFixed(2)}×`).join(', ') +
      '; in the newest collection (TensorRT-LLM 1.3.0rc20) the same shapes ran ' +
      siblings.map((s) => `${s.accelerator.toUpperCase()} ${s.measured.toFixed(2)}×`).join(', ') +
      " the H100's. These engines' kernels are not TransformerEngine's cuDNN one: what carries " +
      'over is the ratio between accelerators at the same shapes.',
  ];
}
