#!/usr/bin/env python3
"""Writes docs/json-schemas/*.json: the JSON Schema (draft 2020-12) of every fcgen --json document.

The shared shapes (a card, a session, rewards, a timestamp …) are defined once below; each written schema is
self-contained (it carries the $defs it uses), so any validator can check a document against one file.

    python3 scripts/json-schemas.py            # write the files
    python3 scripts/json-schemas.py --check    # exit 1 if the files differ from what would be written (a test runs this)
"""
import json
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "json-schemas"
SCHEMA_VERSION = 3


def ref(name):
    return {"$ref": f"#/$defs/{name}"}


def obj(required, optional=None, description=None):
    """An object with exactly these members: `required` always present, `optional` present when they apply."""
    schema = {"type": "object"}
    if description:
        schema["description"] = description
    schema["properties"] = {**required, **(optional or {})}
    schema["required"] = sorted(required)
    schema["additionalProperties"] = False
    return schema


def array(items):
    return {"type": "array", "items": items}


def enum(*values):
    return {"enum": list(values)}


INT = {"type": "integer"}
STEP = {"type": "integer", "minimum": 1, "description": "The topic outline's step the batch took (absent: fixed aspects)."}
COUNT = {"type": "integer", "minimum": 0}
ID = {"type": "integer", "minimum": 0}
NUMBER = {"type": "number"}
STRING = {"type": "string"}
BOOL = {"type": "boolean"}
# The admin flag's old spelling, beside `isAdmin` (the sign-in answer's and /v1/me's) until schemaVersion 4.
ADMIN_ALIAS = {"type": "boolean", "deprecated": True,
               "description": "The same as isAdmin, kept for scripts that read it; gone at schemaVersion 4."}
SHARE = {"type": "number", "minimum": 0, "maximum": 1}
USD = {"type": "number", "minimum": 0, "description": "US dollars."}

