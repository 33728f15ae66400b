"""`verdict`: classify frames offline (one JSON frame a line in, one verdict a line out) or serve."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import IO

import orjson

from service.body import check_nesting, parse_json
from service.classify_routes import classify_body
from service.problems import Problem, ProblemCode
from service.validation import check_classify, require

CONFIG = Path(__file__).resolve().parent / "gunicorn.conf.py"


def classify_line(line: str, backend: str, models: list[str] | None) -> dict:
    """One input line: a frame, or a whole classify request with `frame` and `backend`; either is
    validated and answered exactly as POST /v1/classify would."""
    try:
        value = check_nesting(parse_json(line.encode("utf-8", "surrogatepass")))
        whole = isinstance(value, dict) and "frame" in value and isinstance(value.get("backend"), str)
        body = value if whole else {"frame": value, "backend": backend, "advertised_models": models}
        require(check_classify(body))
        return classify_body(body)
    except Problem as problem:
        return {"problem": problem.body()}
    except UnicodeError:
        return {"problem": Problem(ProblemCode.INVALID_JSON, "Line is not valid UTF-8.").body()}


def classify_stream(source: IO[str], sink: IO[bytes], backend: str, models: list[str] | None) -> int:
    count = 0
    for line in source:
        if line.strip():
            sink.write(orjson.dumps(classify_line(line, backend, models)) + b"\n")
            count += 1
    sink.flush()
    return count


def serve() -> None:
    gunicorn = Path(sys.executable).with_name("gunicorn")
    os.execv(str(gunicorn), [str(gunicorn), "-c", str(CONFIG)])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="verdict", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    classify = commands.add_parser("classify", help="classify JSON frames read one a line from stdin")
    classify.add_argument("--backend", default="", help='backend id or alias (default "": kiro-cli)')
    classify.add_argument("--model", action="append", dest="models",
                          help="an advertised model id (repeat for several)")
    commands.add_parser("serve", help="start the HTTP service (same as `make serve`)")
    args = parser.parse_args(argv)
    if args.command == "serve":
        serve()
        return 0
    stdin = open(sys.stdin.fileno(), encoding="utf-8", errors="surrogateescape", closefd=False)
    classify_stream(stdin, sys.stdout.buffer, args.backend, args.models)
    return 0


if __name__ == "__main__":
    sys.exit(main())
