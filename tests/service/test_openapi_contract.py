"""openapi.yaml is the source of truth: it validates, matches the routes both ways, and its
examples round-trip through the app."""

import jsonschema
import pytest
import yaml
from openapi_spec_validator import validate
from starlette.routing import Route

import classifiers
from service.app import ROUTES
from service.ops_routes import OPENAPI_PATH
from service.problems import ProblemCode

SPEC = yaml.safe_load(OPENAPI_PATH.read_bytes())
METHODS = {"get", "post", "put", "patch", "delete"}


def _spec_operations() -> set[tuple[str, str]]:
    return {(path, method.upper()) for path, item in SPEC["paths"].items()
            for method in item if method in METHODS}


def _route_operations() -> set[tuple[str, str]]:
    return {(r.path, m) for r in ROUTES if isinstance(r, Route) for m in r.methods - {"HEAD"}}


def _resolve(node):
    while isinstance(node, dict) and "$ref" in node:
        target = SPEC
        for part in node["$ref"].lstrip("#/").split("/"):
            target = target[part]
        node = target
    return node


def _validator(schema: dict) -> jsonschema.Draft202012Validator:
    document = {**schema, "components": SPEC["components"]}
    return jsonschema.Draft202012Validator(document)


def test_the_document_is_valid_openapi_3_1():
    validate(SPEC)
    assert SPEC["openapi"].startswith("3.1")


def test_every_route_is_documented_and_every_documented_operation_is_routed():
    assert _route_operations() == _spec_operations()


def test_enums_match_the_taxonomy_and_the_problem_codes():
    schemas = SPEC["components"]["schemas"]
    ruleset = classifiers.ruleset()
    frame_kinds = [k for k, spec in ruleset.kinds.items() if spec["exception"] in
                   ("AcpError", "AcpProcessDied", "AcpPromptBusy")]
    assert schemas["Kind"]["enum"] == frame_kinds
    assert schemas["Tag"]["enum"] == list(ruleset.tags)
    assert schemas["Recovery"]["enum"] == list(ruleset.recoveries)
    assert schemas["Exception"]["enum"] == list(ruleset.exceptions)
    assert schemas["ProblemCode"]["enum"] == [c.code for c in ProblemCode]


def _request_examples():
    for path, item in SPEC["paths"].items():
        for method, operation in item.items():
            content = operation.get("requestBody", {}).get("content", {}).get("application/json", {})
            for name, example in content.get("examples", {}).items():
                yield pytest.param(path, method, operation, example["value"], id=f"{path}:{name}")


@pytest.mark.parametrize("path, method, operation, body", list(_request_examples()))
def test_request_example_round_trips_through_the_app(client, path, method, operation, body):
    response = client.request(method.upper(), path, json=body)
    documented = _resolve(operation["responses"][str(response.status_code)])
    media = response.headers["content-type"].split(";")[0]
    _validator(documented["content"][media]["schema"]).validate(response.json())


def _response_examples():
    for path, item in SPEC["paths"].items():
        for method, operation in item.items():
            for status, response in operation.get("responses", {}).items():
                for media, content in _resolve(response).get("content", {}).items():
                    examples = [e["value"] for e in content.get("examples", {}).values()]
                    examples += [content["example"]] if "example" in content else []
                    for number, example in enumerate(examples):
                        yield pytest.param(content["schema"], example, id=f"{path}:{status}:{number}")


@pytest.mark.parametrize("schema, example", list(_response_examples()))
def test_response_example_follows_its_schema(schema, example):
    _validator(schema).validate(example)


def test_the_classify_example_answer_is_what_the_service_says(client):
    operation = SPEC["paths"]["/v1/classify"]["post"]
    request = operation["requestBody"]["content"]["application/json"]["examples"]["overloaded"]["value"]
    documented = operation["responses"]["200"]["content"]["application/json"]["examples"]["overloaded"]["value"]
    answer = client.post("/v1/classify", json=request).json()
    assert {k: v for k, v in answer.items() if k != "ruleset"} == {
        k: v for k, v in documented.items() if k != "ruleset"}
