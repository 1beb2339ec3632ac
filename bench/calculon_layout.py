"""Seconds per layout of Calculon (github.com/calculon-ai/calculon), for docs/performance.md.

Usage: python3 bench/calculon_layout.py CALCULON_CHECKOUT
Times Calculon's compile + run of one layout: GPT-3 175B on 1,024 H100 as (TP, PP, DP) =
(8, 8, 16), micro-batch 1, batch 1536, sequence parallelism, attention-only recompute, sharded
optimizer: the layout of core_bench's BM_OneLayoutCalculonsLayout. Prints one JSON line.
"""
import json
import logging
import sys
import time
import types

checkout = sys.argv[1]
# Calculon's package imports numpy, pandas and psutil for its file output and its parallel
# search; one layout uses none of them. Stand-ins where they are not installed.
for name in ("numpy", "pandas", "psutil"):
    try:
        __import__(name)
    except ImportError:
        stub = types.ModuleType(name)
        if name == "numpy":
            stub.integer = stub.floating = stub.ndarray = stub.bool_ = type("Absent", (), {})
        sys.modules[name] = stub
sys.path.insert(0, checkout)
from calculon import System  # noqa: E402
from calculon.llm import Llm  # noqa: E402


def read(path):
    with open(f"{checkout}/{path}") as f:
        return json.load(f)


app = Llm.Application(read("models/gpt3-175B.json"))
system = read("systems/h100_80g_nvl8.json")
execution = {
    "num_procs": 1024, "tensor_par": 8, "pipeline_par": 8, "data_par": 16,
    "tensor_par_net": 0, "pipeline_par_net": 1, "data_par_net": 1,
    "batch_size": 1536, "microbatch_size": 1, "datatype": "float16",
    "fused_activation": True, "attention_type": "multihead",
    "activation_recompute": "attn_only", "pipeline_interleaving": 1,
    "optimizer_sharding": True, "tensor_par_comm_type": "rs_ag", "tensor_par_overlap": "none",
    "seq_par_ag_redo": False, "data_par_overlap": True, "weight_offload": False,
    "activations_offload": False, "optimizer_offload": False, "training": True,
}
log = logging.getLogger("calculon")


def one_layout():
    model = Llm(app, log)
    model.compile(System(system), Llm.Execution.from_json(execution))
    model.run(System(system))
    return model


step_s = one_layout().get_total_time()
for _ in range(5):
    one_layout()
runs = 300
start = time.process_time()
for _ in range(runs):
    one_layout()
us = (time.process_time() - start) / runs * 1e6
print(json.dumps({"calculon_us_per_layout": round(us, 1), "calculon_step_s": step_s,
                  "python": sys.version.split()[0]}))
