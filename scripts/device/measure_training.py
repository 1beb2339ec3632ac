#!/usr/bin/env python3
"""Measures one GPU for docs/validation.md: training steps of public model architectures in plain
PyTorch + transformers (peak allocated memory, step time, a kernel-time split), a bf16 GEMM's
burst and sustained rate, and decode-style GEMV bandwidth.

The weights are random (nothing can be downloaded on the device machine): memory and time do not
depend on their values. Every case writes its result to --out as soon as it ends, so a run cut
short keeps what it measured. Usage (on the device machine):

    python3 scripts/device/measure_training.py --out $OUT/h200-measurements.json --budget-s 360
"""
import argparse
import contextlib
import gc
import json
import os
import statistics
import subprocess
import sys
import time
import traceback

GB = 1e9

# Architectures as their config.json files state them (the same numbers as core/src/model_catalog.cpp).
ARCHS = {
    "llama-3.2-1b": dict(kind="llama", layers=16, hidden=2048, heads=32, kv=8, head_dim=64,
                         ffn=8192, vocab=128256, tied=True),
    "llama-3.2-3b": dict(kind="llama", layers=28, hidden=3072, heads=24, kv=8, head_dim=128,
                         ffn=8192, vocab=128256, tied=True),
    "llama-3.1-8b": dict(kind="llama", layers=32, hidden=4096, heads=32, kv=8, head_dim=128,
                         ffn=14336, vocab=128256, tied=False),
    "qwen2.5-7b": dict(kind="qwen2", layers=28, hidden=3584, heads=28, kv=4, head_dim=128,
                       ffn=18944, vocab=152064, tied=False),
    "qwen3-8b": dict(kind="qwen3", layers=36, hidden=4096, heads=32, kv=8, head_dim=128,
                     ffn=12288, vocab=151936, tied=False),
    "pythia-1.4b": dict(kind="gpt_neox", layers=24, hidden=2048, heads=16, kv=16, head_dim=128,
                        ffn=8192, vocab=50304, tied=False),
    "tiny-llama": dict(kind="llama", layers=2, hidden=256, heads=4, kv=2, head_dim=64,
                       ffn=512, vocab=1024, tied=False),
}

ALL_LINEAR = ["q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj"]
SHORT_ARCH = {"llama-3.2-1b": "llama32-1b", "llama-3.2-3b": "llama32-3b", "llama-3.1-8b": "llama31-8b",
              "qwen2.5-7b": "qwen25-7b", "qwen3-8b": "qwen3-8b", "pythia-1.4b": "pythia-1.4b"}
SHORT_RECIPE = {"pure-bf16": "bf16", "amp16": "amp"}


def case(arch, recipe, mb, seq, recompute="none", attn="sdpa", **extra):
    """One training case; its id (the data files' key) says every setting that differs."""
    lora = extra.get("lora")
    if lora:
        targets = "all" if lora["targets"] == ALL_LINEAR else "".join(t[0] for t in lora["targets"])
        kind = f"lora-r{lora['r']}-{targets}"
    else:
        kind = SHORT_RECIPE[recipe]
    suffixes = [("full", recompute == "full"), ("eager", attn == "eager"),
                (f"accum{extra.get('accum')}", "accum" in extra),
                ("foreach", extra.get("optimizer") == "foreach"), ("keep", extra.get("keep_outputs"))]
    name = "-".join([SHORT_ARCH[arch], kind, f"mb{mb}", f"s{seq}"] + [n for n, on in suffixes if on])
    return dict(id=name, arch=arch, recipe=recipe, mb=mb, seq=seq, recompute=recompute, attn=attn, **extra)


def lora(r, targets):
    return dict(r=r, alpha=2 * r, targets=targets)


