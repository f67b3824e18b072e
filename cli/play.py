"""``regelwerk play``: people at one keyboard and bots, taking turns in the terminal.

Every completed move is saved at once (atomically), so a game stopped in any
way resumes with ``--resume``. People at one keyboard see the board only
after confirming they are at it; each sees their own hidden zones only.
"""

from __future__ import annotations

import os
import secrets
import time
from itertools import groupby
from pathlib import Path
from typing import Sequence

import typer
from babel.lists import format_list
from rich.cells import cell_len
from rich.console import Console, RenderableType
from rich.markdown import Markdown
from rich.rule import Rule
from rich.text import Text

from regelwerk.engine import (Choices, DataError, Event, GameLog, GameState, IllegalMove, Move, N_,
                              NotationError, Option, Phrase, Ruleset, SaveError, SetupError,
                              TurnContext, apply, fill, legal_moves, new_game, os_reason, read_log,
                              replay, rules_of, variant_reference, view)
from regelwerk.locales import LANGUAGES, translations
from regelwerk.locales.gametext import GameText
from regelwerk.locales.nouns import list_locale

from . import saveguard
from .account import Accounts, fitted
from .board import board, player_board, provisional
from .console import make_console
from .keyboard import forget_typed, read_line
from .lexicon import fold
from .checks import fail, fail_at, load_game, titled
from .menus import SCREENFUL, WIDTH, StepWords, numbered, ranges
from .narrate import is_detail, summary, tell, together, winners_line
from .reasons import END, own_reason, reason as told_reason
from .rulebook import Rulebook, rulebook
from .screen import legend, score_table, screen
from .seats import Seat, SeatError, default_players, parse_seats
from .text import _, capitalised, filled, ngettext, say, sentence, use_language
from .words import Words, help_text, player_named, typed_number

ERASE_SCROLLBACK = "\x1b[3J"
EXIT_INTERRUPTED = 130
BACK = "back"
#: the rows of a tall menu and its prompt: the board is drawn in a compact form where the
#: account would not have two rows a turn beside the whole board and such a menu
MENU_ROWS = 5
#: the most lines the command ``log`` shows
LOG_LINES = 20


class Quit(Exception):
    """The player asked to stop (the game is already saved)."""


def start(language: str, game: str | None, variant: str | None, players: str | None,
          seed: int | None, save: Path | None, resume: bool,
          confirm_forced: bool = False, language_chosen: bool = True) -> None:
    """Start (or resume) a game at this terminal and play it to the end or a stop; a game
    resumed goes on in its own language unless ``language_chosen`` (on the command line)."""
    given = [option for option, value in (("--variant", variant), ("--players", players),
                                          ("--seed", seed), ("--save", save))
             if value is not None]
    if resume and given:  # the saved game says all of these
        fail(say("--resume goes on with the saved game as it was started: leave out {options}",
                 options=format_list(given, locale=list_locale(language))))
    console = make_console()
    try:
        if resume:
            session = Session.resumed(console, language, Path(game) if game else None,
                                      keep_language=not language_chosen)
        else:
            session = Session.started(console, language, game, variant,
                                      players, seed, save)
    except DataError as error:
        fail_at(error)
    except (SaveError, SetupError, SeatError) as error:
        fail(fill(error.message, error.params, _))
    try:
        session.confirm_forced = confirm_forced
        session.run()
    except SaveError as error:
        fail(fill(error.message, error.params, _))
    finally:
        session.lock.release()


def check_private(console: Console, people: int, rules: Ruleset) -> None:
    """People sharing one keyboard need a terminal where each has pieces the others may
    not see: the screen is cleared between them, but output to a file or a pipe would keep
    each one's hidden pieces readable to the others."""
    kept_apart = any(zone.scope == "player" and zone.visibility != "public"
                     for zone in rules.zones.values())
    if people > 1 and kept_apart and not console.is_terminal:
        raise SeatError(N_("people sharing one keyboard need a terminal: written to a file or "
                           "a pipe, each one's hidden pieces would stay readable to the others"))


def is_command(typed: str, *words: str) -> bool:
    """Whether a typed word is one of a command's words, however it is cased or accented
    (``regles`` for ``règles``)."""
    return fold(typed) in {fold(word) for word in words}


