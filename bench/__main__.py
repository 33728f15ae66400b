"""`make bench`: every figure is a ratio or a per-unit number taken in one run, A and B
interleaved so this noisy machine's drift hits both alike. Prints the goals beside the results."""

from __future__ import annotations

import statistics
import time

import httpx
import orjson

import classifiers
from bench import redaction_linear
from bench.http_load import FRAME_BODY, run_wrk
from bench.servers import cpu_seconds, server, worker_rss_kib
from tests.corpus import corpus
from tests.vectors import all_vectors

ROUNDS = 3
SECONDS = 4


def _per_frame_us(inputs: list[dict], rounds: int) -> tuple[float, float]:
    """Median and p99 microseconds per classify, each input in turn, as varied traffic arrives."""
    for given in inputs:  # warm the automata and caches, as a running worker has them
        classifiers.classify(given["frame"], given["backend"], given.get("advertised_models"), given.get("hints"))
    samples = []
    for _ in range(rounds):
        for given in inputs:
            start = time.perf_counter_ns()
            classifiers.classify(given["frame"], given["backend"], given.get("advertised_models"), given.get("hints"))
            samples.append(time.perf_counter_ns() - start)
    samples.sort()
    return samples[len(samples) // 2] / 1000, samples[int(len(samples) * 0.99)] / 1000


def in_process() -> str:
    vectors = [v["input"] for v in all_vectors()]
    real = [{"frame": e["frame"], "backend": e["backend"]} for e in corpus.entries()]
    median, p99 = _per_frame_us(vectors, 20)
    real_median, real_p99 = _per_frame_us(real, 10)
    return (f"1. in-process classify over {len(vectors)} vectors: median {median:.0f} us, p99 {p99:.0f} us "
            f"per frame; over the {len(real)} real corpus messages: median {real_median:.0f} us, "
            f"p99 {real_p99:.0f} us (goal: median <= 20, p99 <= 100)")


def _load_with_cpu(target, seconds: float):
    """A wrk run, and the worker CPU time it cost per request (steadier than req/s here)."""
    pids = target.worker_pids()
    before = cpu_seconds(pids)
    load = run_wrk(target.url, seconds)
    return load, (cpu_seconds(pids) - before) / load.requests * 1e6


def against_floor() -> str:
    service, floor = [], []
    with server() as verdict, server("bench.floor_app:app") as bare:
        for _ in range(ROUNDS):
            service.append(_load_with_cpu(verdict, SECONDS))
            floor.append(_load_with_cpu(bare, SECONDS))

    def med(runs, attribute):
        return statistics.median(getattr(load, attribute) for load, _ in runs)

    def cpu(runs):
        return statistics.median(per_request for _, per_request in runs)
    ratio = med(service, "rps") / med(floor, "rps")
    return (f"2. POST /v1/classify: {med(service, 'rps'):.0f} req/s, p50 {med(service, 'p50_ms'):.1f} ms, "
            f"p99 {med(service, 'p99_ms'):.1f} ms; floor endpoint {med(floor, 'rps'):.0f} req/s, "
            f"p50 {med(floor, 'p50_ms'):.1f} ms, p99 {med(floor, 'p99_ms'):.1f} ms; "
            f"ratio {ratio:.2f} (goal >= 0.80); worker CPU per request {cpu(service):.0f} us "
            f"vs {cpu(floor):.0f} us for the floor, a ratio of {cpu(floor) / cpu(service):.2f} "
            f"(steadier: on 2 cores the load generator competes with the workers, and the floor's "
            f"rate swings with it)")


def cost_split() -> str:
    """Worker CPU per request for the floor app, the service without its core, the full service."""
    runs: dict[str, list[float]] = {"floor": [], "without core": [], "full": []}
    with server("bench.floor_app:app") as bare, server("bench.stubbed_core_app:app") as stub, \
            server() as verdict:
        for _ in range(ROUNDS):
            for name, target in (("floor", bare), ("without core", stub), ("full", verdict)):
                runs[name].append(_load_with_cpu(target, SECONDS)[1])
    figures = ", ".join(f"{name} {statistics.median(cpu):.0f} us" for name, cpu in runs.items())
    return f"   worker CPU per request: {figures}"


def worker_classes() -> str:
    """gunicorn's native asgi worker against uvicorn-worker, serving Verdict and the floor app:
    requests per second, and the steadier worker CPU per request."""
    figures = []
    for app, label in (("service.asgi:app", "Verdict"), ("bench.floor_app:app", "floor app")):
        native, uvicorn = [], []
        with server(app) as asgi, server(app, worker_class="uvicorn_worker.UvicornWorker") as uvi:
            for _ in range(ROUNDS):
                native.append(_load_with_cpu(asgi, SECONDS))
                uvicorn.append(_load_with_cpu(uvi, SECONDS))
        rps = [statistics.median(load.rps for load, _ in runs) for runs in (native, uvicorn)]
        cpu = [statistics.median(per_request for _, per_request in runs) for runs in (native, uvicorn)]
        figures.append(f"{label}: asgi {rps[0]:.0f} vs uvicorn-worker {rps[1]:.0f} req/s (ratio "
                       f"{rps[0] / rps[1]:.2f}), worker CPU per request {cpu[0]:.0f} vs {cpu[1]:.0f} us "
                       f"(uvicorn-worker costs {cpu[1] / cpu[0]:.2f}x)")
    return "   worker class (native asgi / uvicorn-worker), " + "; ".join(figures)


def batches() -> str:
    item = FRAME_BODY
    figures = []
    with server() as verdict, httpx.Client(base_url=verdict.url, timeout=60) as http:
        for size in (100, 1000):
            body = orjson.dumps({"items": [item] * size})
            http.post("/v1/classify/batch", content=body, headers={"content-type": "application/json"})
            start, sent = time.perf_counter(), 0
            while time.perf_counter() - start < SECONDS:
                response = http.post("/v1/classify/batch", content=body,
                                     headers={"content-type": "application/json"})
                assert response.status_code == 200
                sent += size
            figures.append(f"{sent / (time.perf_counter() - start):.0f} frames/s at {size} items")
    return "3. POST /v1/classify/batch (one client): " + ", ".join(figures) + " (goal >= 50000)"


def redaction() -> str:
    return "4. " + redaction_linear.report(redaction_linear.run())


def memory() -> str:
    with server(workers=1) as verdict:
        pid = next(iter(verdict.worker_pids()))
        served = 0
        while served < 10_000:
            served += run_wrk(verdict.url, 2).requests
        at_10k, count_10k = worker_rss_kib(pid), served
        while served < 100_000:
            served += run_wrk(verdict.url, 5).requests
        at_100k = worker_rss_kib(pid)
    growth = (at_100k - at_10k) / at_10k
    return (f"5. worker RSS {at_10k / 1024:.1f} MiB after {count_10k} requests, {at_100k / 1024:.1f} MiB "
            f"after {served}: growth {growth:+.1%} (goal < 5%)")


def _near_limit_texts() -> dict[str, str]:
    """Bodies near the size limit that make each part of the work as long as it gets."""
    size = 1_000_000
    return {
        "near-miss credentials": redaction_linear.adversarial_text(size),
        "numbers that could be statuses": "é " + "400 " * (size // 4) + "Could not process image",
        "words that start rule phrases": "é " + "model security token " * (size // 21) + "is expired",
        "short lines a terminal could have wrapped": "ab  \n  cd\n" * (size // 12),  # each line break is two bytes of JSON
    }


def largest_body() -> str:
    slowest = {}
    with server(workers=1) as verdict, httpx.Client(base_url=verdict.url, timeout=60) as http:
        for name, text in _near_limit_texts().items():
            body = orjson.dumps({"backend": "", "frame": {"code": -32603, "message": "Internal error", "data": text}})
            times = []
            for _ in range(3):
                start = time.perf_counter()
                response = http.post("/v1/classify", content=body, headers={"content-type": "application/json"})
                assert response.status_code == 200
                times.append((time.perf_counter() - start) * 1000)
            slowest[name] = max(times)
    listed = ", ".join(f"{name} {ms:.0f} ms" for name, ms in slowest.items())
    return f"6. slowest of 3 near-limit bodies (about 1 MiB each): {listed} (goal < 250)"


def main() -> None:
    for figure in (in_process, against_floor, cost_split, worker_classes, batches, redaction, memory,
                   largest_body):
        print(figure(), flush=True)


if __name__ == "__main__":
    main()
