"""Games kept as data: saved games and their replay, and scenarios (rules tests written as
data)."""