def saves_folder() -> Path:
    return saveguard.data_folder() / "games"


def reason(refusal: IllegalMove, text: GameText) -> str:
    """Why a move is refused, in the player's words: a rule in words, never its code."""
    return fill(refusal.message, labelled(refusal.params, text), _)


def labelled(params: dict, text: GameText) -> dict:
    """Parameters of a message with ids shown as the player's words; the rule of an area
    type or an action told by the game's own clause for the condition refused, or its own
    text, where it has one (else in general words)."""
    shown = {k: text.label(v) for k, v in params.items()}
    for section, key in (("area_types", "area_type"), ("actions", "action")):
        if "rule" in params and key in params:
            path = (section, params[key])
            own = own_reason(text, path, params["condition"]) if "condition" in params \
                else ""  # the clause for the condition refused, else the element's text
            own = own or Rulebook(text.rules, text).prose(path, "")
            if own:  # inside the refusal's brackets: its own full stop would double one
                shown["rule"] = own.rstrip().removesuffix(".")
    return shown


def new_save_path(rules_id: str) -> Path:
    """A fresh file in the saves folder, created here so no other game takes its name; the
    name tells the game and the time, never the seed (which would reveal hidden pieces)."""
    folder = saves_folder()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise SaveError(N_("cannot save the game in {file}: {reason}"), file=str(folder),
                        reason=Phrase(*os_reason(error))) from None
    stamp = time.strftime("%Y%m%d-%H%M%S")
    while True:
        path = folder / f"{rules_id}-{stamp}-{secrets.token_hex(2)}.json"
        try:
            os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
            return path
        except FileExistsError:
            continue
        except OSError as error:
            raise SaveError(N_("cannot save the game in {file}: {reason}"), file=str(path),
                            reason=Phrase(*os_reason(error))) from None


def latest_save() -> Path:
    saves = sorted(saves_folder().glob("*.json"), key=_modified, reverse=True)
    for path in saves:
        try:
            if not read_log(path, saveguard.key()).finished:
                return path
        except SaveError:
            continue
    fail(_("there is no unfinished saved game to resume"))


def _modified(path: Path) -> float:
    """When a file in the saves folder last changed; a broken link or a loop counts as never
    (reading it is then refused like any unsound save)."""
    try:
        return path.lstat().st_mtime
    except OSError:
        return 0.0


