#!/usr/bin/env python3
"""Validates fcgen serve responses against the schemas of docs/openapi.json, for the service tests.

Reads a JSON array on stdin: [{"label": "...", "schema": "TopicDetail", "body": "<the response body>"}, ...].
Each body must be one JSON document, valid against #/components/schemas/<schema> (draft 2020-12, the dialect
OpenAPI 3.1 uses). Prints one line per problem and exits 1 when there is any; needs `jsonschema` 4 or later.
"""
import json
import pathlib
import sys

import jsonschema

DOCUMENT = pathlib.Path(__file__).resolve().parent.parent.parent / "docs" / "openapi.json"


def main():
    document = json.loads(DOCUMENT.read_text(encoding="utf-8"))
    cases = json.load(sys.stdin)
    problems = []
    for case in cases:
        name = case["schema"]
        if name not in document["components"]["schemas"]:
            problems.append(f"{case['label']}: no schema {name} in openapi.json")
            continue
        schema = {"$ref": f"#/components/schemas/{name}", "components": document["components"]}
        validator = jsonschema.Draft202012Validator(schema, format_checker=jsonschema.FormatChecker())
        try:
            body = json.loads(case["body"])
        except json.JSONDecodeError as error:
            problems.append(f"{case['label']}: not one JSON document ({error}): {case['body'][:200]!r}")
            continue
        for error in validator.iter_errors(body):
            path = "/".join(str(part) for part in error.absolute_path)
            problems.append(f"{case['label']} ({name}) at /{path}: {error.message}")
    for problem in problems:
        print(problem)
    print(f"validated {len(cases)} response(s), {len(problems)} problem(s)")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
