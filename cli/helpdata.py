"""Every help screen of ``regelwerk``, in message ids: written by ``cli/helpgen.py``, not by hand."""

from .helpscreen import Row, Screen

SOURCES_CHECKSUM = 452583596

SCREENS: dict[tuple[str, ...], Screen] = {
    (): Screen(help='Play board and card games described as data, and check their rules.', options=(
        Row(name='--lang', help='Language: nl, fr, de, en or es.', value='LANGUAGE'),
        Row(name='--help', help='Show this message and exit.'),), commands=(
        Row(name='games', help='List the games and variants that come with regelwerk.'),
        Row(name='play', help='Play a game: people at this keyboard against each other and against bots.'),
        Row(name='replay', help='Replay a saved game move by move, told in words.'),
        Row(name='simulate', help='Play many games between bots and report who wins, from which seat, by how much, how long games last, how they end and which moves are made; with --variant, each variant against the base game.'),
        Row(name='arena', help='Play bots and levels against each other and rate them in each game named: their win share and an Elo rating, each with its interval (95%).'),
        Row(name='rules', help='Read and check rulesets, variants and scenarios.'),
        Row(name='scenario', help='Run rules tests written as data.'),), is_group=True),
    ('games',): Screen(help='List the games and variants that come with regelwerk.', options=(
        Row(name='--lang', help='Language: nl, fr, de, en or es.', value='LANGUAGE'),
        Row(name='--help', help='Show this message and exit.'),)),
    ('play',): Screen(help='Play a game: people at this keyboard against each other and against bots.', arguments=(
        Row(name='GAME', help="A game id (see 'regelwerk games') or a ruleset file; with --resume, the saved game to resume."),), options=(
        Row(name='--variant', help='A variant: its file, or the name of one that comes with the game.', value='VARIANT'),
        Row(name='--players', help='Comma-separated players; bots by level: bot:easy (any move), bot:medium (the best move for now), bot:hard (looks ahead; takes up to a few seconds), or by name: bot:random, bot:greedy, bot:mcts, bot:mcts:N (a search of N iterations). Default: you against two bots (one in a game for two).', value='PLAYERS'),
        Row(name='--seed', help='Seed for a reproducible game (a whole number from 0 to 2^64 - 1).', value='NUMBER'),
        Row(name='--lang', help='Language: nl, fr, de, en or es.', value='LANGUAGE'),
        Row(name='--save', help='Where to save the game.', value='FILE'),
        Row(name='--resume', help='Resume a saved game (the latest when no file is given).'),
        Row(name='--confirm-forced', help='Ask even when only one move is possible (else it is made and said).'),
        Row(name='--help', help='Show this message and exit.'),)),
    ('replay',): Screen(help='Replay a saved game move by move, told in words.', arguments=(
        Row(name='SAVED-GAME', help='A saved game (game log).', required=True),), options=(
        Row(name='--lang', help='Language: nl, fr, de, en or es.', value='LANGUAGE'),
        Row(name='--unsealed', help='Tell a saved game changed outside regelwerk (or saved by another user) too, under a warning.'),
        Row(name='--help', help='Show this message and exit.'),)),
    ('simulate',): Screen(help='Play many games between bots and report who wins, from which seat, by how much, how long games last, how they end and which moves are made; with --variant, each variant against the base game.', arguments=(
        Row(name='GAME', help='A game id or a ruleset file.', required=True),), options=(
        Row(name='--variant', help='A variant to compare with the base game: its file, or the name of one that comes with the game; may be given more than once.', value='VARIANT'),
        Row(name='--players', help="Number of players (default: as many as bots are named, at least the game's smallest number).", value='NUMBER'),
        Row(name='--bots', help='Comma-separated bots, repeated to fill the seats; the lineup turns one seat each game.', value='BOTS', default='greedy'),
        Row(name='--games', help='Games per ruleset (1 to 1000000000).', value='NUMBER', default='1000'),
        Row(name='--seed', help="Seed of the run (a whole number from 0 to 2^64 - 1); each game's seed derives from it.", value='NUMBER'),
        Row(name='--workers', help="Games played at once (default: one per core, at most four per core; for Ray: the cluster's processors, at most 10000).", value='NUMBER'),
        Row(name='--backend', help='local (processes on this machine) or ray.', value='BACKEND', default='local'),
        Row(name='--address', help='The Ray cluster to use (default: a Ray instance started here).', value='ADDRESS'),
        Row(name='--json', help='Write every figure as JSON.', value='FILE'),
        Row(name='--report', help='Write an HTML page with plots.', value='FILE'),
        Row(name='--lang', help='Language: nl, fr, de, en or es.', value='LANGUAGE'),
        Row(name='--help', help='Show this message and exit.'),)),
    ('arena',): Screen(help='Play bots and levels against each other and rate them in each game named: their win share and an Elo rating, each with its interval (95%).', arguments=(
        Row(name='GAME...', help='Game ids or ruleset files.', required=True, many=True),), options=(
        Row(name='--bots', help='Comma-separated bots or levels, at least two, repeated to fill the seats; the lineup turns one seat each game.', value='BOTS', default='greedy,random'),
        Row(name='--players', help="Number of players (default: as many as bots are named, at least the game's smallest number).", value='NUMBER'),
        Row(name='--games', help='Games per game named (1 to 1000000000).', value='NUMBER', default='200'),
        Row(name='--seed', help="Seed of the run (a whole number from 0 to 2^64 - 1); each game's seed derives from it.", value='NUMBER'),
        Row(name='--workers', help='Games played at once (default: one per core, at most four per core).', value='NUMBER'),
        Row(name='--json', help='Write every figure as JSON.', value='FILE'),
        Row(name='--lang', help='Language: nl, fr, de, en or es.', value='LANGUAGE'),
        Row(name='--help', help='Show this message and exit.'),)),
    ('rules',): Screen(help='Read and check rulesets, variants and scenarios.', options=(
        Row(name='--help', help='Show this message and exit.'),), commands=(
        Row(name='validate', help='Check rulesets, variants and scenarios against their schemas and rules, set up a trial game of each ruleset for every number of players and play a few random ones; exit 0 when valid, 2 when not.'),
        Row(name='show', help='Print the complete rulebook of a game or variant, written from its data.'),
        Row(name='translations', help="Create or update a game's own catalogs (locales/LANG.po beside its ruleset, for nl, fr, de and es) from the ruleset and the variants beside it, keeping the translations they hold, and list what is still untranslated."),
        Row(name='schema', help='Print the JSON Schema of a kind of data file, for editors.'),
        Row(name='diff', help="Show the rulebook paragraphs a variant changes: the base game's beside the variant's."),), is_group=True),
    ('scenario',): Screen(help='Run rules tests written as data.', options=(
        Row(name='--help', help='Show this message and exit.'),), commands=(
        Row(name='run', help='Run scenario files; exit 0 when every expectation holds, 1 when one fails, 2 when a file is invalid.'),), is_group=True),
    ('rules', 'validate'): Screen(help='Check rulesets, variants and scenarios against their schemas and rules, set up a trial game of each ruleset for every number of players and play a few random ones; exit 0 when valid, 2 when not.', arguments=(
        Row(name='FILES', help='Data files, or the ids of shipped games.', required=True, many=True),), options=(
        Row(name='--strict', help='Count a warning as an error (an end that never came in the random games).'),
        Row(name='--lang', help='Language: nl, fr, de, en or es.', value='LANGUAGE'),
        Row(name='--help', help='Show this message and exit.'),)),
    ('rules', 'show'): Screen(help='Print the complete rulebook of a game or variant, written from its data.', arguments=(
        Row(name='GAME', help='A game id or a ruleset file.'),), options=(
        Row(name='--variant', help='A variant: its file, or the name of one that comes with the game.', value='VARIANT'),
        Row(name='--lang', help='Language: nl, fr, de, en or es.', value='LANGUAGE'),
        Row(name='--help', help='Show this message and exit.'),)),
    ('rules', 'translations'): Screen(help="Create or update a game's own catalogs (locales/LANG.po beside its ruleset, for nl, fr, de and es) from the ruleset and the variants beside it, keeping the translations they hold, and list what is still untranslated.", arguments=(
        Row(name='GAME', help='A game id, a ruleset file or a variant file.', required=True),), options=(
        Row(name='--only', help='Only this language (nl, fr, de or es); may be given more than once.', value='LANGUAGE'),
        Row(name='--lang', help='Language: nl, fr, de, en or es.', value='LANGUAGE'),
        Row(name='--help', help='Show this message and exit.'),)),
    ('rules', 'schema'): Screen(help='Print the JSON Schema of a kind of data file, for editors.', arguments=(
        Row(name='SCHEMA', help='ruleset, variant or scenario', default='ruleset'),), options=(
        Row(name='--help', help='Show this message and exit.'),)),
    ('rules', 'diff'): Screen(help="Show the rulebook paragraphs a variant changes: the base game's beside the variant's.", arguments=(
        Row(name='GAME', help='A game id or a ruleset file.', required=True),
        Row(name='VARIANT', help='A variant: its file, or the name of one that comes with the game.', required=True),), options=(
        Row(name='--lang', help='Language: nl, fr, de, en or es.', value='LANGUAGE'),
        Row(name='--help', help='Show this message and exit.'),)),
    ('scenario', 'run'): Screen(help='Run scenario files; exit 0 when every expectation holds, 1 when one fails, 2 when a file is invalid.', arguments=(
        Row(name='FILES', help='Scenario files.', required=True, many=True),), options=(
        Row(name='--help', help='Show this message and exit.'),)),
}
