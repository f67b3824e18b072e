"""The step mechanisms: what happens without a decision, in setup and after every turn,
one module each."""

from . import deal, deal_different, fill, move_all, own_pieces, seed_areas, shuffle, split