class Session:
    """One game at the table: whose turn, asking people, asking bots, saving."""

    def __init__(self, console: Console, language: str, rules: Ruleset, log: GameLog,
                 path: Path, state: GameState) -> None:
        self.console, self.rules, self.log, self.path, self.state = console, rules, log, path, state
        self.text = GameText(rules, translations(language), language)
        self.words = Words(rules, self.text, state.players)
        self.seats = [Seat(name, log.seats[name]) for name in log.players]
        self.bots = {s.name: s for s in self.seats if s.is_bot}
        self.humans = [s.name for s in self.seats if not s.is_bot]
        #: what each person has not yet seen on their screen (``cli/account.py``)
        self.accounts = Accounts(self.humans)
        #: ask even when only one move is possible (``--confirm-forced``)
        self.confirm_forced = False
        self.at_keyboard: str | None = None
        #: what has been told so far, for the command ``log``
        self.history: list[str] = []
        self.lock = saveguard.GameLock(path)
        self.lock.acquire()

    def save(self) -> None:
        """Seal and write the log, and remember how far this game has come; a copy of the
        game played further in another window stops this one."""
        saveguard.save(self.log, self.path)

    @classmethod
    def started(cls, console: Console, language: str, game: str | None, variant: str | None,
                players: str | None, seed: int | None, save: Path | None) -> Session:
        rules = load_game(game, variant)
        seats = parse_seats(players if players is not None
                            else default_players(rules.min_players, rules.max_players))
        if seed is None:
            # All 64 bits: from 2^32 seeds, one that gives the board on the table could be
            # found by trying them all, and with it every hidden piece.
            seed = secrets.randbits(64)
        try:
            state = new_game(rules, [s.name for s in seats], seed)
        except SetupError as error:  # told with the game's title in the reader's language
            raise SetupError(error.message, **titled(error.params, rules, language)) from None
        check_private(console, sum(not seat.is_bot for seat in seats), rules)  # a table first
        shipped = game is None or Path(game).name == game and not os.path.isfile(game)
        log = GameLog(game=rules.id if shipped or game is None else str(Path(game).resolve()),
                      variant=variant_reference(rules),
                      digest=rules.digest, players=[s.name for s in seats],
                      seats={s.name: s.kind for s in seats}, seed=seed, language=language,
                      game_id=secrets.token_hex(16))
        if save is not None and os.path.lexists(save):  # never raises, unlike Path.exists
            raise SaveError(N_("{file} already exists: name a new file, or resume that game "
                               "with --resume"), file=str(save))
        path = save or new_save_path(rules.id)
        session = cls(console, language, rules, log, path, state)
        session.save()
        return session

    @classmethod
    def resumed(cls, console: Console, language: str, path: Path | None,
                keep_language: bool = False) -> Session:
        path = path or latest_save()
        log = read_log(path, saveguard.key())
        saveguard.check(log, path)  # first: a log changed outside regelwerk says nothing
        if keep_language and log.language in LANGUAGES and log.language != language:
            language = log.language
            use_language(language)
        if log.finished:
            raise SaveError(N_("{file}: this game is over"), file=str(path))
        rules = rules_of(log, path)
        check_private(console, sum(kind == "human" for kind in log.seats.values()), rules)
        try:
            steps = replay(log, rules, path)
        except SaveError as error:  # a move refused: why, in the game's words
            text = GameText(rules, translations(language), language)
            raise SaveError(error.message, **labelled(error.params, text)) from None
        session = cls(console, language, rules, log, path, steps[-1][0])
        states = [state for state, _move, _events in steps]
        for (before, move, events), after in zip(steps[:-1], states[1:]):
            assert move is not None  # only the last step has no move; the log and each
            if before.player in session.accounts.pending:  # one's account go on
                session.accounts.chose(before.player)
            session.record(before.player, move, events, before, after)
        console.print(filled(ngettext("Resuming {file} after {count} move.",
                                             "Resuming {file} after {count} moves.",
                                             len(log.moves)), file=path, count=len(log.moves)))
        return session

    # -- the game -----------------------------------------------------------
    def run(self) -> None:
        try:
            while not self.state.game_over:
                self.step()
        except (KeyboardInterrupt, EOFError, Quit) as stop:
            self.console.print()
            self.console.print(say("The game is saved in {file}.", file=str(self.path)))
            self.console.print(say("Resume it with: regelwerk play --resume {file}",
                                   file=str(self.path)))
            raise typer.Exit(EXIT_INTERRUPTED if isinstance(stop, KeyboardInterrupt) else 0)
        self.finish()

    def step(self) -> None:
        player = self.state.player
        if player in self.bots:
            # Seeded by the game and the move number: a resumed game goes on as it would have.
            bot = self.bots[player].bot(f"{self.log.seed}:{len(self.log.moves)}")
            move = bot.choose(view(self.state, player), self.rules)
        else:
            forced = self.forced_away(player)
            move = forced or self.ask_at_keyboard(player)
            if forced is None:
                self.accounts.chose(player)
        before = self.state
        self.state, events = apply(self.state, move)
        self.log.moves.append(self.rules.actions[move.action].notation(move))
        self.log.finished = self.state.game_over
        self.save()
        self.announce(player, move, events, before)

    def forced_away(self, player: str) -> Move | None:
        """The one possible move of a person away from the keyboard: made without calling
        them to it (told to them on their next turn, as to everyone; the move itself is not
        shown, since it may name what only they see)."""
        if self.at_keyboard == player or len(self.humans) < 2 or self.confirm_forced:
            return None
        moves = legal_moves(self.state)
        if len(moves) != 1:
            return None
        line = say("{player} had one possible move.", player=player)
        self.accounts.add(player, [line], notices=[line])
        return moves[0]

    def ask_at_keyboard(self, player: str) -> Move:
        self.take_keyboard(player)
        return self.ask(player)


    def announce(self, player: str, move: Move, events: list[Event], before: GameState) -> None:
        """Tell the move: on each person's next screen, or here and now at a table of bots."""
        lines = self.record(player, move, events, before, self.state)
        if not self.humans:
            for line in lines:
                self.console.print(line)

    def record(self, player: str, move: Move, events: list[Event], before: GameState,
               after: GameState) -> list[str]:
        """Keep what a move did for the log and every person's account; its lines: what
        happened, else the move itself."""
        told = [(event, line) for event in events if (line := tell(event, self.text))]
        lines = [line for _event, line in told] or [
            say("{player}: {move}", player=player, move=self.words.describe(move))]
        self.history.extend(lines)
        notices = [line for event, line in told
                   if event.action is None and not is_detail(event, self.rules)]
        points = {name: now - then for name, then, now
                  in zip(after.players, before.scores, after.scores) if now != then}
        won = [self.points_won(points.pop(player))] if player in points else []
        self.accounts.add(player, lines, summary(move.action, [e for e in events if e.action],
                                                 player, self.text, won), notices, points)
        return lines

    def take_keyboard(self, player: str) -> None:
        """With several people at the keyboard, hide the screen until the right one sits."""
        if len(self.humans) > 1 and self.at_keyboard != player:
            self.clear_screen()
            if self.at_keyboard is not None:  # what the last person's move did, and since:
                self.show_account(self.at_keyboard, below=1)  # told to everyone anyway
            forget_typed()  # a key typed ahead by the last person must not let this one in
            ready = say("Pass the keyboard to {player}. {player}, press Enter when you are "
                        "ready.", player=player)
            while read_line(self.console, ready).strip():
                pass  # only Enter on its own: a move typed on may not open this hand
            self.clear_screen()
        self.at_keyboard = player

    def clear_screen(self) -> None:
        """Clear the screen and the terminal's scrollback too (ESC[3J): scrolled up, the
        screens before would still show the last person's hidden pieces."""
        self.console.clear()
        if self.console.is_terminal:
            self.console.file.write(ERASE_SCROLLBACK)
            self.console.file.flush()

    # -- asking a person ----------------------------------------------------
    def show_board(self, player: str, below: int = 1) -> None:
        """The screen a person chooses a move on: what happened since they last chose, the
        board in short, opponents in short, the running score (``cli/screen.py``), with room
        for ``below`` lines of menu and prompt; where the account would not fit beside the
        whole board, the board is drawn more compactly."""
        board = screen(self.state, player, self.rules, self.text)
        room = self.console.size.height - MENU_ROWS - self.height_of(board)
        if room < 2 * len(self.accounts.of(player)):  # the same at every step of a move
            board = screen(self.state, player, self.rules, self.text, compact=True)
        self.show_account(player, below + self.height_of(board))
        self.console.print(board)

    def show_account(self, player: str, below: int) -> None:
        """What happened since ``player`` last chose, in the rows left above ``below`` (the
        latest turns, where there are fewer rows than turns)."""
        turns = self.accounts.of(player)
        lines = fitted(turns, self.console.size.height - below, min(self.console.width, WIDTH)) \
            if self.console.is_terminal else [line for turn in turns for line in turn.told]
        for line in lines:  # written to a file or a pipe, there is no screen: all of it
            self.console.print(line, highlight=False)

    def points_won(self, points: int) -> str:
        return f"{points:+d} {self.text.term('point', abs(points))}"

    def height_of(self, renderable: RenderableType) -> int:
        return len(self.console.render_lines(renderable, pad=False))

    def ask(self, player: str) -> Move:
        """The move a person chooses: step by step through short menus (``cli/menus.py``),
        each with a way back, or typed in the notation at any step."""
        moves = legal_moves(self.state)
        root = Choices(self.rules, moves, self.state.players)
        if len(moves) == 1 and not self.confirm_forced:  # nothing to choose: made and said
            self.show_board(player, below=2)
            self.console.print(say("{player} has one possible move ({move}).", player=player,
                                   move=self.words.describe(moves[0], self.state)))
            return moves[0]
        steps = StepWords(self.rules, self.text, self.state)
        stack = [self.settle(root)]
        while True:
            node = stack[-1]
            if node.complete and node.move is not None:
                return node.move
            answer = self.step_menu(node, steps, back=len(stack) > 1)
            if isinstance(answer, Move):
                return answer
            if answer == BACK:
                stack.pop()
            elif isinstance(answer, Option):
                stack.append(self.settle(node.choose(answer)))

    def settle(self, choices: Choices) -> Choices:
        """Take the steps that offer one option (unless ``--confirm-forced``); the next
        menu's title says what they chose."""
        while not choices.complete and len(choices.options) == 1 and not (
                self.confirm_forced and choices.options[0].value is not None):
            choices = choices.choose(choices.options[0])
        return choices

    def step_menu(self, choices: Choices, steps: StepWords, back: bool) -> Option | Move | str:
        """One step's menu, under the board: an option, a typed move or BACK. More options
        than a screenful are chosen in two: a range, then one of it."""
        options = list(choices.options)
        if not choices.chosen:  # the actions in the order the phase lists them
            order = [action.id for action in self.rules.offers[self.state.phase]]
            options.sort(key=lambda option: order.index(option.value)
                         if option.part == "" and option.value in order else len(order))
        labels = [steps.label(choices, option) for option in options]
        title = steps.title(choices)
        shown = labels if len(options) <= SCREENFUL else [
            f"{labels[r[0]]} … {labels[r[-1]]}" for r in ranges(len(options))]
        self.show_board(self.state.player, below=len(self.menu_lines(title, shown)) + 1)
        if len(options) <= SCREENFUL:
            answer = self.prompt(title, labels, back)
            return options[answer] if isinstance(answer, int) else answer
        parts = ranges(len(options))
        while True:
            answer = self.prompt(title, [f"{labels[r[0]]} … {labels[r[-1]]}" for r in parts],
                                 back)
            if not isinstance(answer, int):
                return answer
            part = parts[answer]
            picked = self.prompt(title, [labels[i] for i in part], back=True)
            if isinstance(picked, int):
                return options[part[picked]]
            if picked != BACK:
                return picked

    def prompt(self, title: str, labels: list[str], back: bool) -> int | Move | str:
        """Show a numbered menu and read a number (the index of its label), a typed move or
        a command (what it shows is followed by the menu again); BACK when the player goes
        back."""
        self.show_menu(title, labels)
        question = _("Your move (a number, b to go back, a move, or help): ") if back else \
            _("Your move (a number, a move, or help): ")
        while True:
            answer = read_line(self.console, question).strip()
            if not answer:
                continue
            chosen = typed_number(answer)
            if chosen is not None:
                if 1 <= chosen <= len(labels):
                    return chosen - 1
                self.console.print(say("Choose a number from {first} to {last}.", first=1,
                                       last=len(labels)))
                continue
            command, _space, rest = answer.partition(" ")
            if is_command(command, "b", "back", _("back")):
                if back:
                    return BACK
                self.console.print(_("This is the first step of the move: there is nothing to "
                                     "go back to."))
                continue
            if self.command(command, rest.strip()):
                self.show_menu(title, labels)  # the menu again, under what was asked for
                continue
            if is_command(command, "quit", _("quit")):
                raise Quit
            if is_command(command, "help", "?", _("help")):
                examples = [next(iter(g)) for _k, g in groupby(legal_moves(self.state),
                                                                key=lambda m: m.action)]
                self.paged(help_text(self.words, examples))
                continue
            named = _label_named(answer, labels)
            if named is not None:
                return named
            move = self.typed(answer)
            if move is not None:
                return move

    def show_menu(self, title: str, labels: list[str]) -> None:
        for line in self.menu_lines(title, labels):
            self.console.print(line, highlight=False)

    def menu_lines(self, title: str, labels: list[str]) -> list[Text]:
        """The menu's title and its numbered options; on one line where they fit in one."""
        width = min(self.console.width, WIDTH)
        options = numbered(labels, width=width)
        if len(options) == 1 and cell_len(title) + cell_len(options[0]) <= width:
            return [Text(title, style="bold") + Text(options[0])]
        return [Text(title, style="bold"), *map(Text, options)]

    def command(self, command: str, rest: str) -> bool:
        """Show what a command asks for (the board, a player's board, the rules, the score,
        the log, the legend); False when it is none of them."""
        if is_command(command, "board", _("board")):
            self.show_details(rest)
        elif rest:
            return False
        elif is_command(command, "rules", _("rules")):
            self.paged(Markdown(rulebook(self.rules, self.text), hyperlinks=False))
        elif is_command(command, "score", _("score")):
            self.console.print(score_table(self.state, self.at_keyboard, self.text)
                               if self.rules.keeps_score else _("This game keeps no score."))
        elif is_command(command, "log", _("log")):
            for line in self.history[-LOG_LINES:] or [_("Nothing has happened yet.")]:
                self.console.print(line, highlight=False)
        elif is_command(command, "legend", _("legend")):
            self.paged(legend(self.rules, self.text))
        else:
            return False
        return True

    def paged(self, shown: RenderableType) -> None:
        """Show a text; one taller than the terminal in a pager (``$PAGER``, else ``less``),
        so that its start is read and quitting the pager returns to the board and the menu."""
        if self.console.is_terminal and self.height_of(shown) > self.console.size.height - 2:
            with self.console.pager(styles=False):
                self.console.print(shown, highlight=False)
        else:
            self.console.print(shown, highlight=False)

    def show_details(self, name: str) -> None:
        """The whole board, or one player's part of it in full."""
        seen = view(self.state, self.at_keyboard or self.state.player)
        later = provisional(self.state, seen.player)
        if not name:
            self.console.print(board(seen, self.rules, self.text, later))
            return
        player = player_named(self.state.players, name)
        if player is None:
            self.console.print(sentence(say("unknown player '{name}'", name=name)))
            return
        self.console.print(player_board(seen, self.rules, self.text, player, later))

    def typed(self, line: str) -> Move | None:
        try:
            move = self.words.read(line, self.state)
            apply(self.state, move)
        except NotationError as error:  # a sentence of its own, as a refusal is
            self.console.print(sentence(fill(error.message, labelled(error.params,
                                                                     self.text), _)))
            return None
        except IllegalMove as refusal:
            # the reason as a sentence of its own: the rule it gives ends in a full stop
            self.console.print(say("Not allowed. {reason}.",
                                   reason=capitalised(reason(refusal, self.text))))
            return None
        return move

    # -- the end ------------------------------------------------------------
    def why_it_ended(self) -> str:
        """The end rule that holds, in words; nothing when none does (a game that stalled
        says so in its own event)."""
        end, context = self.rules.end, TurnContext(self.state)
        for key, condition in (("at_once", end.at_once), ("when", end.when)):
            if condition is not None and condition(context):
                return say("The game ends because {condition}.",
                           condition=told_reason(self.text, END, key, self.state))
        return ""

    def finish(self) -> None:
        """The board as it ends (a winning line, the last placements), seen by a person at
        the keyboard when there is one; then the last turns in full (the end's scoring, source
        by source), why the game ended, the score and the winners: the end need not fit one
        screen, and the last of it is what counts."""
        person = self.at_keyboard or (self.humans or self.state.players)[0]
        self.console.print(screen(self.state, person, self.rules, self.text))
        self.console.print(Rule(_("The game is over.")))
        for turn in self.accounts.of(person):
            for line in turn.told:
                self.console.print(line, highlight=False)
        reason = self.why_it_ended()
        if reason:
            self.console.print(reason)
        if self.rules.keeps_score and together(self.state) is None:
            self.console.print(score_table(self.state, None, self.text))
        self.console.print(winners_line(self.text, list(self.state.winners()),
                                        len(self.state.players), together(self.state)))
        self.console.print(say("The game log is in {file}.", file=str(self.path)))


def _label_named(answer: str, labels: Sequence[str]) -> int | None:
    """The option a player named by its label as the menu shows it ('tempura'), in any
    case and spacing; None when no label is that."""
    def key(text: str) -> str:
        return " ".join(text.casefold().split())
    wanted = key(answer)
    return next((index for index, label in enumerate(labels) if key(label) == wanted), None)
