// The sections of docs/validation.md, in order. Each module exports:
//   id, title
//   evaluate(core)  → { rows, summary } : our prediction for every published run in
//                     validation/data/<id>-runs.json, computed by the real wasm module
//   render(result)  → Markdown: the table with each row's source, and the summary
//   BOUNDS          → the error bounds tests/web/validation-<id>.test.mjs holds it to
// Add a section by importing it here.
import * as h100 from './h100.mjs';
import * as h200 from './h200.mjs';
import * as kernels from './kernels.mjs';
import * as memory from './memory.mjs';
import * as mpt from './mpt.mjs';
import * as serving from './serving.mjs';
import * as sweeps from './sweeps.mjs';
import * as training from './training.mjs';

export const SECTIONS = [memory, training, mpt, sweeps, kernels, h200, h100, serving];
