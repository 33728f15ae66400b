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
