#!/usr/bin/env python3
"""Validates fcgen --json documents against docs/json-schemas, for the CLI tests.

Reads a JSON array on stdin: [{"label": "...", "schema": "session", "stdout": "<the command's whole stdout>"}, ...].
Each stdout must be exactly one JSON document, valid against docs/json-schemas/<schema>.json (draft 2020-12).
Prints one line per problem and exits 1 when there is any; needs the `jsonschema` package (scripts/test installs it).
"""
import json
import pathlib
import sys

import jsonschema

SCHEMAS = pathlib.Path(__file__).resolve().parent.parent.parent / "docs" / "json-schemas"


def main():
    cases = json.load(sys.stdin)
    problems = []
    validators = {}
    for case in cases:
        name = case["schema"]
        if name not in validators:
            schema = json.loads((SCHEMAS / f"{name}.json").read_text(encoding="utf-8"))
            jsonschema.Draft202012Validator.check_schema(schema)
            validators[name] = jsonschema.Draft202012Validator(schema)
        try:
            document = json.loads(case["stdout"])
        except json.JSONDecodeError as error:
            problems.append(f"{case['label']}: stdout is not one JSON document ({error}): {case['stdout'][:200]!r}")
            continue
        for error in validators[name].iter_errors(document):
            path = "/".join(str(part) for part in error.absolute_path)
            problems.append(f"{case['label']} ({name}.json) at /{path}: {error.message}")
    for problem in problems:
        print(problem)
    print(f"validated {len(cases)} document(s), {len(problems)} problem(s)", file=sys.stderr)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
