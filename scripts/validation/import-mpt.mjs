// Writes validation/data/mpt-runs.json from MosaicML's MPT training benchmarks, the tables of
// llm-foundry's scripts/train/benchmarking/README.md (a copy of the file at the commit the data
// cites is the argument):
//   node scripts/validation/import-mpt.mjs README.md > validation/data/mpt-runs.json
// Every column of every row is kept as the table prints it, under the names below; nothing is
// derived here.
import { readFileSync } from 'node:fs';

const COLUMNS = [
  ['model', String],
  ['seq_len', Number],
  ['gpus', Number],
  ['gpu', String],
  ['mfu_percent', Number],
  ['hfu_percent', Number],
  ['model_tflops_per_gpu', Number],
  ['micro_batch', Number],
  ['grad_accum', Number],
  ['global_batch', Number],
  ['sequences_per_s', Number],
  ['tokens_per_s', Number],
  ['tokens_per_s_per_gpu', Number],
  ['global_batch_tokens', Number],
  ['precision', String],
  ['mixed_precision', String],
  ['sharding', String],
  ['activation_checkpointing', (x) => x === 'True'],
  ['activation_cpu_offload', (x) => x === 'True'],
  ['num_params', Number],
];

const runs = [];
let table = null;
for (const line of readFileSync(process.argv[2], 'utf8').split('\n')) {
  if (line.startsWith('## ')) table = line.slice(3).trim();
  const cells = line
    .split('|')
    .slice(1, -1)
    .map((c) => c.trim());
  if (cells.length !== COLUMNS.length || !/^\d+[mb]$/.test(cells[0])) continue;
  const run = { table };
  COLUMNS.forEach(([name, parse], i) => (run[name] = parse(cells[i])));
  run.id = `mpt-${run.model}-${run.gpu.replace('_', '-')}-${run.gpus}gpu-s${run.seq_len}-mb${run.micro_batch}-${run.precision.replace('amp_', '')}`;
  runs.push(run);
}
const ids = new Set(runs.map((r) => r.id));
if (ids.size !== runs.length) throw new Error('two rows with one id');
const source = {
  title: 'MPT Training Benchmarks (llm-foundry, scripts/train/benchmarking/README.md)',
  authors_year: 'MosaicML (Databricks) 2023–2024',
  url: 'https://github.com/mosaicml/llm-foundry/blob/8c8dd48f72168c5d51e2f7b151595892a8fba43d/scripts/train/benchmarking/README.md',
  definitions: 'validation/data/mpt-runs.md',
};
process.stdout.write(JSON.stringify({ source, runs }, null, 1) + '\n');
