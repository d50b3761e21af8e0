#!/usr/bin/env python3
"""The test suite's one schema validator: the reference validator (python3 `jsonschema` 4 or later, draft 2020-12,
the dialect OpenAPI 3.1 uses), started once per test run and asked over stdin/stdout, one request per line.

A request: {"kind": "openapi", "cases": [{"label", "schema", "body"}]} validates each body against
docs/openapi.json's #/components/schemas/<schema>; {"kind": "json", "cases": [{"label", "schema", "stdout"}]}
validates each stdout (one JSON document) against docs/json-schemas/<schema>.json. The answer is one line:
{"count": N, "problems": ["<label> (<schema>) at /<path>: <message>", ...]}. It ends at the end of stdin.
"""
import json
import pathlib
import sys

import jsonschema

DOCS = pathlib.Path(__file__).resolve().parent.parent.parent / "docs"
validators = {}


def validator(kind, name):
    key = (kind, name)
    if key not in validators:
        if kind == "openapi":
            document = json.loads((DOCS / "openapi.json").read_text(encoding="utf-8"))
            if name not in document["components"]["schemas"]:
                return None
            schema = {"$ref": f"#/components/schemas/{name}", "components": document["components"]}
            validators[key] = jsonschema.Draft202012Validator(schema, format_checker=jsonschema.FormatChecker())
        else:
            schema = json.loads((DOCS / "json-schemas" / f"{name}.json").read_text(encoding="utf-8"))
            jsonschema.Draft202012Validator.check_schema(schema)
            validators[key] = jsonschema.Draft202012Validator(schema)
    return validators[key]


def problems(kind, cases):
    found = []
    member, shown = ("body", "{}") if kind == "openapi" else ("stdout", "{}.json")
    for case in cases:
        name = case["schema"]
        check = validator(kind, name)
        if check is None:
            found.append(f"{case['label']}: no schema {name} in openapi.json")
            continue
        try:
            document = json.loads(case[member])
        except json.JSONDecodeError as error:
            found.append(f"{case['label']}: not one JSON document ({error}): {case[member][:200]!r}")
            continue
        for error in check.iter_errors(document):
            path = "/".join(str(part) for part in error.absolute_path)
            found.append(f"{case['label']} ({shown.format(name)}) at /{path}: {error.message}")
    return found


def main():
    for line in sys.stdin:
        request = json.loads(line)
        answer = {"count": len(request["cases"]), "problems": problems(request["kind"], request["cases"])}
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
