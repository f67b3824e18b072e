"""Message catalogs, one per language, and choosing the language.

The catalogs are ``<lang>/LC_MESSAGES/regelwerk.po``; message ids are the
English source strings, and strings from rules files carry the game's id as
message context.
"""

from __future__ import annotations

import os
from functools import lru_cache
from io import BytesIO
from pathlib import Path
from gettext import NullTranslations
from importlib.resources import files
from typing import Mapping

LANGUAGES = ("nl", "fr", "de", "en", "es")
DEFAULT = "en"
DOMAIN = "regelwerk"
_ENVIRONMENT = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


class UnknownLanguage(ValueError):
    def __init__(self, language: str) -> None:
        super().__init__(language)
        self.language = language


def language_from_environment(environ: Mapping[str, str] = os.environ) -> str:
    """The first supported language the environment asks for, else English."""
    for variable in _ENVIRONMENT:
        value = environ.get(variable, "")
        for entry in value.split(":"):  # LANGUAGE is a list in order of preference
            code = entry.split(".")[0].split("@")[0].split("_")[0].lower()
            if code in LANGUAGES:
                return code
        if value:
            return DEFAULT  # the first variable set decides, as in gettext
    return DEFAULT


def choose_language(explicit: str | None, environ: Mapping[str, str] = os.environ) -> str:
    """``--lang`` when given (it must be supported), else the environment's language."""
    if explicit is None:
        return language_from_environment(environ)
    code = explicit.lower().replace("-", "_").split("_")[0]
    if code not in LANGUAGES:
        raise UnknownLanguage(explicit)
    return code


def catalog_path(language: str) -> Path:
    return Path(str(files(__name__))) / language / "LC_MESSAGES" / f"{DOMAIN}.po"


@lru_cache(maxsize=None)
def translations(language: str) -> NullTranslations:
    """The catalog for ``language``, read from its ``.po`` file with Babel.

    The ``.po`` files are the only form the catalogs take: reading one costs
    a few milliseconds, and nothing needs compiling when a catalog changes.
    """
    path = catalog_path(language)
    if not path.is_file():
        return NullTranslations()
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po
    from babel.support import Translations

    with path.open("rb") as po:
        catalog = read_po(po, locale=language)
    compiled = BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    return Translations(compiled, domain=DOMAIN)
