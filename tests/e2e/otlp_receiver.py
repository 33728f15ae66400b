"""A real OTLP/HTTP receiver on loopback that keeps every export it is sent, decoded."""

from __future__ import annotations

import gzip
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from opentelemetry.proto.collector.metrics.v1.metrics_service_pb2 import ExportMetricsServiceRequest
from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import ExportTraceServiceRequest


class Receiver:
    def __init__(self) -> None:
        self.raw: list[tuple[str, bytes]] = []
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):  # noqa: N802 (the http.server spelling)
                body = self.rfile.read(int(self.headers.get("content-length", 0)))
                if self.headers.get("content-encoding") == "gzip":
                    body = gzip.decompress(body)
                receiver.raw.append((self.path, body))
                self.send_response(200)
                self.send_header("content-type", "application/x-protobuf")
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self) -> "Receiver":
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.server.shutdown()
        self.server.server_close()

    def spans(self) -> list:
        found = []
        for path, body in self.raw:
            if path == "/v1/traces":
                request = ExportTraceServiceRequest.FromString(body)
                found += [span for rs in request.resource_spans for ss in rs.scope_spans for span in ss.spans]
        return found

    def metric_names(self) -> set[str]:
        names = set()
        for path, body in self.raw:
            if path == "/v1/metrics":
                request = ExportMetricsServiceRequest.FromString(body)
                names |= {m.name for rm in request.resource_metrics for sm in rm.scope_metrics for m in sm.metrics}
        return names
