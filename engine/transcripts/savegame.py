"""Game logs: versioned JSON that is both the save and the record of a game.

A log names the rules (id, variant file and a hash of their content), the
players, the seed and every move in notation; replaying the moves from the
seed gives the game back exactly. Logs are written atomically after every
move, so a game killed at any point loses at most the move being typed.
While a game goes on, the seed and the moves (which decide and name pieces
some players may not see) can be written concealed, opened only by a key.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import os
import secrets
import tempfile
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from ..common.errors import N_, IllegalMove, Phrase
from ..common.moves import Event, Move
from ..common.playernames import names_problem
from ..compiler.loading import load_game
from ..data.safefile import UnreadableFile, os_reason, read_bounded
from ..data.shipped import is_name, shipped_variants
from ..model.ruleset import Ruleset
from ..play.game import SetupError, apply, new_game
from ..play.notation import NotationError
from ..play.state import GameState

FORMAT = "regelwerk-game-log"
VERSION = 3
#: the versions read: 2 had no concealed part
READ_VERSIONS = (2, 3)
#: the field holding the seed and the moves of a game still being played, concealed
HIDDEN = "hidden"
NONCE_BYTES = 16
#: far beyond a real game's log (a few hundred moves take tens of KiB)
MAX_LOG_BYTES = 8 * 1024 * 1024


class SaveError(Exception):
    """A log that cannot be used; the message says why (the file is left as it is)."""

    def __init__(self, message: str, **params: Any) -> None:
        super().__init__(message.format(**params))
        self.message = message
        self.params = params


@dataclass
class GameLog:
    game: str  # ruleset id, or the path of a ruleset file
    variant: str | None  # a shipped variant's name, or the path of a variant file
    digest: str  # hash of the rules the game was played with
    players: list[str]
    seats: dict[str, str]  # player -> "human" or "bot:NAME"
    seed: int
    language: str
    moves: list[dict[str, Any]] = field(default_factory=list)
    finished: bool = False
    game_id: str = ""  # random, names this game among all saved (copies share it)
    seal: str = ""  # HMAC of everything else, by the key of whoever saved it
    version: int = VERSION  # of the file it was read from, which its seal covers

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, **asdict(self)}


def seal_of(log: GameLog, key: bytes) -> str:
    """The HMAC of the log's content (all but the seal), in a canonical JSON form."""
    content = {k: v for k, v in log.to_json().items() if k != "seal"}
    text = json.dumps(content, ensure_ascii=True, sort_keys=True, separators=(",", ":"))
    return hmac.new(key, text.encode("ascii"), hashlib.sha256).hexdigest()


def concealed(data: dict[str, Any], key: bytes) -> dict[str, Any]:
    """A log's JSON with its seed and moves replaced by one field that only ``key`` opens
    (HMAC-SHA256 as a keystream, a fresh nonce each time): a player reading the file learns
    neither what the seed deals nor what the others chose."""
    nonce = secrets.token_bytes(NONCE_BYTES)
    plain = json.dumps({"seed": data["seed"], "moves": data["moves"]}, ensure_ascii=False,
                       separators=(",", ":")).encode("utf-8")
    hidden = bytes(a ^ b for a, b in zip(plain, _keystream(key, nonce, len(plain))))
    rest = {k: v for k, v in data.items() if k not in ("seed", "moves")}
    return {**rest, HIDDEN: base64.b64encode(nonce + hidden).decode("ascii")}


def _revealed(data: dict[str, Any], key: bytes) -> dict[str, Any] | None:
    """The log's JSON with its concealed seed and moves opened; None where ``key`` does not
    open them (another user's, or the field changed)."""
    try:
        raw = base64.b64decode(data.pop(HIDDEN), validate=True)
        nonce, hidden = raw[:NONCE_BYTES], raw[NONCE_BYTES:]
        plain = bytes(a ^ b for a, b in zip(hidden, _keystream(key, nonce, len(hidden))))
        opened = json.loads(plain.decode("utf-8"))
    except (TypeError, binascii.Error, UnicodeDecodeError, ValueError, RecursionError):
        return None
    if not isinstance(opened, dict) or set(opened) != {"seed", "moves"} \
            or "seed" in data or "moves" in data:
        return None
    return {**data, **opened}


