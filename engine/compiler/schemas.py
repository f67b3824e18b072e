"""The bundled schemas as validation uses them, and the parts of the ruleset schema that
come from the mechanisms' declarations.

``schemas/ruleset.schema.json`` is written by hand except for ``$defs/action``,
``$defs/step`` and ``$defs/order``: those are generated here from each mechanism's
``description`` and ``params`` (``mechanisms/params.py``), so that adding a
mechanism needs no schema editing. Validation completes it with every mechanism
registered when it runs (a test's own too); the committed file lists the shipped
ones, and a test fails when it is stale (``python -m regelwerk.cli.regenerate``).
"""

from __future__ import annotations

import functools
import json
import sys
from pathlib import Path
from typing import Any

from ..data.schema import Validated, check, compiled, load_schema
from ..mechanisms import ACTIONS, ORDERS, STEPS
from ..mechanisms.params import CONDITION_SCHEMA, ID_PATTERN, Condition

SCHEMA_FILE = Path(__file__).resolve().parents[2] / "schemas" / "ruleset.schema.json"

_THEN = {
    "description": "The phase that follows ('end' ends the turn), or a list of {when, phase} "
                   "tried in order.",
    "oneOf": [
        {"type": "string"},
        {"type": "array", "minItems": 1, "items": {
            "type": "object", "additionalProperties": False, "required": ["phase"],
            "properties": {"when": CONDITION_SCHEMA, "phase": {"type": "string"},
                           "reason": {"$ref": "#/$defs/text", "description":
                                      "Why the turn ends here, as a clause after 'because' "
                                      "(told when a condition ends the turn; without it, "
                                      "the condition in words)."}}}},
    ],
}
_NAMES = {
    "type": "object",
    "description": "Notation keys for the action's parts, e.g. {group: band}.",
    "additionalProperties": {"type": "string", "pattern": ID_PATTERN},
}
_NARRATION = {
    "type": "object",
    "description": "How this action's or step's events are told, by event code: "
                   "translatable English with {placeholders}; [singular, plural] chooses by "
                   "the event's number.",
    "additionalProperties": {"$ref": "#/$defs/sentence"},
}
_PROSE = {"name": {"$ref": "#/$defs/name"}, "text": {"$ref": "#/$defs/text"}}


def action_schema() -> dict[str, Any]:
    """One action of a ruleset: its ``mechanism`` picks which parameters it takes."""
    common = {"then": _THEN, "names": _NAMES, **_PROSE, "narration": _NARRATION}
    return _by_kind("mechanism", ACTIONS, common)


def step_schema() -> dict[str, Any]:
    """One setup or after-turn step: its ``step`` picks which parameters it takes."""
    when = {**CONDITION_SCHEMA, "description": "The step happens only when this condition "
                                               "over 'players' (their number) holds."}
    return _by_kind("step", STEPS, {"text": _PROSE["text"], "when": when,
                                    "narration": _NARRATION})


def order_schema() -> dict[str, Any]:
    """The turn order: its ``mechanism`` picks which parameters it takes."""
    conditions = sorted({param.key for order in ORDERS.values() for param in order.params
                         if isinstance(param, Condition)})
    reasons = {"type": "object", "additionalProperties": False,
               "properties": {key: {"$ref": "#/$defs/line"} for key in conditions},
               "description": "Translatable: the game's own clause for each of the order's "
                              "conditions ('again_when', 'out_when'), told where players learn "
                              "why someone plays again or goes out and in the rulebook, e.g. "
                              "'the face-up card was taken'. It reads as a main clause after "
                              "'because', and is told while the condition is the one it was "
                              "written for."}
    return _by_kind("mechanism", ORDERS, {"reasons": reasons})


def _by_kind(key: str, registry: dict[str, Any], common: dict[str, Any]) -> dict[str, Any]:
    branches = []
    for name, mechanism in registry.items():
        params = mechanism.params
        branches.append({
            "if": {"properties": {key: {"const": name}}, "required": [key]},
            "then": {
                "type": "object",
                "properties": {key: {"const": name}, **common,
                               **{p.key: p.json_schema() for p in params}},
                "additionalProperties": False,
                "required": [key, *(p.key for p in params if p.required)],
                "description": mechanism.description,
            },
        })
    return {"type": "object", "required": [key],
            "properties": {key: {"enum": list(registry)}}, "allOf": branches}


def generated(schema: dict[str, Any]) -> dict[str, Any]:
    """``schema`` with its generated definitions brought up to date."""
    return {**schema, "$defs": {**schema["$defs"], "action": action_schema(),
                                "step": step_schema(), "order": order_schema()}}


def bundled_schema(name: str) -> dict[str, Any]:
    """A bundled schema as validation uses it: for rulesets, with the actions, steps and
    turn orders of every mechanism registered now."""
    schema = load_schema(name)
    return generated(schema) if name == "ruleset" else schema


def validate(document: Validated, schema_name: str) -> None:
    """Raise the errors of ``document`` against a bundled schema, all together."""
    check(document, _validator(schema_name, (*ACTIONS, "", *STEPS, "", *ORDERS)))


@functools.cache
def _validator(name: str, mechanisms: tuple[str, ...]) -> Any:
    """Compiled once per schema and set of registered mechanisms."""
    return compiled(bundled_schema(name))


def render(schema: dict[str, Any]) -> str:
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def main() -> int:
    current = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    SCHEMA_FILE.write_text(render(generated(current)), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
