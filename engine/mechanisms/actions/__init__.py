"""The action mechanisms: kinds of decisions a ruleset can offer, one module each."""

from . import (attack_run, discard_own_run, discard_pending, draw_to, drop, end_game,
               from_others_run, pay, place_on_grid, play_from_hand, replace_group, skip, swap_wild,
               take_all, take_kind, take_one, take_zone)
