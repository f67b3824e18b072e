"""Reading and checking data files: bounded reads, YAML with the place of every value, the
schemas, the shipped rules and the digests that vouch for them."""