DEFS = {
    "timestamp": {
        "description": "RFC 3339 in UTC with milliseconds: 2026-11-23T12:00:00.000Z.",
        "type": "string",
        "pattern": r"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{3}Z$",
    },
    "day": {
        "description": "A local calendar day, RFC 3339 full-date: 2026-11-23.",
        "type": "string",
        "pattern": r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$",
    },
    "rating": {"description": "The one rating scale: again, hard, good, easy (1-4).", **enum("again", "hard", "good", "easy")},
    "algorithm": enum("badger", "fsrs", "leitner"),
    "cardKind": enum("question", "definition", "truefalse", "fillblank", "math", "image", "cloze", "mcq"),
    "draftKind": {"description": "A card kind the sanitizer reads: the stored kinds, plus cloze and mcq.",
                  **enum("question", "definition", "truefalse", "fillblank", "math", "image", "cloze", "mcq")},
    "choices": obj({"options": {"type": "array", "items": STRING, "minItems": 4, "maxItems": 5},
                    "correctIndex": {"type": "integer", "minimum": 0, "maximum": 4}},
                   description="A multiple-choice card's options in written order; exactly one is correct."),
    "cardOrigin": enum("generated", "fallback", "fixture", "imported", "manual"),
    "sourceFormat": enum("text", "markdown", "html", "pdf"),
    "depth": enum("foundational", "intermediate", "advanced", "expert"),
    "batchOutcome": enum("strict", "repaired", "partial", "fallback"),
    "subtopic": obj({"name": STRING, "levels": array(obj({"level": {"$ref": "#/$defs/depth"}, "focus": STRING}))}),
    "planStep": obj({"index": {"type": "integer", "minimum": 1}, "subtopic": STRING, "level": {"$ref": "#/$defs/depth"},
                     "focus": STRING}, {"batch": {"type": "integer", "minimum": 1}}),
    "rarity": enum("common", "rare", "epic", "legendary"),
    "counts": {"type": "object", "additionalProperties": COUNT},
    "imageCredit": obj({"provider": STRING, "authorName": STRING}, {"authorUrl": STRING, "photoUrl": STRING},
                       "Who made a picture an image resolver found (generate --images), as the provider asks."),
    "card": obj(
        {
            "id": ID, "topicId": ID, "kind": ref("cardKind"), "question": STRING, "answer": STRING,
            "origin": ref("cardOrigin"), "position": COUNT, "createdAt": ref("timestamp"),
        },
        {
            "batchId": ID, "explanation": STRING, "updatedAt": ref("timestamp"),
            "image": obj({"hash": STRING, "mimeType": STRING, "bytes": COUNT}, {"credit": ref("imageCredit")}),
            "reverseOf": ID, "twinId": ID, "choices": ref("choices"), "imageQuery": STRING,
            "clozeNumber": {"type": "integer", "minimum": 1, "maximum": 999}, "clozeOf": ID,
            "source": obj(
                {"sourceId": ID, "fileName": STRING, "path": STRING, "format": ref("sourceFormat"), "sha256": STRING,
                 "section": {"type": "integer", "minimum": 1}, "sectionTitle": STRING, "start": COUNT, "end": COUNT},
                {"page": {"type": "integer", "minimum": 1}},
                "Where a card made by generate --from came from: the file (fileName its name alone, path as given "
                "to --from), the section and its span in Unicode scalars."),
        },
        "A card, the same shape in every document and in the HTTP API (FCContract's CardJSON); picture, twin and "
        "update time when the command read them.",
    ),
    "session": obj(
        {
            "id": ID, "mode": enum("spaced", "free", "quiz"), "topicIds": array(ID), "size": COUNT,
            "answered": COUNT, "remaining": COUNT, "cards": COUNT, "correct": COUNT, "failed": COUNT,
            "empty": COUNT, "startedAt": ref("timestamp"),
        },
        {
            "averageRating": {"type": "number", "minimum": 1, "maximum": 4,
                              "description": "Mean rating, 1 (again) to 4 (easy)."},
            "endedAt": ref("timestamp"),
            "overridden": {**COUNT, "description": "Quiz sessions: answers claimed right over the grader's "
                           "\"wrong\" (\"I was right\"), counted in correct."},
        },
    ),
    "level": obj({"level": {"type": "integer", "minimum": 1}, "totalXP": COUNT, "levelStartXP": COUNT,
                  "nextLevelXP": COUNT}),
    "achievement": obj(
        {"id": STRING, "title": STRING, "description": STRING, "emoji": STRING, "xp": COUNT,
         "rarity": ref("rarity"), "category": enum("learning", "streak", "exploration", "mastery")},
        {"unlockedAt": ref("timestamp")},
    ),
    "boxView": obj({"id": STRING, "rarity": ref("rarity")}, {"xp": COUNT}),
    "rewards": obj(
        {
            "xpGained": INT, "totalXP": COUNT, "level": ref("level"), "levelsReached": array(INT),
            "challengesCompleted": array(obj({"day": ref("day"), "kind": ref("challengeKind"), "title": STRING,
                                              "xp": COUNT})),
            "boxesEarned": array(ref("boxView")), "boxesOpened": array(ref("boxView")),
            "achievementsUnlocked": array(ref("achievement")),
        },
        description="What an event earned.",
    ),
    "challengeKind": enum("card_master", "perfect_score", "topic_explorer"),
    "challenge": obj(
        {"kind": ref("challengeKind"), "title": STRING, "description": STRING, "day": ref("day"), "target": COUNT,
         "xp": COUNT, "progress": COUNT, "expiresAt": ref("timestamp")},
        {"completedAt": ref("timestamp")},
    ),
    "job": obj(
        {
            "id": ID, "topicId": ID, "topicName": STRING, "kind": STRING,
            "status": enum("queued", "running", "done", "failed", "dead", "cancelled"), "attempts": COUNT,
            "maxAttempts": COUNT, "runAfter": ref("timestamp"), "createdAt": ref("timestamp"),
            "updatedAt": ref("timestamp"),
        },
        {"batchNumber": COUNT, "leaseOwner": STRING, "leaseExpiresAt": ref("timestamp"), "lastError": STRING,
         "finishedAt": ref("timestamp")},
    ),
    "cardState": obj(
        {"phase": enum("new", "learning", "review", "relearning"), "due": ref("timestamp"), "reps": COUNT,
         "lapses": COUNT},
        {"step": COUNT, "stability": NUMBER, "difficulty": NUMBER, "box": COUNT, "lastReview": ref("timestamp")},
    ),
    "leaderboardEntry": obj({
        "rank": {"type": "integer", "minimum": 1}, "value": INT, "isCurrentLearner": BOOL,
        "stats": obj({"learnerId": ID, "name": STRING, "day": ref("day"), "cardsReviewed": COUNT,
                      "topicsExplored": COUNT, "achievementsUnlocked": COUNT, "xp": INT}),
    }),
    "topicStatus": obj(
        {"topicId": ID, "name": STRING, "cardCount": COUNT, "unstudiedCount": COUNT, "batchCount": COUNT,
         "isRefillDue": BOOL},
        {"policy": obj({"refillBelow": COUNT, "batchSize": COUNT}, {"maxBatches": COUNT}), "openJob": ref("job")},
    ),
    "errorCode": enum(
        "usage", "missing_api_key", "bad_input", "bad_config", "not_found", "conflict", "session_ended",
        "fallback_refused", "provider_rejected", "provider_unavailable", "budget_exceeded", "database_busy",
        "database_error",
        "cancelled", "internal",
    ),
    "apiToken": obj(
        {"id": ID, "user": STRING, "prefix": STRING, "isAdmin": BOOL, "admin": ADMIN_ALIAS,
         "createdAt": ref("timestamp")},
        {"expiresAt": ref("timestamp"), "revokedAt": ref("timestamp")},
        "An API token as stored: never the token itself, only its non-secret prefix."),
}

