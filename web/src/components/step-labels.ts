// The message keys of a step's parts (the core's time.parts ids), in one place for the time panel
// and the exports; their messages travel in the "results" pack (vite.config.js), which both load.
export const STEP_LABELS: Record<string, string> = {
  compute: 'time.compute',
  recompute: 'time.recompute',
  bubble: 'time.bubble',
  tp_comm: 'time.tp_comm',
  cp_comm: 'time.cp_comm',
  pp_comm: 'time.pp_comm',
  dp_comm: 'time.dp_comm',
  moe_comm: 'time.moe_comm',
  optimizer: 'time.optimizer',
  offload: 'time.offload',
  dequant: 'time.dequant',
};
