// Training attention kernels in NVIDIA's cuDNN benchmark (validation/data/attention-cudnn.json)
// against the module's attention core at the same shapes, and Blackwell Ultra's ratio to its
// sibling where both were timed with the same cuDNN. Part of the GEMM section of
// docs/validation.md (kernels.mjs renders it).
import { readFile } from 'node:fs/promises';
import { median } from './stats.mjs';

const DATA = new URL('../../validation/data/attention-cudnn.json', import.meta.url);

/** Backward FLOPs over forward ones, as the benchmark and the module count them. */
const BACKWARD_FLOPS = 2.5;
/** The sequence lengths Blackwell Ultra's ratio is taken over (where training runs sit). */
const ULTRA_SEQS = [4096, 8192, 16384];

/** Causal forward FLOPs of one call: half of the s × s scores, QKᵀ and PV. */
function forwardFlops(set, seq) {
  return 2 * set.batch * set.heads * seq * seq * set.headDim;
}

/** The module's rate for one pass at one length of a set's shape, TFLOP/s. */
function moduleTflops(core, set, seq, pass) {
  const flops = forwardFlops(set, seq) * (pass === 'bwd' ? BACKWARD_FLOPS : 1);
  const s = core.attentionSeconds(
    set.accelerator,
    set.batch,
    set.heads,
    seq,
    set.headDim,
    pass,
    0,
    'bf16',
  );
  return flops / s / 1e12;
}

export async function evaluate(core) {
  const data = JSON.parse(await readFile(DATA, 'utf8'));
  const sets = data.sets.map((set) => ({
    ...set,
    rows: set.rows.map((r) => {
      const fwd = moduleTflops(core, set, r.seq, 'fwd');
      const bwd = moduleTflops(core, set, r.seq, 'bwd');
      return {
        ...r,
        moduleFwd: fwd,
        moduleBwd: bwd,
        fwd: fwd / r.fwdTflops,
        bwd: bwd / r.bwdTflops,
      };
    }),
  }));
  // Blackwell Ultra over its sibling, per cuDNN release timed on both, at ULTRA_SEQS.
  const ultra = [];
  for (const set of sets.filter((s) => s.accelerator === 'gb300')) {
    const sibling = sets.find((s) => s.accelerator === 'gb200' && s.cudnn === set.cudnn);
    if (!sibling) continue;
    for (const seq of ULTRA_SEQS) {
      const a = set.rows.find((r) => r.seq === seq);
      const b = sibling.rows.find((r) => r.seq === seq);
      ultra.push({
        cudnn: set.cudnn,
        seq,
        fwd: a.fwdTflops / b.fwdTflops,
        bwd: a.bwdTflops / b.bwdTflops,
      });
    }
  }
  // The module's Ultra over its sibling: one call of the benchmark's recent shape at 8,192 tokens.
  const ratio = (ultraId, siblingId, pass) => {
    const seconds = (accelerator) =>
      core.attentionSeconds(accelerator, 2, 64, 8192, 128, pass, 0, 'bf16');
    return seconds(siblingId) / seconds(ultraId);
  };
  // Sliding windows: the module's time over the measured one (its rate over the kernel's).
  const windows = (data.windows ?? []).map((set) => ({
    ...set,
    rows: set.rows.map((r) => {
      const module = (pass) =>
        core.attentionSeconds(
          set.accelerator,
          set.batch,
          set.heads,
          r.seq,
          set.headDim,
          pass,
          set.window,
          set.dtype,
        );
      return { ...r, fwd: r.fwdMs / 1e3 / module('fwd'), bwd: r.bwdMs / 1e3 / module('bwd') };
    }),
  }));
  return {
    source: data.source,
    sets,
    windows,
    ultra,
    ultraMeasured: { fwd: median(ultra.map((u) => u.fwd)), bwd: median(ultra.map((u) => u.bwd)) },
    ultraModule: {
      gb300: { fwd: ratio('gb300', 'gb200', 'fwd'), bwd: ratio('gb300', 'gb200', 'bwd') },
      b300: { fwd: ratio('b300', 'b200', 'fwd'), bwd: ratio('b300', 'b200', 'bwd') },
    },
  };
}

const NAMES = { 'h200-141g': 'H200', b200: 'B200', gb200: 'GB200', gb300: 'GB300' };
const SEQ_LABEL = (s) => `${s / 1024}k`;
const int = (v) => Math.round(v).toLocaleString('en-US');

/** The spread of the module's rate over the measured one at `seq`, by accelerator. */
function spread(sets, seq, pass) {
  const values = sets.map((s) => s.rows.find((r) => r.seq === seq)?.[pass]).filter(Number.isFinite);
  return { low: Math.min(...values), high: Math.max(...values) };
}

