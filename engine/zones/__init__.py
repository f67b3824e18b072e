"""What zones hold: piles, tallies and grids with their runs, and groups of pieces."""
