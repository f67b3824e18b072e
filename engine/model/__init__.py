"""The compiled model of a game: immutable records, what they hold of their mechanisms, the
context mechanisms are configured in. It knows no compiler."""
