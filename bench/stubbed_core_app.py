"""Verdict's service with the classification core replaced by one fixed answer: the bench
measures what a served request costs beyond the core (body reading, validation, telemetry,
the answer's size), beside the full service and the floor app."""

import classifiers
from bench.http_load import FRAME_BODY
from service import classify_routes
from service.app import create_app

_ANSWER = classifiers.classify(FRAME_BODY["frame"], FRAME_BODY["backend"]).as_dict()
classify_routes.classify_body = lambda body: dict(_ANSWER)
app = create_app()
