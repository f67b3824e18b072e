"""Message catalogs, one per language, and choosing the language.

The program's catalogs are ``<lang>/LC_MESSAGES/regelwerk.po``; message ids
are the English source strings. A game's own words are in its own catalogs,
beside its ruleset (``gamecatalog``).
"""

from __future__ import annotations

import hashlib
import os
from functools import lru_cache
from gettext import GNUTranslations, NullTranslations
from io import BytesIO
from importlib.resources import files
from pathlib import Path
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
    """The catalog for ``language``.

    The ``.po`` files are the only form the catalogs take in the project:
    Babel compiles one when it is first needed, and the compiled form is kept
    in the user's cache, named by the catalog's content hash, so that start-up
    stays quick and an edited catalog is never served stale.
    """
    path = catalog_path(language)
    if not path.is_file():
        return NullTranslations()
    source = path.read_bytes()
    cached = _cache_folder() / f"{language}-{hashlib.sha256(source).hexdigest()[:16]}.mo"
    try:
        with cached.open("rb") as mo_file:
            return GNUTranslations(mo_file)
    except OSError:
        pass
    compiled = _compile(source, language)
    try:
        cached.parent.mkdir(parents=True, exist_ok=True)
        temporary = cached.with_suffix(f".{os.getpid()}.tmp")
        temporary.write_bytes(compiled)
        os.replace(temporary, cached)
        for old in cached.parent.glob(f"{language}-*.mo"):
            if old != cached:
                old.unlink(missing_ok=True)
    except OSError:
        pass  # a read-only cache only costs speed
    return GNUTranslations(BytesIO(compiled))


def _cache_folder() -> Path:
    from platformdirs import user_cache_path

    return user_cache_path("regelwerk") / "catalogs"


def _compile(source: bytes, language: str) -> bytes:
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    catalog = read_po(BytesIO(source), locale=language)
    compiled = BytesIO()
    write_mo(compiled, catalog)
    return compiled.getvalue()
