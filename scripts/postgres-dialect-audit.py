#!/usr/bin/env python3
"""Asks PostgreSQL to parse and plan every SQL statement of the store, to find what is still SQLite-only.

    scripts/postgres-dialect-audit.py postgres://fcgen@127.0.0.1:54329/fcgen

Needs psql and a cluster (scripts/postgres-test-cluster.sh). The script creates (and leaves behind, for
inspection) the database fcgen_dialect_audit in that cluster, applies the PostgreSQL migrations
(Migrations/PostgreSQL/*.sql) to it, then takes each string literal passed to withStatement/prepare/execute in
Sources/FCStore (interpolations of the store's known SQL constants are expanded), rewrites SQLite's ? and ?NNN to
$N, and runs `PREPARE` on it: the server parses it and resolves every table, column, function and operator, without
running it. Each statement that fails is printed with PostgreSQL's error and its file:line; a statement whose only
problem is "could not determine data type of parameter" is fine in the store, where the adapter binds typed values.
Exit status: 0 when nothing else fails, 1 otherwise.
"""
import glob
import os
import re
import subprocess
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Sources", "FCStore")
AUDIT_DB = "fcgen_dialect_audit"


def psql(url, sql):
    result = subprocess.run(["psql", url, "-X", "-q", "-v", "ON_ERROR_STOP=1"], input=sql, capture_output=True,
                            text=True)
    return result.returncode, result.stderr.strip()


def swift_constants():
    """The store's SQL constants (`static let name = \"\"\"...\"\"\"` or "..."), by name, for interpolation."""
    constants = {"levelList": ", ".join(str(n) for n in range(64)), "minimumLeitnerBox": "4",
                 "minimumStability": "21.0"}
    for path in glob.glob(os.path.join(ROOT, "**", "*.swift"), recursive=True):
        source = open(path, encoding="utf-8").read()
        for match in re.finditer(r'static let (\w+)\s*=\s*(?:\n\s*)?(?:"""\n(.*?)\n\s*"""|"((?:[^"\\]|\\.)*)")', source,
                                 re.S):
            constants[match.group(1)] = match.group(2) if match.group(2) is not None else match.group(3)
    return constants


def expand(sql, constants, depth=0):
    """Replaces the interpolations the store uses with what they produce."""
    held_back = re.compile(r'\\\((?:Self|Store)\.heldBack\(cardColumn: "([^"]+)", nowParameter: "([^"]+)"\)\)')
    sql = held_back.sub(lambda m: "EXISTS (SELECT 1 FROM card_flags f WHERE f.user_id = ?1 AND f.card_id = "
                        f"{m.group(1)} AND (f.suspended_at IS NOT NULL OR f.buried_until > {m.group(2)}))", sql)
    fixed = {"frame": "ROWS BETWEEN 5 PRECEDING AND 1 PRECEDING", "now": "0", "filter": " AND session_id = ?3",
             "table": "reviews"}
    sql = re.sub(r'\\\(cardIDsSQL\.replacingOccurrences\([^)]*\)\)', "SELECT id FROM cards WHERE topic_id = ?1", sql)
    sql = re.sub(r'\\\(cardIDsSQL\)', "SELECT id FROM cards WHERE topic_id = ?", sql)

    def constant(match):
        name = match.group(1).split(".")[-1]
        if name in fixed:
            return fixed[name]
        if name in constants:
            return constants[name]
        return match.group(0)
    sql = re.sub(r'\\\(((?:Self\.|Store\.|RefillRule\.|KnownRule\.)?\w+)\)', constant, sql)
    if "\\(" in sql and depth < 3:
        return expand(sql, constants, depth + 1)
    return sql


def rewrite(sql):
    """SQLite placeholders to PostgreSQL's, as PostgresPlaceholders does (literals left alone)."""
    out, largest, i = [], 0, 0
    while i < len(sql):
        c = sql[i]
        if c in "'\"":
            j = i + 1
            while j < len(sql):
                if sql[j] == c:
                    if j + 1 < len(sql) and sql[j + 1] == c:
                        j += 2
                        continue
                    break
                j += 1
            out.append(sql[i:j + 1])
            i = j + 1
            continue
        if c == "?":
            j = i + 1
            while j < len(sql) and sql[j].isdigit():
                j += 1
            number = int(sql[i + 1:j]) if j > i + 1 else largest + 1
            largest = max(largest, number)
            out.append(f"${number}")
            i = j
            continue
        out.append(c)
        i += 1
    return "".join(out)


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: postgres-dialect-audit.py postgres://user@host:port/database")
    url = sys.argv[1]
    subprocess.run(["psql", url, "-X", "-q", "-c", f"DROP DATABASE IF EXISTS {AUDIT_DB}", "-c",
                    f"CREATE DATABASE {AUDIT_DB}"], check=True)
    audit_url = url.rsplit("/", 1)[0] + "/" + AUDIT_DB
    for name in sorted(glob.glob(os.path.join(ROOT, "Migrations", "PostgreSQL", "postgres-*.sql"))):
        code, error = psql(audit_url, open(name, encoding="utf-8").read())
        if code:
            sys.exit(f"migration {os.path.basename(name)} failed: {error}")
    constants = swift_constants()
    literal = re.compile(r'(withStatement|prepare|execute)\(\s*(?:\n\s*)?("""\n(.*?)\n\s*"""|"((?:[^"\\]|\\.)*)")', re.S)
    checked, failed = 0, 0
    statements = []
    for path in sorted(glob.glob(os.path.join(ROOT, "**", "*.swift"), recursive=True)):
        if any(part in path for part in ("/Postgres/", "/Migrations/", "/Connection/")):
            continue
        source = open(path, encoding="utf-8").read()
        for match in literal.finditer(source):
            sql = match.group(3) if match.group(3) is not None else match.group(4)
            statements.append((f"{os.path.relpath(path, ROOT)}:{source[:match.start()].count(chr(10)) + 1}", sql))
        # Whole queries kept in constants (`static let dueCandidatesQuery = """SELECT …`).
        for match in re.finditer(r'static let (\w+Query)\s*=\s*"""\n(.*?)\n\s*"""', source, re.S):
            statements.append((f"{os.path.relpath(path, ROOT)}:{source[:match.start()].count(chr(10)) + 1}",
                               match.group(2)))
    for where, sql in statements:
        sql = expand(sql, constants).replace('\\"', '"').replace("\\\\", "\\")
        if "\\(" in sql:
            print(f"SKIPPED (built at run time) {where}")
            continue
        checked += 1
        code, error = psql(audit_url, f"PREPARE audited AS {rewrite(sql)};")
        if code:
            lines = error.splitlines()
            if "could not determine data type of parameter" in lines[0]:
                print(f"TYPED BINDS NEEDED (fine with the adapter) {where}")
                continue
            failed += 1
            print(f"SQLITE-ONLY {where}: {lines[0]}")
    print(f"{checked} statements prepared, {failed} SQLite-only")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