SESSION_OUTPUT = (
    {"session": ref("session"), "done": BOOL},
    {"card": ref("card"), "rewards": ref("rewards"),
     "undone": obj({"cardId": ID, "reviewRemoved": BOOL, "xpReturned": COUNT}),
     "shown": obj({"question": STRING, "answer": STRING}, {"options": array(STRING), "correctOption": COUNT,
                                                                  "clozeNumber": {"type": "integer", "minimum": 1}},
                  "The card as study shows it: cloze deletions hidden, mcq options shuffled."),
     "buriedUntil": {**ref("timestamp"), "description": "session bury: when the buried card comes back."},
     "buriedSiblings": {**array(ID), "description": "session bury: the cloze siblings buried with the card, "
                        "ascending; empty for any other card."}},
)

# name -> (commands, required members, optional members, description)
DOCUMENTS = {
    "generate": (["generate", "fcgen --topic T"], {
        "topic": STRING, "database": STRING, "provider": STRING, "model": STRING,
        "batches": array(obj(
            {"number": {"type": "integer", "minimum": 1}, "aspect": STRING, "depth": ref("depth"),
             "outcome": ref("batchOutcome"), "kept": COUNT, "dropped": ref("counts"), "repairs": array(STRING),
             "latencyMs": COUNT, "truncated": BOOL},
            {"inputTokens": COUNT, "outputTokens": COUNT, "step": STEP,
             "images": obj({"found": COUNT, "none": COUNT, "failed": COUNT},
                           description="The batch's image searches (with --images other than none)."),
             "review": obj(
                 {"status": enum("applied", "failed", "skipped"), "reviewed": COUNT, "before": COUNT, "after": COUNT,
                  "rewritten": COUNT, "dropped": COUNT, "kept": COUNT, "rewritesRefused": COUNT},
                 {"warning": STRING},
                 "What --review did to the batch (absent: no review, or nothing to review)."),
             "askedAgain": {"type": "integer", "minimum": 1,
                            "description": "Times the batch's request was sent again because a reply gave no usable "
                            "card (fallback_retries); absent when the first reply was used."}})),
    }, {
        "source": obj({"name": STRING, "format": ref("sourceFormat"), "sha256": STRING, "bytes": COUNT,
                       "sections": COUNT}),
        "review": obj(
            {"applied": COUNT, "failed": COUNT, "skipped": COUNT, "reviewed": COUNT, "before": COUNT,
             "after": COUNT, "rewritten": COUNT, "dropped": COUNT, "kept": COUNT, "rewritesRefused": COUNT},
            description="The review pass over the run's batches (only with --review)."),
    }, "The batches a generation run stored (with --from: from which source; with --review: what the review did)."),
    "sanitize": (["sanitize"], {
        "outcome": ref("batchOutcome"),
        "cards": array(obj({"question": STRING, "answer": STRING, "type": ref("draftKind"),
                            "origin": ref("cardOrigin")},
                           {"explanation": STRING, "flags": array(STRING), "choices": ref("choices")})),
        "dropped": ref("counts"), "repairs": array(STRING),
    }, {
        "quality": {"type": "object", "description": "Per quality rule id: what the checks did with the cards.",
                    "additionalProperties": obj({"kept": COUNT, "fixed": COUNT, "dropped": COUNT})},
        "qualityDropped": array(obj({"question": STRING, "answer": STRING, "type": ref("draftKind"), "rule": STRING},
                                    {"explanation": STRING, "flags": array(STRING)})),
    }, "What the sanitizer made of one model reply: cards kept (with their quality flags) and what was dropped."),
    "topics": (["topics"], {
        "topics": array(obj({"id": ID, "name": STRING, "cardCount": COUNT, "batchCount": COUNT},
                            {"lastBatchAt": ref("timestamp")})),
    }, {}, "Every topic with its counts."),
    "cards": (["cards"], {"topic": STRING, "cards": array(ref("card"))}, {}, "A topic's cards in deck order."),
    "batches": (["batches"], {
        "topic": STRING,
        "batches": array(obj({
            "id": ID, "topicId": ID,
            "plan": obj({"number": {"type": "integer", "minimum": 1}, "aspect": STRING, "depth": ref("depth")},
                        {"step": STEP}),
            "provider": STRING, "model": STRING, "promptHash": STRING, "outcome": ref("batchOutcome"),
            "cardsKept": COUNT, "dropped": ref("counts"), "usage": obj({}, {"input": COUNT, "output": COUNT}),
            "latencyMilliseconds": COUNT, "createdAt": ref("timestamp"),
        })),
    }, {}, "A topic's batches."),
    "topic": (["topic add", "topic set", "topic show"], {
        "topic": ref("topicStatus"), "appearance": obj({}, {"color": STRING, "icon": STRING}),
        "algorithm": ref("algorithm"), "spentTodayUSD": USD,
    }, {"language": STRING, "kinds": {"type": "string", "description": "The card kinds the topic remembers (the "
                                       "last --kinds asked for), comma-separated as --kinds takes them."},
        "dailyBudgetUSD": USD},
        "A topic: refill policy, counts, open job, appearance, algorithm, card language and kinds, daily budget and "
        "what was spent today (UTC)."),
    "usage": (["usage"], {
        "lines": array(obj(
            {"day": ref("day"), "topic": STRING, "model": STRING, "requests": COUNT, "inputTokens": COUNT,
             "outputTokens": COUNT, "unpricedRequests": COUNT},
            {"costUSD": USD})),
        "totals": obj({"requests": COUNT, "inputTokens": COUNT, "outputTokens": COUNT, "unpricedRequests": COUNT},
                      {"costUSD": USD}),
    }, {"since": ref("day"), "topic": STRING},
        "Model requests per UTC day, topic and model: requests, tokens and cost (absent when no request of the line "
        "has a price; unpricedRequests counts those without), with totals."),
    "topic-plan": (["topic plan"], {
        "topic": STRING,
        "plan": obj({}, {
            "source": enum("model", "edited", "fallback"), "note": STRING, "updatedAt": ref("timestamp"),
            "subtopics": array(ref("subtopic")),
        }),
        "steps": array(ref("planStep")), "covered": COUNT, "total": COUNT,
    }, {"language": STRING, "next": ref("planStep")},
        "A topic's outline, its steps in the order batches take them (with the batch that took each), and the next."),
    "topic-rename": (["topic rename"], {
        "topic": obj({"id": ID, "name": STRING, "createdAt": ref("timestamp")}), "previousName": STRING,
    }, {}, "The renamed topic."),
    "topic-delete": (["topic delete"], {
        "deleted": obj({"name": STRING, "cards": COUNT, "batches": COUNT, "jobs": COUNT}),
    }, {}, "What deleting a topic removed."),
    "jobs": (["jobs", "jobs list"], {"jobs": array(ref("job"))}, {}, "Refill jobs, newest first."),
    "job": (["jobs retry", "jobs cancel"], {"job": ref("job")}, {}, "The job as it is now."),
    "card": (["card show", "card move"], {"card": ref("card")}, {}, "One card with its details."),
    "card-list": (["card add", "card edit"], {"cards": array(ref("card"))}, {
        "siblings": {**array(ref("card")), "description": "card add: the cloze siblings the card's text made, one per "
                     "further deletion number, by number (empty for any other card)."},
    }, "The cards written (a card and its reversed twin)."),
    "card-delete": (
        ["card delete"], {"deleted": array(ID)}, {},
        "The ids deleted, ascending, each once: those given and the cloze siblings that go with a cloze card.",
    ),
    "card-flags": (["card bury", "card suspend", "card unsuspend"], {
        "user": STRING, "cards": array(ID), "action": enum("buried", "suspended", "unsuspended"),
    }, {"buriedUntil": ref("timestamp"),
        "siblings": {**array(ID), "description": "card bury: the cloze siblings buried with the cards given (cards), "
                     "ascending; empty when there are none."}},
        "Cards buried or (un)suspended for a learner."),
    "import": (["import"], {
        "topic": STRING, "format": enum("csv", "anki"),
        "summary": obj({"rows": COUNT, "cardsStored": COUNT, "twinsStored": COUNT, "duplicatesSkipped": COUNT,
                        "isDryRun": BOOL, "clozeSiblingsStored": COUNT}, {"topicCreated": BOOL}),
        "skipped": array(STRING), "skippedTotal": COUNT,
        "firstRows": array(obj({"question": STRING, "answer": STRING})),
    }, {"separator": enum("semicolon", "comma", "tab")},
        "What an import stored (or would store); a CSV file's separator and the first good rows as they were read."),
    "export": (["export --out FILE"], {
        "topic": STRING, "format": enum("anki", "csv", "json"), "out": STRING, "notes": COUNT,
        "mediaFiles": array(STRING),
        "losses": array(obj({"reason": enum("picture_only_card", "picture", "duplicate_without_picture", "pair_split",
                                            "media_not_written", "refused_by_import"),
                             "count": COUNT, "cardIds": array(ID), "message": STRING})),
    }, {}, "A report of an export written to a file: what it holds, and what it cannot hold, reason by reason."),
    "due": (["due"], {
        "user": STRING, "timeZone": STRING, "until": ref("timestamp"),
        "topics": array(obj({"topicId": ID, "topic": STRING, "cards": COUNT, "due": COUNT, "new": COUNT})),
        "cards": array(obj({"id": ID, "topicId": ID, "question": STRING, "due": ref("timestamp"),
                            "level": COUNT})),
    }, {}, "What is due today for the learner."),
    "review": (["review"], {
        "review": obj({"cardId": ID, "rating": ref("rating"), "reviewedAt": ref("timestamp"),
                       "algorithm": ref("algorithm"), "state": ref("cardState")},
                      {"rewards": ref("rewards")}),
    }, {}, "One recorded review and the card's new state."),
    "session": (["session start", "session next", "session answer", "session skip", "session undo",
                 "session bury", "session suspend", "session end"], *SESSION_OUTPUT,
                "The session and the card to show next (none when done)."),
    "learn": (["learn"], {
        "user": STRING, "sessions": array(obj({"session": ref("session")}, {"rewards": ref("rewards")})),
    }, {}, "Every session of an interactive run."),
    "quiz": (["quiz"], {
        "session": ref("session"), "right": COUNT, "wrong": COUNT, "empty": COUNT,
        "overridden": {**COUNT, "description": "Answers claimed right (\"I was right\"): counted in right, "
                       "still listed in misses."},
        "misses": array(obj({"cardId": ID, "prompt": STRING, "given": STRING, "correct": STRING,
                             "verdict": enum("correct", "wrong", "empty"),
                             "overridden": {**BOOL, "description": "The learner claimed the card's answer right: "
                                            "the verdict stays the grader's, the quiz counts it right."}},
                            {"options": array(STRING), "clozeNumber": COUNT})),
    }, {"rewards": ref("rewards")}, "A quiz's result."),
    "stats": (["stats"], {
        "statistics": obj(
            {
                "user": STRING, "timeZone": STRING, "totalReviews": COUNT, "daysPractised": COUNT,
                "streaks": obj({"current": COUNT, "longest": COUNT}),
                "topics": array(obj(
                    {"topicId": ID, "name": STRING, "algorithm": ref("algorithm"), "cards": COUNT,
                     "studied": COUNT, "due": COUNT, "known": COUNT, "progress": SHARE, "reviews": COUNT,
                     "daysPractised": COUNT},
                    {"retention": SHARE, "targetRetention": SHARE})),
                "recentSessions": array(ref("session")),
            },
            {"retention": SHARE}),
    }, {}, "Study statistics."),
    "user": (["user show", "user set"], {
        "id": ID, "name": STRING, "effectiveTimeZone": STRING, "createdAt": ref("timestamp"),
    }, {"timeZone": STRING}, "The learner."),
    "profile": (["profile"], {
        "user": STRING,
        "profile": obj({
            "learnerId": ID, "day": ref("day"), "level": ref("level"), "xpBarFraction": SHARE,
            "currentStreak": COUNT, "longestStreak": COUNT, "xpToday": INT, "challenges": array(ref("challenge")),
            "unopenedBoxes": array(obj({"id": STRING, "sessionId": ID, "ordinal": COUNT, "rarity": ref("rarity"),
                                        "earnedAt": ref("timestamp")})),
            "achievementsUnlocked": COUNT, "achievementsTotal": COUNT,
        }),
    }, {}, "Level, XP, streaks, challenges, unopened boxes."),
    "challenges": (["challenges"], {"user": STRING, "challenges": array(ref("challenge"))}, {},
                   "A day's challenges."),
    "achievements": (["achievements"], {"user": STRING, "achievements": array(ref("achievement"))}, {},
                     "Every achievement; unlockedAt when unlocked."),
    "boxes": (["boxes", "boxes list"], {
        "user": STRING,
        "boxes": array(obj({"boxId": STRING, "sessionId": ID, "ordinal": COUNT, "rarity": ref("rarity"),
                            "earnedAt": ref("timestamp")}, {"openedAt": ref("timestamp"), "xp": COUNT})),
    }, {}, "Mystery boxes."),
    "boxes-open": (["boxes open"], {"user": STRING, "rewards": ref("rewards")}, {}, "What opening boxes paid."),
    "leaderboard": (["leaderboard"], {
        "day": ref("day"), "metric": enum("cards", "topics", "xp"), "entries": array(ref("leaderboardEntry")),
    }, {"currentLearner": ref("leaderboardEntry")}, "Every learner ranked for one day."),
    "token": (["token create", "token revoke"], {"token": ref("apiToken")},
              {"secret": {"type": "string", "pattern": "^fcg_[A-Za-z0-9_-]{43}$"}},
              "One API token; `secret` (the bearer token) only from token create, the one time it is shown."),
    "tokens": (["token list"], {"tokens": array(ref("apiToken"))}, {}, "Every API token, never the tokens."),
    "invite": (["invite create"], {
        "invite": obj({"id": ID, "isAdmin": BOOL, "admin": ADMIN_ALIAS, "createdAt": ref("timestamp"), "expiresAt": ref("timestamp")}),
        "code": {"type": "string", "pattern": "^fci_[A-Za-z0-9_-]{43}$"},
    }, {"link": STRING},
        "A new sign-up invite: its code (and, with --public-url, the web app's link) the one time it is shown."),
    "password-reset": (["password-reset create"], {
        "reset": obj({"id": ID, "user": STRING, "createdAt": ref("timestamp"), "expiresAt": ref("timestamp")}),
        "code": {"type": "string", "pattern": "^fcr_[A-Za-z0-9_-]{43}$"},
    }, {"link": STRING},
        "A new password reset link: its code (and, with --public-url, the web app's set-password link) the one time "
        "it is shown; older links of the learner are void."),
    "db-copy": (["db copy"], {
        "from": STRING, "to": STRING, "rows": COUNT,
        "tables": array(obj({"name": STRING, "rows": COUNT, "checksum": {"type": "string", "pattern": "^[0-9a-f]{16}$"}})),
    }, {}, "A store copied into another, table by table, with the row counts and checksums read back from the target."),
    "error": (["every command, on failure"], {
        "error": obj(
            {"code": ref("errorCode"), "title": STRING, "message": STRING,
             "exitCode": enum(1, 3, 64, 65, 69, 75)},
            {"argument": STRING, "suggestion": STRING, "problems": array(STRING)}),
    }, {}, "A failure: the stable code, its title, the message and the exit status."),
}


