"""The compiler: a checked document becomes a ruleset (records, mechanisms bound, soundness
checked, a trial game set up); loading finds, merges and compiles rulesets and variants."""
