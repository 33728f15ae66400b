"""schemathesis drives every operation of openapi.yaml against the app in-process, with every
check it has, in positive and negative generation modes."""

import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import CHECKS

from service.app import create_app
from service.settings import Settings

APP = create_app(Settings())  # the defaults the schema documents
SCHEMA = schemathesis.openapi.from_asgi("/openapi.json", APP)
ALL_CHECKS = CHECKS.get_all()


@SCHEMA.parametrize()
@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
def test_operation_honours_its_contract(case):
    case.call_and_validate(checks=ALL_CHECKS)