def used_defs(node, found):
    if isinstance(node, dict):
        target = node.get("$ref", "")
        if target.startswith("#/$defs/"):
            name = target[len("#/$defs/"):]
            if name not in found:
                found.add(name)
                used_defs(DEFS[name], found)
        for value in node.values():
            used_defs(value, found)
    elif isinstance(node, list):
        for value in node:
            used_defs(value, found)
    return found


def schema(name):
    commands, required, optional, description = DOCUMENTS[name]
    body = obj({"schemaVersion": {"const": SCHEMA_VERSION}, **required}, optional)
    document = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": f"fcgen {name} --json",
        "description": f"{description} Written by: " + ", ".join(f"fcgen {c}" for c in commands) + ".",
        **body,
    }
    names = sorted(used_defs(document, set()))
    if names:
        document["$defs"] = {key: DEFS[key] for key in names}
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def main():
    check = "--check" in sys.argv[1:]
    OUT.mkdir(parents=True, exist_ok=True)
    wanted = {f"{name}.json": schema(name) for name in DOCUMENTS}
    stale = [path.name for path in OUT.glob("*.json") if path.name not in wanted]
    differs = [name for name, text in wanted.items()
               if not (OUT / name).exists() or (OUT / name).read_text(encoding="utf-8") != text]
    if check:
        if differs or stale:
            print("docs/json-schemas is out of date (run python3 scripts/json-schemas.py): "
                  + ", ".join(sorted(differs + stale)), file=sys.stderr)
            sys.exit(1)
        return
    for path in stale:
        (OUT / path).unlink()
    for name, text in wanted.items():
        (OUT / name).write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