/** How much faster a set's kernels run at the longest length than at the shortest, by pass. */
function gain(set) {
  const first = set.rows[0];
  const last = set.rows.at(-1);
  return [first.fwdTflops, first.bwdTflops].map((v, i) => [last.fwdTflops, last.bwdTflops][i] / v);
}

export function render({ sets, windows, ultra, ultraMeasured, ultraModule }) {
  const seqs = sets[0].rows.map((r) => r.seq);
  const at = (seq, pass) => spread(sets, seq, pass);
  const set = (accelerator, cudnn) =>
    sets.find((s) => s.accelerator === accelerator && s.cudnn === cudnn);
  const hopper = gain(set('h200-141g', '9.19'));
  const blackwell = sets.filter((s) => s.accelerator !== 'h200-141g').flatMap(gain);
  const pct = (v) => `${Math.round((v - 1) * 100)} %`;
  const range = ({ low, high }) => `${low.toFixed(2)}–${high.toFixed(2)}`;
  const list = (set, key) =>
    set.rows
      .map((r) => (key === 'fwd' || key === 'bwd' ? r[key].toFixed(2) : int(r[key])))
      .join(' · ');
  return [
    "**Attention kernels.** NVIDIA's cuDNN frontend times its training attention kernel, forward " +
      'and backward apart, on each new accelerator and release (`validation/data/' +
      'attention-cudnn.json`: bf16, causal, head dim 128, 8 KV heads; the files name the cuDNN ' +
      'they ran). The model runs what TransformerEngine calls under Megatron at the efficiencies ' +
      "of kernel_catalog.cpp: the H100's and H200's from FlashAttention-3's cuDNN figures (2024), " +
      "Blackwell's an estimate from the H100's ratio of attention to GEMMs. Measured TFLOP/s at " +
      `${seqs.map(SEQ_LABEL).join(', ')} tokens, and the model's rate over them:`,
    '',
    '| accelerator | cuDNN (timed) | forward, TFLOP/s | model ÷ measured | backward, TFLOP/s | model ÷ measured |',
    '| --- | --- | --- | --- | --- | --- |',
    ...sets.map(
      (s) =>
        `| ${NAMES[s.accelerator]} | ${s.cudnn} (${s.date}) | ${list(s, 'fwdTflops')} | ` +
        `${list(s, 'fwd')} | ${list(s, 'bwdTflops')} | ${list(s, 'bwd')} |`,
    ),
    '',
    `At 8,192 tokens the model's forward is ${range(at(8192, 'fwd'))} of these kernels' rate and ` +
      `its backward ${range(at(8192, 'bwd'))}; at 2,048 tokens ${range(at(2048, 'fwd'))} and ` +
      `${range(at(2048, 'bwd'))}. The kernels reach their long-sequence rate more slowly than ` +
      "FlashAttention-3's figures (half of it near 360 tokens on the H100, the model's curve): " +
      `from ${int(seqs[0])} to ${int(seqs.at(-1))} tokens cuDNN 9.19's H200 kernel gains ` +
      `${pct(hopper[0])} forward and ${pct(hopper[1])} backward, the Blackwell ones ` +
      `${pct(Math.min(...blackwell))} to ${pct(Math.max(...blackwell))}. And the same die ` +
      `moved with the release: at ${int(seqs[0])} tokens the B200 ran ` +
      `${int(set('b200', '9.13').rows[0].fwdTflops)} TFLOP/s forward under cuDNN 9.13, the ` +
      `GB200 ${int(set('gb200', '9.17').rows[0].fwdTflops)} under 9.17 two months later. ` +
      'The model keeps its kernel figures (the runs in the training table span these releases, ' +
      'from 2023 to 2026, and none states its cuDNN). With the GB200’s and GB300’s cuDNN 9.22 ' +
      "rates at 8,192 tokens in place of Blackwell's estimate (tried on 2026-12-07) the training " +
      "table's median came to 10.7 % and its largest to 77.3 %: every Blackwell run faster " +
      'still, further from its published figure. At 8,192 tokens, where most Blackwell runs ' +
      "sit, what they lose is not in their attention kernels; at 2,048 and 4,096 the B200's " +
      'cuDNN 9.10 and 9.13 kernels ran slower than the model, so runs there (MLPerf’s GPT-3, the ' +
      'MoE recipes) may lose some of it in attention under releases as old.',
    '',
    `Blackwell Ultra over its sibling with the same cuDNN (GB300 ÷ GB200 at ` +
      `${ULTRA_SEQS.map(int).join(', ')} tokens): forward ` +
      ultra.map((u) => u.fwd.toFixed(3)).join(', ') +
      `; backward ${ultra.map((u) => u.bwd.toFixed(3)).join(', ')} (cuDNN ` +
      `${[...new Set(ultra.map((u) => u.cudnn))].join(', ')}). The model takes the medians, ` +
      `${ultraMeasured.fwd.toFixed(4)} and ${ultraMeasured.bwd.toFixed(4)}, for the GB300 over ` +
      `the GB200 (${ultraModule.gb300.fwd.toFixed(4)} and ${ultraModule.gb300.bwd.toFixed(4)}) and ` +
      `the B300 over the B200 (${ultraModule.b300.fwd.toFixed(4)} and ` +
      `${ultraModule.b300.bwd.toFixed(4)}), which no benchmark times.`,
    '',
    ...windowsRender(windows),
  ];
}