# Fine-tuning, gradient accumulation and the default (foreach) AdamW: --set finetune.
FINETUNE_CASES = [
    case("llama-3.1-8b", "pure-bf16", 1, 4096, lora=lora(16, ALL_LINEAR)),
    case("llama-3.1-8b", "pure-bf16", 1, 4096, "full", lora=lora(16, ALL_LINEAR)),
    case("llama-3.2-3b", "pure-bf16", 2, 4096, lora=lora(16, ["q_proj", "v_proj"])),
    case("llama-3.2-1b", "pure-bf16", 4, 4096, accum=2),
    case("llama-3.1-8b", "pure-bf16", 1, 4096, "full", accum=4),
    case("llama-3.1-8b", "pure-bf16", 1, 4096, optimizer="foreach"),
    case("pythia-1.4b", "pure-bf16", 4, 2048),
]

# Longer contexts and other shapes under full recompute: --set more.
MORE_CASES = [
    case("llama-3.1-8b", "pure-bf16", 1, 32768, "full"),
    case("llama-3.2-3b", "pure-bf16", 1, 16384, "full"),
    case("qwen3-8b", "pure-bf16", 2, 4096, "full"),
    case("llama-3.2-1b", "pure-bf16", 8, 2048),
    case("qwen2.5-7b", "pure-bf16", 2, 8192, "full"),
    case("llama-3.2-3b", "amp16", 4, 4096, "full"),
]

# Priority order: a run cut short by its budget keeps the first ones.
CASES = [
    case("llama-3.1-8b", "pure-bf16", 1, 4096),
    case("llama-3.1-8b", "pure-bf16", 2, 4096, "full"),
    case("llama-3.2-3b", "pure-bf16", 2, 4096),
    case("llama-3.2-1b", "pure-bf16", 4, 4096),
    case("llama-3.2-1b", "amp16", 4, 2048),
    case("qwen2.5-7b", "pure-bf16", 1, 4096),
    case("llama-3.1-8b", "pure-bf16", 1, 2048, attn="eager"),
    case("llama-3.2-3b", "pure-bf16", 4, 4096, "full"),
    case("llama-3.2-1b", "pure-bf16", 1, 16384, "full"),
    case("qwen3-8b", "pure-bf16", 1, 4096),
    case("llama-3.2-1b", "amp16", 2, 4096, "full"),
    case("llama-3.1-8b", "pure-bf16", 1, 8192),
    case("qwen2.5-7b", "pure-bf16", 4, 4096, "full"),
    case("llama-3.2-3b", "amp16", 2, 4096),
    case("llama-3.2-1b", "pure-bf16", 1, 4096, attn="eager"),
    case("llama-3.1-8b", "pure-bf16", 1, 4096, keep_outputs=True),
]



def log(*parts):
    print(f"[{time.strftime('%H:%M:%S')}]", *parts, flush=True)


def run_text(cmd):
    try:
        return subprocess.run(cmd, capture_output=True, text=True, timeout=20).stdout.strip()
    except Exception as error:  # the tool may be missing: record why
        return f"unavailable: {error}"


class Nvml:
    """Board power and SM clock, read while a kernel runs (None where NVML is missing)."""

    def __init__(self):
        self.handle = None
        try:
            import pynvml

            pynvml.nvmlInit()
            self.nv = pynvml
            self.handle = pynvml.nvmlDeviceGetHandleByIndex(0)
        except Exception:
            self.handle = None

    def sample(self):
        if self.handle is None:
            return None
        nv = self.nv
        try:
            return dict(
                power_w=nv.nvmlDeviceGetPowerUsage(self.handle) / 1000.0,
                power_limit_w=nv.nvmlDeviceGetEnforcedPowerLimit(self.handle) / 1000.0,
                sm_clock_mhz=nv.nvmlDeviceGetClockInfo(self.handle, nv.NVML_CLOCK_SM),
                temperature_c=nv.nvmlDeviceGetTemperature(self.handle, nv.NVML_TEMPERATURE_GPU),
            )
        except Exception as error:
            return dict(error=str(error))


