"""The menus a move is chosen in, step by step (``engine/play/choices.py``), in the player's words.

Each step is one short question ("How many lions?") with its options named as the
board names them (a card at a cell, a run's strength, a count of pieces), laid out
in columns so that a menu of a screenful of options takes a few lines of an 80-column
terminal. A step with more options than a screenful is chosen in two: a range of
them, then one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence, cast

from regelwerk.engine import ACTION, ChoiceType, Choices, Option, run_record, runs_of

from .notes import place_words
from .text import _, labelled, say, told

if TYPE_CHECKING:
    from regelwerk.engine import GameState, Grid, Line, Ruleset, Run
    from regelwerk.locales.gametext import GameText

#: the most options one menu shows
SCREENFUL = 12
#: the width every line of the table fits in
WIDTH = 80
#: the most columns of options side by side
MOST_COLUMNS = 4
#: a run that is complete, after its facts
COMPLETE = "✓"


class StepWords:
    """The words of the steps of one decision: questions, options, the move so far."""

    def __init__(self, rules: Ruleset, text: GameText, state: GameState) -> None:
        self.rules, self.text, self.state = rules, text, state

    # -- one option ---------------------------------------------------------
    def label(self, choices: Choices, option: Option) -> str:
        """An option as a menu shows it: 'waterhole 4', '3 lions', 'column 6: bow'."""
        value, text = option.value, self.text
        if value is None:
            return self._none(choices, option)
        step = option.step
        if step == ACTION:
            return text.action(value)
        if step == "area":
            return text.area(value)
        if step in ("kind", "stands"):
            return text.component(value)
        if step in ("count", "wilds"):
            return text.count_of(option.about, value)
        if step == "stand-count":
            return text.count_of(option.about[0], value)
        if step == "zone":
            return self._zone(value)
        if step == "row":
            return self._row(choices, value)
        if step == "column":
            return self._column(choices, value)
        if step == "place":
            return self._place(choices, value)
        part = self._part(choices, option.part)
        if part is not None and isinstance(part.type, ChoiceType):
            return text.term(value) if part.type.game_words else _(part.type.labels[value])
        return str(value)  # a player's name

    def _none(self, choices: Choices, option: Option) -> str:
        if option.step == "kind":
            earlier = [o for o in choices.chosen if o.part == option.part and o.step == "kind"]
            if earlier:
                return _("no other kind")
            return say("only {wilds:bare}", wilds=self.text.wilds_listed(2))
        return _("none")

    def _zone(self, zone: str) -> str:
        content = self.state.shared.get(zone)
        name = self.text.zone(zone)
        if content is None:
            return name
        return f"{name} ({content.size()})"

    def _part(self, choices: Choices, name: str) -> Any:
        action = self._action(choices)
        if action is None:
            return None
        return next((p for p in self.rules.actions[action].parts if p.name == name), None)

    @staticmethod
    def _action(choices: Choices) -> str | None:
        return next((o.value for o in choices.chosen if o.step == ACTION), None)

    def _line(self, choices: Choices) -> Line | None:
        """The line whose runs the chosen action aims at or makes, if any."""
        action = self._action(choices)
        return None if action is None else getattr(self.rules.actions[action], "line", None)

    def _row(self, choices: Choices, row: int) -> str:
        """A row, with the runs lying in it: '10–14: strength 7'."""
        label = say("row {number}", number=row)
        found, line = self._grid(choices), self._line(choices)
        if found is None or found[1] is None or line is None:
            return label
        facts = [run_fact(self.state, found[1], line, run, self.text)
                 for run in runs_of(self.state, found[1], line) if run.row == row]
        return labelled(label, told(facts)) if facts else label

    def _column(self, choices: Choices, column: int) -> str:
        """A column, with the piece at that cell, if any (its run is told by the row)."""
        label = say("column {number}", number=column)
        row = next((o.value for o in reversed(choices.chosen) if o.step == "row"), None)
        found = self._grid(choices)
        kind = None if row is None or found is None else found[0].get((row, column))
        return label if kind is None else labelled(label, self.text.component(kind))

    def _place(self, choices: Choices, place: int) -> str:
        """A place of the mover's own zone, with what they were told of the piece there
        (never the piece: they may hold it facing away)."""
        own = self.text.own_term("place")  # the game's word for a place: "position 3"
        label = say("{place:bare} {number}", place=own, number=place) if own is not None \
            else say("place {number}", number=place)
        action = self._action(choices)
        zone = getattr(self.rules.actions[action], "source", None) if action else None
        if zone is None or not self.rules.zones[zone].content.noted:
            return label
        notes = self.state.told().get(zone, [[]] * len(self.state.players))[self.state.to_move]
        told = notes[place - 1] if place <= len(notes) else {}
        return labelled(label, place_words(self.text, told, None, full=True)) if told \
            else label

    def _grid(self, choices: Choices) -> tuple[Grid, int | None] | None:
        """The grid a cell is chosen in: the chosen player's, else the mover's, else the
        one shared grid."""
        zones = [zone for zone in self.rules.zones.values() if zone.grid is not None]
        if len(zones) != 1 or zones[0].visibility != "public":
            return None  # which grid is unclear, or its pieces are not for every eye
        zone = zones[0]
        if zone.scope == "shared":
            return cast("Grid", self.state.shared[zone.id]), None
        named = next((o.value for o in choices.chosen if o.domain == "player"), None)
        player = self.state.players.index(named) if named else self.state.to_move
        return cast("Grid", self.state.owned[zone.id][player]), player

    # -- the step -----------------------------------------------------------
    def question(self, choices: Choices) -> str:
        """What the step asks."""
        option = choices.options[0]
        step = option.step
        if step == ACTION:
            return _("What do you do?")
        if step == "kind":
            earlier = [o for o in choices.chosen if o.part == option.part and o.step == "kind"]
            # the game's word for a kind, else for a piece: "Which animal?", "Which card?"
            piece = self.text.term_noun(self.text.chosen_term())
            return say("Another {piece:bare}?", piece=piece) if earlier \
                else say("Which {piece:bare}?", piece=piece)
        if step in ("count", "wilds"):
            return say("{pieces}: how many?", pieces=self.text.component(option.about, 2))
        if step == "stands":
            return say("{piece}: in place of which kind?",
                       piece=self.text.component(option.about))
        if step == "stand-count":
            wild, kind = option.about
            return say("{pieces} as {kind}: how many?",
                       pieces=self.text.component(wild, 2), kind=self.text.component(kind))
        if step == "area":
            return _("Where?")
        if step == "row":
            return _("Which row?")
        if step == "column":
            return _("Which column?")
        if step == "place":
            own = self.text.own_term("place")
            return _("Which place?") if own is None else say("Which {piece:bare}?", piece=own)
        if step == "player":
            return _("Which player?")
        return _("Which one?")

    def title(self, choices: Choices) -> str:
        """The move so far and the question, in one line of the width: the beginning of
        a long move gives way to '…'."""
        question, done = self.question(choices), self.so_far(choices)
        if not done:
            return question
        room = WIDTH - len(question) - len(" — ")
        if len(done) > room:
            done = "…" + done[len(done) - room + 1:]
        return f"{done} — {question}"

    def so_far(self, choices: Choices) -> str:
        """The move chosen so far, in words: 'drink — waterhole 4 — 3 lions'."""
        words = []
        for option in choices.chosen:
            if option.value is None or option.step in ("kind", "row"):
                continue  # a kind is said by its count; a row by its column
            if option.step == "column":
                row = next(o.value for o in choices.chosen if o.step == "row")
                words.append(say("row {row}, column {column}", row=row, column=option.value))
            elif option.step == "count" or option.value:
                words.append(self.label(choices, option))
        return " — ".join(words)


def numbered(labels: Sequence[str], first: int = 1, width: int = WIDTH) -> list[str]:
    """Numbered labels in columns (``columns``)."""
    return columns([f"{first + n:>3}. {label}" for n, label in enumerate(labels)], width)


def columns(cells: Sequence[str], width: int = WIDTH) -> list[str]:
    """Cells in as many columns (at most four) as fit in ``width`` (the screen's, 80 at
    most), filled down each column, each column as wide as its widest cell."""
    width = min(width, WIDTH)
    if not cells:
        return []
    for across in range(min(MOST_COLUMNS, len(cells)), 0, -1):
        down = -(-len(cells) // across)
        stacks = [cells[start:start + down] for start in range(0, len(cells), down)]
        widths = [max(len(cell) for cell in stack) + 2 for stack in stacks]
        if sum(widths) - 2 <= width or across == 1:
            break
    return ["".join(stack[row].ljust(wide) for stack, wide in zip(stacks, widths)
                    if row < len(stack)).rstrip()[:WIDTH] for row in range(down)]


def ranges(count: int) -> list[range]:
    """``count`` options split into as few ranges of at most a screenful as it takes, of
    sizes as even as can be (the first ones one longer where they cannot all be alike)."""
    parts = max(1, -(-count // SCREENFUL))
    size, longer = divmod(count, parts)
    bounds = [0]
    for part in range(parts):
        bounds.append(bounds[-1] + size + (part < longer))
    return [range(start, end) for start, end in zip(bounds, bounds[1:])]


def run_fact(state: GameState, player: int, line: Line, run: Run, text: GameText) -> str:
    """'3–6: strength 8 ✓': where a run lies and its first sum (what it is worth in a
    fight; all of them: ``board PLAYER``)."""
    record = run_record(state, player, line, run)
    facts = " ".join(f"{text.line_label(line.id, name)} {getattr(record, name)}"
                     for name in list(line.sums)[:1])
    mark = f" {COMPLETE}" if run.complete else ""
    return f"{run.columns[0]}–{run.columns[-1]}: {facts}{mark}".rstrip()
