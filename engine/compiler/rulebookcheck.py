"""The checks of a ruleset's ``rulebook`` section that need the files and the whole data.

A worked example's scenario must be a file beside the rules it was written for: a missing
one would make the example vanish from the rulebook without a word. The turn as the
rulebook tells it names phases of the turn, or tells one in words with a title and a text,
or gives some of their actions a section of their own, each action once. Each entry of
``mentions`` must name an element, and each setting it mentions must be one of the
ruleset as its files write it (a family of kinds by its generator): a path that leads
nowhere would tie a text to nothing.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Mapping, Sequence

from ..common.errors import N_
from ..data.shipped import resolve
from ..model.builder import Builder


def check_rulebook(build: Builder, data: Mapping[str, Any], source: Path) -> None:
    """``source``: the file compiled (a ruleset, or a variant merged into its base); rules
    read from a text that is no file (sent to another process) have no examples to find."""
    rulebook = data.get("rulebook", {})
    for example_id, example in rulebook.get("examples", {}).items():
        path = ("rulebook", "examples", example_id)
        if source.is_file() and not (written_folder(build.document, source, path)
                                     / example["scenario"]).is_file():
            build.fail((*path, "scenario"),
                       N_("no scenario file '{file}' beside the rules that name it; copy it there "
                          "(with its folder) or take this example out"),
                       file=example["scenario"])
    phases = data["turn"]["phases"]
    in_phases = {action for phase in phases.values() for action in phase["actions"]}
    told_apart: set[str] = set()
    for entry, told in rulebook.get("turn", {}).items():
        at = ("rulebook", "turn", entry)
        actions = told.get("actions", ())
        if touched_here(build.document, at):  # a variant may take out what its base tells
            _check_section(build, at, entry, told, entry in phases)
            for index, action in enumerate(actions):
                if action not in in_phases or action in told_apart:
                    build.fail((*at, "actions", index),
                               N_("'{name}' is no action of a phase of the turn, or is told "
                                  "in another section already"), name=action)
        told_apart.update(actions)
    # the data as its files write it: a family of kinds is one entry there (its generator,
    # ``components.chameleon.copies``), and a text's fit is judged on it (``prosefit``)
    written = getattr(build.document, "inner", build.document).data
    for element, settings in rulebook.get("mentions", {}).items():
        at = ("rulebook", "mentions", element)
        if not written_here(build.document, at):
            continue  # a variant may take out what its base's texts mention
        if setting_at(written, element) is None:
            build.fail(at, N_("'{name}' names no element of the rules"), name=element)
        for index, setting in enumerate(settings):
            if setting_at(written, setting) is None:
                build.fail((*at, index), N_("'{name}' names no setting of the rules"),
                           name=setting)


def _check_section(build: Builder, at: tuple, entry: str, told: Mapping[str, Any],
                   is_phase: bool) -> None:
    """A phase of the turn takes only ``numbered``; a section of the rulebook's own needs
    a title, and a text or actions to tell."""
    if is_phase and told.keys() - {"numbered"}:
        build.fail(at, N_("'{name}' is a phase of the turn: its title and texts are its "
                          "own (turn.phases.{name} and its actions); here it takes only "
                          "'numbered'"), name=entry)
    if not is_phase and not ("title" in told and ("text" in told or "actions" in told)):
        build.fail(at, N_("'{name}' is no phase of the turn; a section of the turn told "
                          "in words needs a title, and a text or the actions it tells"),
                   name=entry)


def setting_at(data: Any, dotted: str) -> Any:
    """The value at a dotted path of the data (``turn.before_end.when``), or None."""
    for key in dotted.split("."):
        data = data.get(key) if isinstance(data, Mapping) else None
    return data


def touched_here(document: Any, path: Sequence[str]) -> bool:
    """Whether the file being compiled wrote ``path`` or something within it."""
    overridden = getattr(document, "overridden", None)
    return overridden is None or any(tuple(written[:len(path)]) == tuple(path)
                                     for written in overridden) or written_here(document, path)


def written_folder(document: Any, source: Path, path: Sequence[str]) -> Path:
    """The folder of the file that wrote ``path``: the variant's, or its base's."""
    variant = getattr(document, "variant", None)
    if variant is None or written_here(document, path):
        return source.parent
    return resolve(variant.data["base"], source.parent).parent


def written_here(document: Any, path: Sequence[str]) -> bool:
    """Whether the file being compiled wrote ``path`` itself (not a variant's base)."""
    overridden = getattr(document, "overridden", None)
    return overridden is None or any(tuple(path[:i]) in overridden
                                     for i in range(1, len(path) + 1))
