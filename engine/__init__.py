"""regelwerk's engine: rules as data, interpreted by general mechanisms.

The public interface (see ``docs/api.md``)::

    rules = load_ruleset("GAME")              # a shipped game's id, or a ruleset/variant file
    state = new_game(rules, ["anna", "bram"], seed=7)
    while not is_terminal(state):
        moves = legal_moves(state)
        state, events = apply(state, moves[0])  # IllegalMove for a refused move
    seen = view(state, "anna")                # what anna may see
    print(scores(state), returns(state))

Importing this package loads the whole engine; the command line imports it only
for commands that play or read games, so that ``regelwerk --help`` stays quick.
"""

from .api import (current_player, from_data, is_terminal, returns, scores, table_points,
                  to_data)
from .common.errors import DataError, IllegalMove, Location
from .play.game import SetupError, acting, advance, apply, legal_moves, new_game
from .compiler.loading import load_ruleset, validated_ruleset
from .data.shipped import shipped_games, shipped_variants
from .common.moves import Event, Move
from .model.ruleset import GameType, Ruleset
from .play.state import GameState
from .play.view import UNSEEN, PlayerView, view

# What front ends use besides (the terminal program, tools); docs/api.md lists it by layer,
# and no module outside the engine imports one of its submodules.

# reading and checking data files
from .data.safefile import (UnreadableFile, UnwritableFile, check_replaceable, os_reason,
                            read_bounded, write_whole)
from .data.shipped import is_name, resolve
from .data.yamlload import load_yaml

# the condition language and its words
from .conditions.turnnames import EACH_PLAYER_WORDS, RUN_WORDS, TURN_WORDS
from .conditions.wording import Field, Fields, Id, Value, WILD_TERM

# messages, texts and safe text
from .common.errors import NN_, N_, Phrase, fill, formatted
from .common.events import EventType
from .common.playernames import names_problem
from .common.safetext import harmless, name_key, visible
from .common.shown import Value as EventValue
from .common.templates import TemplateError, ZoneRef, substitute, template_names

# the compiled model of a game
from .model.ruleset import (Area, AreaType, Component, END_OF_TURN, END_TURN, Line, Zone, ZoneScoring,
                            field_kinds)
from .zones.grid import Grid, Run
from .zones.groups import AREA_WORDS

# compiling and loading rules
from .compiler.schemas import bundled_schema
from .compiler.loading import load_game, variant_reference
from .compiler.rulebookcheck import setting_at, written_folder
from .compiler.scoring import ZONE_WORDS
from .compiler.trial import kinds_drawn

# the mechanisms and their declarations
from .mechanisms import ACTIONS, ORDERS, STEPS
from .mechanisms.exchange import DIRECTION_WORDS, Directions, EachCount, PairCounts
from .mechanisms.params import (ActionList, CARD_WORDS, Condition, ConditionPerAreaType, Count,
                                KindList, KindRef, Section, ZoneChoice, ZoneRef as ZoneParam)
from .mechanisms.steps.sort import ROUTE_WORDS, Routes
from .play.parts import ChoiceType, LaneType, Part, PartType
from .mechanisms.textvalues import mechanism_values, text_values

# playing: the turn machine, moves, menus, points
from .play.choices import ACTION, ActionSpace, Choices, Option
from .play.game import EVENTS as TURN_EVENTS, player_count_problem, reachable_phases
from .play.notation import NotationError, UNDECLARED_WILD, format_group
from .play.rounds import is_closed, is_out
from .play.scoring import points_of
from .play.straight import lines_in
from .play.turncontext import TurnContext, run_record, runs_of

# bots, matches between them, saves and scenarios
from .bots.levels import Bot
from .matches import (Entry, MAX_ITERATIONS, Match, MatchError, Outcome, RuleSource, backend_for,
                      bot_names, cores, is_bot_spec, run as run_match, summary)
from .matches.play import AT_ONCE, STALLED, UNFINISHED, WHEN, level_of, make_bot
from .transcripts.savegame import VERSION as SAVE_VERSION
from .transcripts.savegame import (GameLog, SaveError, read_log, replay, rules_of, seal_of,
                                   write_atomic)
from .transcripts.scenario import load_scenario, run_scenario

__all__ = [
    "ACTION", "acting", "ActionList", "ACTIONS", "ActionSpace", "advance", "apply", "AREA_WORDS", "Area", "AreaType",
    "AT_ONCE", "backend_for", "Bot", "bot_names", "check_replaceable", "cores", "bundled_schema", "CARD_WORDS", "Choices",
    "ChoiceType", "PartType", "Component", "Condition", "ConditionPerAreaType", "Count", "current_player",
    "DataError", "DIRECTION_WORDS", "EACH_PLAYER_WORDS", "Directions", "EachCount", "END_OF_TURN", "END_TURN", "Entry", "Event", "EventType", "EventValue", "Field", "field_kinds",
    "Fields", "fill", "format_group", "formatted", "from_data", "GameLog", "GameState", "GameType", "Grid",
    "harmless", "Id", "IllegalMove", "is_bot_spec", "is_closed", "level_of", "is_name", "is_out",
    "is_terminal", "KindList", "KindRef", "kinds_drawn", "LaneType", "legal_moves", "Line", "lines_in", "load_game",
    "load_ruleset", "load_scenario", "load_yaml", "Location", "make_bot", "Match", "MatchError",
    "MAX_ITERATIONS", "mechanism_values", "Move", "N_", "name_key", "names_problem", "new_game",
    "NN_", "NotationError", "Option", "ORDERS", "os_reason", "Outcome", "PairCounts", "Part", "Phrase",
    "player_count_problem", "PlayerView", "UNSEEN", "points_of", "reachable_phases", "read_bounded", "write_whole",
    "read_log", "replay", "resolve", "returns", "ROUTE_WORDS", "Routes", "rules_of", "Ruleset", "SAVE_VERSION", "RuleSource", "table_points", "Run",
    "run_match", "run_record", "run_scenario", "RUN_WORDS", "runs_of", "SaveError", "scores",
    "seal_of", "Section", "setting_at", "SetupError", "shipped_games", "shipped_variants", "STALLED", "STEPS",
    "substitute", "summary", "template_names", "TemplateError", "text_values", "to_data",
    "TURN_EVENTS", "TURN_WORDS", "TurnContext", "UNDECLARED_WILD", "UNFINISHED", "UnreadableFile", "UnwritableFile", "validated_ruleset",
    "Value", "variant_reference", "view", "visible", "WHEN", "WILD_TERM", "write_atomic",
    "written_folder", "Zone", "ZONE_WORDS", "ZoneChoice", "ZoneParam", "ZoneRef", "ZoneScoring",
]
