"""The one gunicorn configuration for `make serve`, the container and the end-to-end tests."""

import os
import shutil
import sys
import tempfile

from service.settings import Settings

_settings = Settings.from_env()

wsgi_app = "service.asgi:app"
worker_class = "asgi"
bind = f"{_settings.host}:{_settings.port}"
workers = _settings.workers
worker_connections = 1000
asgi_lifespan = "on"
keepalive = 5
limit_request_line = 8190  # gunicorn's largest; longer lines and malformed HTTP are answered by gunicorn itself
graceful_timeout = 20
timeout = 30
accesslog = None
errorlog = "-"
loglevel = "info"
# No runtime control socket: it would clash between instances and needs a writable $HOME.
control_socket_disable = True


def on_starting(server):
    """Workers share one metrics directory, so /metrics sums every worker's counts.
    Set before any worker imports the app (prometheus_client reads it at import)."""
    if not os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        os.environ["PROMETHEUS_MULTIPROC_DIR"] = tempfile.mkdtemp(prefix="verdict-metrics-")
        os.environ["VERDICT_OWNS_METRICS_DIR"] = "1"


def post_fork(server, worker):
    """Each worker starts its own access log and telemetry after the fork (threads do not
    survive one)."""
    from service import telemetry
    telemetry.access_log.open(sys.stderr.buffer, os.environ.get("VERDICT_ACCESS_LOG_LEVEL", "INFO"))
    telemetry.start_tracing()


def worker_exit(server, worker):
    from service import telemetry
    telemetry.stop_tracing()


def child_exit(server, worker):
    from prometheus_client import multiprocess
    multiprocess.mark_process_dead(worker.pid)


def on_exit(server):
    if os.environ.get("VERDICT_OWNS_METRICS_DIR"):
        shutil.rmtree(os.environ["PROMETHEUS_MULTIPROC_DIR"], ignore_errors=True)
