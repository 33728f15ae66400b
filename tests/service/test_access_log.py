"""The access log's switch and line shape (the end-to-end telemetry test reads it from a real
gunicorn's stderr)."""

import io

import orjson
import pytest

from service.telemetry import AccessLog


@pytest.mark.parametrize("level", ["INFO", "info", "DEBUG", " info ", "NOTALEVEL"])
def test_on_at_info_and_below(level):
    log, stream = AccessLog(), io.BytesIO()
    log.open(stream, level)
    log.write({"route": "/v1/classify", "status": 200})
    assert orjson.loads(stream.getvalue()) == {"route": "/v1/classify", "status": 200}
    assert stream.getvalue().endswith(b"}\n") and stream.getvalue().count(b"\n") == 1


@pytest.mark.parametrize("level", ["WARNING", "error", "CRITICAL"])
def test_silenced_above_info(level):
    log, stream = AccessLog(), io.BytesIO()
    log.open(stream, level)
    log.write({"route": "/v1/classify", "status": 200})
    assert stream.getvalue() == b""


class _Broken:
    def write(self, data):
        raise BrokenPipeError("stderr went away")

    def flush(self):
        pass


def test_a_broken_stream_never_fails_the_request():
    log = AccessLog()
    log.open(_Broken(), "INFO")
    log.write({"route": "/v1/classify", "status": 200})  # must not raise
    closed = io.BytesIO()
    closed.close()
    log.open(closed, "INFO")
    log.write({"route": "/v1/classify", "status": 200})