def _keystream(key: bytes, nonce: bytes, length: int) -> bytes:
    """``length`` bytes of HMAC-SHA256 in counter mode, under a key of its own (derived
    from ``key``, which also seals)."""
    own = hmac.new(key, b"regelwerk: the hidden part of a saved game", hashlib.sha256).digest()
    blocks = (hmac.new(own, nonce + counter.to_bytes(8, "big"), hashlib.sha256).digest()
              for counter in range(-(-length // hashlib.sha256().digest_size)))
    return b"".join(blocks)[:length]


def write_atomic(path: Path, log: GameLog, key: bytes | None = None) -> None:
    """Write to a temporary file beside ``path``, flush it to disk, then rename it; with
    ``key``, a game not finished has its seed and moves concealed (``concealed``).

    Whatever goes wrong (no such folder, no permission, a full disk), the previous
    save is left as it was and SaveError says why.
    """
    data = log.to_json()
    content = _encoded(concealed(data, key) if key is not None and not log.finished else data)
    temporary: str | None = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.",
                                             suffix=".tmp")
        with os.fdopen(handle, "wb") as out:
            out.write(content)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
    except OSError as error:
        if temporary is not None:
            Path(temporary).unlink(missing_ok=True)
        raise SaveError(N_("cannot save the game in {file}: {reason}"), file=str(path),
                        reason=Phrase(*os_reason(error))) from None
    except BaseException:
        if temporary is not None:
            Path(temporary).unlink(missing_ok=True)
        raise
    _sync_folder(path.parent)


def _encoded(data: dict[str, Any]) -> bytes:
    """The log as UTF-8 JSON, readable as it is; with ``\\u`` escapes where a path is not
    valid Unicode (a file named in other bytes: read back, the escapes give the same name)."""
    try:
        return json.dumps(data, ensure_ascii=False, indent=1).encode("utf-8")
    except UnicodeEncodeError:
        return json.dumps(data, ensure_ascii=True, indent=1).encode("ascii")


def _sync_folder(folder: Path) -> None:
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return  # not possible on every system; the rename is still atomic
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)


def read_log(path: Path, key: bytes | None = None) -> GameLog:
    """Read and check a log's shape, opening its concealed part with ``key``; SaveError for
    anything that is not a sound log, or one whose concealed part the key does not open."""
    try:
        raw = read_bounded(path, MAX_LOG_BYTES)
    except UnreadableFile as error:
        raise SaveError(N_("cannot read {file}: {reason}"), file=str(path),
                        reason=Phrase(error.message, error.params)) from None
    try:
        data = json.loads(raw.decode("utf-8-sig"))  # an editor may have put a BOM first
    except (UnicodeDecodeError, ValueError, RecursionError):
        # ValueError covers malformed JSON and integers of too many digits;
        # RecursionError, arrays or objects nested beyond the parser's depth.
        raise SaveError(N_("{file} is not a saved game: it is damaged or not JSON"),
                        file=str(path)) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError(N_("{file} is not a regelwerk saved game"), file=str(path))
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise SaveError(N_("{file} is damaged: its fields are not those of a saved game"),
                        file=str(path))
    if version not in READ_VERSIONS:
        raise SaveError(N_("{file} is a saved game of version {version}; this regelwerk reads "
                           "version {supported}"), file=str(path), version=version,
                        supported=VERSION)
    if HIDDEN in data:
        if key is None:
            raise SaveError(N_("{file} is a game still being played: what it hides is "
                               "opened only to resume or replay it"), file=str(path))
        opened = _revealed(data, key)
        if opened is None:
            raise SaveError(N_("{file} was changed outside regelwerk (or saved by another "
                               "user): what it hides cannot be opened"), file=str(path))
        data = opened
    try:
        log = GameLog(**{k: v for k, v in data.items() if k != "format"})
    except TypeError:
        raise SaveError(N_("{file} is damaged: its fields are not those of a saved game"),
                        file=str(path)) from None
    if not _well_typed(log):
        raise SaveError(N_("{file} is damaged: its fields are not those of a saved game"),
                        file=str(path))
    return log


def _well_typed(log: GameLog) -> bool:
    return (isinstance(log.game, str) and isinstance(log.variant, (str, type(None)))
            and isinstance(log.digest, str) and isinstance(log.players, list)
            and all(isinstance(p, str) for p in log.players)
            and names_problem(log.players) is None
            and isinstance(log.seats, dict) and isinstance(log.seed, int)
            and not isinstance(log.seed, bool) and 0 <= log.seed < 2**64
            and isinstance(log.language, str) and isinstance(log.moves, list)
            and all(isinstance(m, dict) and isinstance(m.get("action"), str) for m in log.moves)
            and isinstance(log.finished, bool) and isinstance(log.game_id, str)
            and isinstance(log.seal, str) and set(log.seats) == set(log.players)
            and log.version in READ_VERSIONS
            and all(_known_seat(kind) for kind in log.seats.values()))


def _known_seat(kind: object) -> bool:
    from ..matches.play import is_bot_spec

    return kind == "human" or (isinstance(kind, str) and kind.startswith("bot:")
                               and is_bot_spec(kind[len("bot:"):]))


def rules_of(log: GameLog, path: Path) -> Ruleset:
    """The log's rules, refusing them when they changed since the game was saved."""
    from ..common.errors import DataError

    if not all(_names_rules(source) for source in (log.game, log.variant)):
        raise SaveError(N_("{file} is damaged: its rules are neither a shipped game nor a "
                           ".yaml file"), file=str(path))
    variant = log.variant
    if variant is not None and log.game is not None and is_name(variant) and is_name(log.game) \
            and variant not in {path.stem for path in shipped_variants(log.game)}:
        raise SaveError(N_("{file} is damaged: {game} has no variant '{variant}'"),
                        file=str(path), game=log.game, variant=variant)
    for source in (log.game, log.variant):
        if source is not None and not is_name(source) and not os.path.lexists(source):
            raise SaveError(N_("{file}: the rules of this game are in {rules}, which is no "
                               "longer there; put it back to go on"),
                            file=str(path), rules=source)
    try:
        rules = load_game(log.game, log.variant)
    except DataError as error:
        # Only where: the file a save points at may be anything, and its words stay unshown.
        raise SaveError(N_("{file}: the rules of this game cannot be loaded (see {place}; "
                           "'regelwerk rules validate' says more)"),
                        file=str(path), place=str(error.location)) from None
    if rules.digest != log.digest:
        raise SaveError(N_("{file}: the rules of this game have changed since it was saved; "
                           "it can go on only with the rules as they were: put them back"),
                        file=str(path))
    return rules


def _names_rules(source: str | None) -> bool:
    """A save's rules are None (no variant), a shipped name, or a rules file by its path."""
    return source is None or is_name(source) or source.endswith((".yaml", ".yml"))


def replay(log: GameLog, rules: Ruleset, path: Path
           ) -> list[tuple[GameState, Move | None, list[Event]]]:
    """Every step of the game: (state before, move, events); SaveError if a move is refused."""
    try:
        state = new_game(rules, log.players, log.seed)
    except SetupError as error:  # the reason in the reader's language, as the rest
        raise SaveError(N_("{file} is damaged: {reason}"), file=str(path),
                        reason=Phrase(error.message, error.params)) from None
    steps: list[tuple[GameState, Move | None, list[Event]]] = []
    for number, data in enumerate(log.moves, 1):
        action = rules.actions.get(data.get("action", ""))
        try:
            if action is None:
                raise IllegalMove("unknown-action", N_("there is no action '{action}'"),
                                  {"action": data.get("action")})
            move = action.parse(data, rules)
            after, events = apply(state, move)
        except (IllegalMove, NotationError) as error:
            raise SaveError(N_("{file} is damaged: move {number} cannot be played ({reason})"),
                            file=str(path), number=number,
                            reason=Phrase(error.message, error.params)) from None
        steps.append((state, move, events))
        state = after
    steps.append((state, None, []))
    return steps