/** The module over the measured kernels on GPT-OSS's sliding-window shape (their time ratios). */
export function windowFigures(windows) {
  const HOPPER = 'h200-141g';
  // Each figure's time ratios, over the sets `keep` selects and the rows `row` does.
  const span = (keep, pass, row = () => true) => {
    const v = windows.filter(keep).flatMap((w) => w.rows.filter(row).map((r) => r[pass]));
    return { low: Math.min(...v), high: Math.max(...v) };
  };
  const blackwellBf16 = (w) => w.accelerator !== HOPPER && w.dtype === 'bf16';
  const fp8 = (w) => w.dtype === 'fp8';
  const hopper = (w) => w.accelerator === HOPPER;
  return {
    // 32k aside: there the bf16 forward ran on a slower kernel (104 and 108 TFLOP/s).
    blackwellBf16Fwd: span(blackwellBf16, 'fwd', (r) => r.seq < 32768),
    blackwellBf16Bwd: span(blackwellBf16, 'bwd'),
    fp8Fwd: span(fp8, 'fwd'),
    fp8Bwd: span(fp8, 'bwd'),
    hopperFwd: span(hopper, 'fwd'),
    hopperBwd: span(hopper, 'bwd'),
  };
}

function windowsRender(windows) {
  if (!windows?.length) return [];
  const f = windowFigures(windows);
  const range = ({ low, high }) => `${low.toFixed(2)}–${high.toFixed(2)}`;
  const list = (w, key) => w.rows.map((r) => r[key].toFixed(2)).join(' · ');
  const ms = (w, key) => w.rows.map((r) => String(r[key])).join(' · ');
  return [
    'Sliding windows (the same benchmark on GPT-OSS’s shape: head dim 64, a 128-token window on ' +
      'the GB200 and GB300, 1,024 on the H200; ms at ' +
      `${windows[0].rows.map((r) => SEQ_LABEL(r.seq)).join(', ')} tokens, and the model’s rate ` +
      'over the kernel’s):',
    '',
    '| accelerator | cuDNN | window | dtype | forward, ms | model ÷ measured | backward, ms | model ÷ measured |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...windows.map(
      (w) =>
        `| ${NAMES[w.accelerator]} | ${w.cudnn} | ${w.window} | ${w.dtype} | ${ms(w, 'fwdMs')} | ` +
        `${list(w, 'fwd')} | ${ms(w, 'bwdMs')} | ${list(w, 'bwd')} |`,
    ),
    '',
    'A windowed layer’s kernel pays its fixed cost per row of queries over a key loop of the ' +
      'window’s length, as a causal kernel pays it over half its sequence: the model runs it at ' +
      'the flash curve’s efficiency at twice the window (kernel_model.hpp, window_attention_s; ' +
      'before 2026-12-07 at its sequence’s, four times too fast on the 128-token window). On ' +
      `Blackwell its rate is still ${range(f.blackwellBf16Fwd)} times the kernels’ forward ` +
      `(below 32k tokens) and ${range(f.blackwellBf16Bwd)} times their backward: a 128-token ` +
      'window costs more than the curve fitted to FlashAttention-3’s causal figures says; on the ' +
      `H200’s 1,024-token window ${range(f.hopperFwd)} and ${range(f.hopperBwd)}. In FP8 the ` +
      'backward’s time grows with the square of the sequence as a causal one’s does: cuDNN ' +
      'computes every tile up to the diagonal, and the model charges it the causal backward at ' +
      `its FP8 rate, ${range(f.fp8Bwd)} of the kernels’ (its forward ${range(f.fp8Fwd)}). ` +
      'FP8 attention’s speed over bf16 itself is not compared here: the plans take it from these ' +
      'files’ FP8 rows (llama3.1 and dsv3, cuDNN 9.19 and 9.22; kernel_catalog.cpp, ' +
      'formulas.md “FP8 attention”).',
  ];
}
