"""What every layer of the engine speaks: located errors and message ids, limits, safe text and
player names, random numbers, moves and events, the templates of texts."""