def environment(torch):
    props = torch.cuda.get_device_properties(0)
    env = dict(
        gpu=props.name,
        total_memory_bytes=props.total_memory,
        multiprocessors=props.multi_processor_count,
        torch=torch.__version__,
        cuda=torch.version.cuda,
        python=sys.version.split()[0],
        nvidia_smi=run_text([
            "nvidia-smi",
            "--query-gpu=name,driver_version,power.limit,power.max_limit,clocks.max.sm,"
            "clocks.max.mem,memory.total",
            "--format=csv,noheader",
        ]),
    )
    try:
        import transformers

        env["transformers"] = transformers.__version__
    except Exception as error:
        env["transformers"] = f"unavailable: {error}"
    return env


def time_calls(torch, fn, calls):
    start = torch.cuda.Event(enable_timing=True)
    end = torch.cuda.Event(enable_timing=True)
    start.record()
    for _ in range(calls):
        fn()
    end.record()
    end.synchronize()
    return start.elapsed_time(end) / 1000.0 / calls


def gemm_rates(torch, nvml, sustained_s):
    """bf16 8192³ GEMM: a burst of calls, then back to back for sustained_s at the power limit."""
    n = 8192
    a = torch.randn(n, n, device="cuda", dtype=torch.bfloat16)
    b = torch.randn(n, n, device="cuda", dtype=torch.bfloat16)
    c = torch.empty(n, n, device="cuda", dtype=torch.bfloat16)
    flops = 2.0 * n * n * n

    def gemm():
        torch.matmul(a, b, out=c)

    torch.cuda.synchronize()
    time.sleep(2.0)  # let the board cool from whatever ran before
    for _ in range(3):
        gemm()
    burst_s = time_calls(torch, gemm, 20)
    chunks = []
    deadline = time.monotonic() + sustained_s
    while time.monotonic() < deadline:
        seconds = time_calls(torch, gemm, 50)
        chunks.append(dict(t=time.monotonic(), call_s=seconds, nvml=nvml.sample()))
    last = [c for c in chunks if c["t"] > chunks[-1]["t"] - 3.0]
    sustained_call_s = statistics.median(c["call_s"] for c in last)
    result = dict(
        shape=[n, n, n],
        burst_call_s=burst_s,
        burst_tflops=flops / burst_s / 1e12,
        sustained_seconds=sustained_s,
        sustained_call_s=sustained_call_s,
        sustained_tflops=flops / sustained_call_s / 1e12,
        burst_over_sustained_time=burst_s / sustained_call_s,
        chunks=[dict(call_s=c["call_s"], nvml=c["nvml"]) for c in chunks[:: max(1, len(chunks) // 40)]],
        nvml_end=last[-1]["nvml"],
    )
    del a, b, c
    return result


def bandwidth(torch):
    """Device-to-device copy and an element-wise multiply of 1 GiB bf16 tensors."""
    count = 1 << 29
    x = torch.randn(count, device="cuda", dtype=torch.bfloat16)
    y = torch.randn(count, device="cuda", dtype=torch.bfloat16)
    z = torch.empty_like(x)
    for _ in range(3):
        z.copy_(x)
    copy_s = time_calls(torch, lambda: z.copy_(x), 20)
    mul_s = time_calls(torch, lambda: torch.mul(x, y, out=z), 20)
    out = dict(
        bytes_per_tensor=count * 2,
        copy_tb_s=2 * count * 2 / copy_s / 1e12,
        mul_tb_s=3 * count * 2 / mul_s / 1e12,
    )
    del x, y, z
    return out


def gemv_bandwidth(torch, batches):
    """Decode-style GEMMs over Llama-3.1-8B's 32 layers of weights (each matrix its own memory,
    16 GB, far beyond L2), replayed in a CUDA graph so launches cost nothing: the weight bytes
    read per second at each batch of tokens."""
    h, kv, ffn, layers = 4096, 1024, 14336, 32
    shapes = [(h, h + 2 * kv), (h, h), (h, 2 * ffn), (ffn, h)]
    weights = [torch.randn(k, n, device="cuda", dtype=torch.bfloat16) for _ in range(layers) for k, n in shapes]
    weight_bytes = sum(w.numel() * 2 for w in weights)
    results = []
    for batch in batches:
        x_in = {k: torch.randn(batch, k, device="cuda", dtype=torch.bfloat16) for k in (h, ffn)}
        outs = [torch.empty(batch, w.shape[1], device="cuda", dtype=torch.bfloat16) for w in weights]

        def chain():
            for w, o in zip(weights, outs):
                torch.matmul(x_in[w.shape[0]], w, out=o)

        stream = torch.cuda.Stream()
        stream.wait_stream(torch.cuda.current_stream())
        with torch.cuda.stream(stream):
            chain()
        torch.cuda.current_stream().wait_stream(stream)
        graph = torch.cuda.CUDAGraph()
        with torch.cuda.graph(graph):
            chain()
        graph.replay()
        seconds = time_calls(torch, graph.replay, 10)
        flops = sum(2.0 * batch * w.shape[0] * w.shape[1] for w in weights)
        results.append(dict(batch=batch, seconds=seconds, weight_tb_s=weight_bytes / seconds / 1e12,
                            tflops=flops / seconds / 1e12))
        del graph, outs, x_in
    del weights
    return dict(model="llama-3.1-8b linear layers (no embedding, no LM head)", weight_bytes=weight_bytes,
                runs=results)


def hf_config(transformers, arch):
    a = ARCHS[arch]
    common = dict(
        vocab_size=a["vocab"], hidden_size=a["hidden"], intermediate_size=a["ffn"],
        num_hidden_layers=a["layers"], num_attention_heads=a["heads"],
        num_key_value_heads=a["kv"], head_dim=a["head_dim"], max_position_embeddings=32768,
        tie_word_embeddings=a["tied"], rms_norm_eps=1e-5, use_cache=False,
    )
    if a["kind"] == "gpt_neox":
        # EleutherAI/pythia-1.4b config.json: parallel residual, a quarter of each head rotated.
        return transformers.GPTNeoXConfig(
            vocab_size=a["vocab"], hidden_size=a["hidden"], intermediate_size=a["ffn"],
            num_hidden_layers=a["layers"], num_attention_heads=a["heads"], hidden_act="gelu",
            rotary_pct=0.25, use_parallel_residual=True, max_position_embeddings=2048,
            tie_word_embeddings=False, use_cache=False)
    if a["kind"] == "llama":
        return transformers.LlamaConfig(**common)
    if a["kind"] == "qwen2":
        return transformers.Qwen2Config(**common)
    if a["kind"] == "qwen3":
        return transformers.Qwen3Config(**common)
    raise ValueError(arch)


def build_model(torch, transformers, case):
    config = hf_config(transformers, case["arch"])
    dtype = torch.bfloat16 if case["recipe"] == "pure-bf16" else torch.float32
    previous = torch.get_default_dtype()
    torch.set_default_dtype(dtype)
    torch.manual_seed(0)
    try:
        with torch.device("cuda"):
            try:
                model = transformers.AutoModelForCausalLM.from_config(
                    config, attn_implementation=case["attn"])
            except TypeError:
                config._attn_implementation = case["attn"]
                model = transformers.AutoModelForCausalLM.from_config(config)
    finally:
        torch.set_default_dtype(previous)
    model.to(device="cuda", dtype=dtype)
    model.train()
    if case["recompute"] == "full":
        model.gradient_checkpointing_enable(gradient_checkpointing_kwargs={"use_reentrant": False})
    if case.get("lora"):
        import peft

        lora = case["lora"]
        model = peft.get_peft_model(model, peft.LoraConfig(
            r=lora["r"], lora_alpha=lora["alpha"], target_modules=lora["targets"], lora_dropout=0.0))
    return model, config, dtype


def kernel_split(torch, step):
    """One step under the profiler: device time per kernel, grouped as the step-time model groups it."""
    from torch.profiler import ProfilerActivity, profile

    with profile(activities=[ProfilerActivity.CUDA]) as prof:
        step()
        torch.cuda.synchronize()
    rows = []
    for event in prof.key_averages():
        us = getattr(event, "self_device_time_total", None)
        if us is None:
            us = getattr(event, "self_cuda_time_total", 0)
        if us and us > 0:
            rows.append(dict(name=event.key[:160], calls=event.count, us=us))
    rows.sort(key=lambda r: -r["us"])

    def group(name):
        n = name.lower()
        if "flash" in n or "fmha" in n or "sdpa" in n or "attention" in n:
            return "attention"
        if "adam" in n or "multi_tensor" in n:
            return "optimizer"
        if any(k in n for k in ("gemm", "xmma", "cutlass", "nvjet", "sm90", "matmul", "cublas")):
            return "gemm"
        if "nll" in n or "log_softmax" in n or "cross_entropy" in n:
            return "loss"
        if "softmax" in n:
            return "softmax"
        if "memcpy" in n or "memset" in n:
            return "memcpy"
        return "elementwise"

    groups = {}
    for r in rows:
        g = group(r["name"])
        groups[g] = groups.get(g, 0.0) + r["us"]
    return dict(groups_us=groups, total_us=sum(groups.values()), top_kernels=rows[:60])


def sdpa_backend(torch, name):
    """A context that limits SDPA to one backend ("flash": FlashAttention-2, PyTorch's default
    on Hopper before the bundled cuDNN passed 9.15 in torch 2.11); a no-op for None."""
    if not name:
        return contextlib.nullcontext()
    from torch.nn.attention import SDPBackend, sdpa_kernel

    return sdpa_kernel([{"flash": SDPBackend.FLASH_ATTENTION, "cudnn": SDPBackend.CUDNN_ATTENTION}[name]])


def train_case(torch, transformers, case, nvml, steps, profile_all=False):
    torch.cuda.empty_cache()
    torch.cuda.reset_peak_memory_stats()
    base_allocated = torch.cuda.memory_allocated()
    model, config, dtype = build_model(torch, transformers, case)
    params = sum(p.numel() for p in model.parameters())
    trained = [p for p in model.parameters() if p.requires_grad]
    foreach = case.get("optimizer") == "foreach"
    optimizer = torch.optim.AdamW(trained, lr=1e-5, **({"foreach": True} if foreach else {"fused": True}))
    accum = case.get("accum", 1)
    peaks = {}
    generator = torch.Generator(device="cuda").manual_seed(1)
    ids = torch.randint(0, config.vocab_size, (case["mb"], case["seq"]), device="cuda", generator=generator)
    amp = case["recipe"] == "amp16"
    keep_outputs = case.get("keep_outputs", False)
    marks = [torch.cuda.Event(enable_timing=True) for _ in range(4)]

    def step():
        marks[0].record()
        context = torch.autocast("cuda", dtype=torch.bfloat16) if amp else contextlib.nullcontext()
        for micro in range(accum):
            with context, sdpa_backend(torch, case.get("sdpa_backend")):
                if keep_outputs:
                    # The loop keeps the model's output (and its bf16 logits) alive through backward.
                    out = model(input_ids=ids, labels=ids, use_cache=False)
                    loss = out.loss
                else:
                    # As transformers' Trainer does: only the loss outlives the forward.
                    loss = model(input_ids=ids, labels=ids, use_cache=False).loss
            if micro == 0:
                marks[1].record()
            with sdpa_backend(torch, case.get("sdpa_backend")):
                (loss / accum).backward()
        marks[2].record()
        peaks["forward_backward"] = torch.cuda.max_memory_allocated()
        peaks["reserved"] = max(peaks.get("reserved", 0), torch.cuda.max_memory_reserved())
        torch.cuda.reset_peak_memory_stats()
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
        marks[3].record()
        peaks["optimizer"] = max(peaks.get("optimizer", 0), torch.cuda.max_memory_allocated())
        peaks["reserved"] = max(peaks["reserved"], torch.cuda.max_memory_reserved())
        peaks["forward_backward_max"] = max(peaks.get("forward_backward_max", 0), peaks["forward_backward"])
        return loss.detach()

    torch.cuda.reset_peak_memory_stats()
    step()
    torch.cuda.synchronize()
    first_step_peak = max(peaks["forward_backward_max"], peaks["optimizer"]) - base_allocated
    peaks.clear()
    step()
    torch.cuda.synchronize()
    state_allocated = torch.cuda.memory_allocated() - base_allocated
    torch.cuda.reset_peak_memory_stats()
    peaks.clear()
    timings = []
    for _ in range(steps):
        loss = step()
        marks[3].synchronize()
        timings.append(dict(
            forward_s=marks[0].elapsed_time(marks[1]) / 1000.0,
            backward_s=marks[1].elapsed_time(marks[2]) / 1000.0,
            optimizer_s=marks[2].elapsed_time(marks[3]) / 1000.0,
            step_s=marks[0].elapsed_time(marks[3]) / 1000.0,
        ))
    power = nvml.sample()
    result = dict(
        case,
        params=params,
        dtype=str(dtype),
        attn_implementation=getattr(model.config, "_attn_implementation", None),
        gradient_checkpointing=getattr(model, "is_gradient_checkpointing", None),
        loss=float(loss),
        trained_params=sum(p.numel() for p in trained),
        base_allocated_bytes=base_allocated,
        peak_allocated_raw_bytes=max(peaks["forward_backward_max"], peaks["optimizer"]),
        peak_allocated_bytes=max(peaks["forward_backward_max"], peaks["optimizer"]) - base_allocated,
        peak_forward_backward_raw_bytes=peaks["forward_backward_max"],
        peak_optimizer_raw_bytes=peaks["optimizer"],
        peak_reserved_bytes=peaks["reserved"],
        first_step_peak_allocated_bytes=first_step_peak,
        state_allocated_bytes=state_allocated,
        tokens_per_step=case["mb"] * case["seq"] * accum,
        steps=timings,
        median=dict((k, statistics.median(t[k] for t in timings)) for k in timings[0]),
        nvml_after=power,
    )
    if case.get("profile", profile_all):
        try:
            result["kernel_split"] = kernel_split(torch, step)
        except Exception:
            result["kernel_split_error"] = traceback.format_exc()[-2000:]
    del model, optimizer, ids
    gc.collect()
    torch.cuda.empty_cache()
    return result


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", required=True)
    parser.add_argument("--budget-s", type=float, default=360.0)
    parser.add_argument("--steps", type=int, default=5)
    parser.add_argument("--sustained-s", type=float, default=12.0)
    parser.add_argument("--only", default="")
    parser.add_argument("--set", default="pretraining", choices=["pretraining", "finetune", "all", "more"])
    parser.add_argument("--sdpa-backend", default="", choices=["", "flash", "cudnn"],
                        help="limit the sdpa cases to one SDPA backend (their ids get a suffix)")
    parser.add_argument("--no-smoke", action="store_true")
    parser.add_argument("--no-kernels", action="store_true", help="skip the GEMM, bandwidth and GEMV parts")
    parser.add_argument("--profile-all", action="store_true", help="a kernel-time split for every case")
    args = parser.parse_args()
    started = time.monotonic()
    import torch
    import transformers

    transformers.logging.set_verbosity_error()
    nvml = Nvml()
    report = dict(environment=environment(torch), started=time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
                  script="scripts/device/measure_training.py", cases=[], errors=[])
    log("environment", json.dumps(report["environment"]))

    def save():
        report["elapsed_s"] = time.monotonic() - started
        with open(args.out + ".tmp", "w") as f:
            json.dump(report, f, indent=1)
        os.replace(args.out + ".tmp", args.out)

    def attempt(name, fn, settings=None):
        t0 = time.monotonic()
        try:
            value = fn()
            log(name, f"{time.monotonic() - t0:.1f} s")
            return value
        except Exception as error:
            text = traceback.format_exc()
            log(name, "FAILED", text[-1500:])
            entry = dict(name=name, trace=text[-3000:])
            if settings is not None:
                entry["case"] = settings  # what a failed case was asked to run, beside its id
            if isinstance(error, torch.cuda.OutOfMemoryError):
                # A case that does not fit is a verdict to compare, not only a failure.
                entry.update(out_of_memory=True, peak_allocated_raw_bytes=torch.cuda.max_memory_allocated(),
                             total_memory_bytes=torch.cuda.get_device_properties(0).total_memory)
            report["errors"].append(entry)
            return None
        finally:
            save()
            # Freed here, not in the except block: the handled exception's frames hold the model
            # until that block ends, and the next case would run out of memory on them.
            gc.collect()
            torch.cuda.empty_cache()

    # A tiny model through every path first: an API change shows here in seconds, not after 8B.
    smokes = () if args.no_smoke else (("pure-bf16", "none", "sdpa"), ("amp16", "full", "eager"))
    for recipe, recompute, attn in smokes:
        smoke = dict(id=f"smoke-{recipe}-{recompute}-{attn}", arch="tiny-llama", recipe=recipe, mb=2,
                     seq=128, recompute=recompute, attn=attn, profile=True)
        result = attempt(smoke["id"], lambda: train_case(torch, transformers, smoke, nvml, 2))
        if result:
            report.setdefault("smoke", []).append(dict(id=smoke["id"], loss=result["loss"],
                                                       peak=result["peak_allocated_bytes"],
                                                       split=result.get("kernel_split", {}).get("groups_us")))

    if not args.no_kernels and (not args.only or "gemm" in args.only):
        report["gemm"] = attempt("gemm", lambda: gemm_rates(torch, nvml, args.sustained_s))
        report["bandwidth"] = attempt("bandwidth", lambda: bandwidth(torch))

    chosen = {"pretraining": CASES, "finetune": FINETUNE_CASES, "all": CASES + FINETUNE_CASES,
              "more": MORE_CASES}[args.set]
    if args.sdpa_backend:
        chosen = [dict(c, id=f"{c['id']}-{args.sdpa_backend}", sdpa_backend=args.sdpa_backend)
                  for c in chosen if c["attn"] == "sdpa" and not c.get("keep_outputs")]
    for case in chosen:
        if args.only and case["id"] not in args.only:
            continue
        if time.monotonic() - started > args.budget_s - 35:
            report["errors"].append(dict(name=case["id"], trace="skipped: budget"))
            log(case["id"], "skipped: budget")
            continue
        result = attempt(case["id"], lambda: train_case(torch, transformers, case, nvml, args.steps, args.profile_all),
                         case)
        if result:
            report["cases"].append(result)
            m = result["median"]
            log(case["id"], f"peak {result['peak_allocated_bytes'] / GB:.2f} GB",
                f"step {m['step_s'] * 1000:.1f} ms", f"opt {m['optimizer_s'] * 1000:.1f} ms",
                f"params {result['params'] / 1e9:.3f} B")

    if not args.no_kernels and time.monotonic() - started < args.budget_s - 20 and (
            not args.only or "gemv" in args.only):
        report["gemv"] = attempt("gemv", lambda: gemv_bandwidth(torch, [1, 8, 32, 64, 128, 256]))
    save()
    log("done", f"{time.monotonic() - started:.1f} s")


if __name__ == "__main__":
    main()
