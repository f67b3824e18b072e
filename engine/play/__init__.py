"""Playing a game: its state, the turn machine, move lists and menus, views, notation, rounds
and points."""
