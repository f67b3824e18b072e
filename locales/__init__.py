"""Message catalogs, one per language, and choosing the language.

The program's catalogs are ``<lang>/LC_MESSAGES/regelwerk.po``; message ids
are the English source strings. A game's own words are in its own catalogs,
beside its ruleset (``gamecatalog``).
"""

from __future__ import annotations

import os
import stat
import zlib
from functools import lru_cache
from gettext import GNUTranslations, NullTranslations
from io import BytesIO
from typing import TYPE_CHECKING, Mapping

if TYPE_CHECKING:
    from pathlib import Path

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


#: the folder of this package (found from the module, not through importlib.resources, whose
#: import costs more than the whole of ``regelwerk --help`` otherwise does)
_HERE = os.path.dirname(os.path.abspath(__file__))


def _catalog_file(language: str) -> str:
    return os.path.join(_HERE, language, "LC_MESSAGES", f"{DOMAIN}.po")


def catalog_path(language: str) -> Path:
    from pathlib import Path

    return Path(_catalog_file(language))


def compiled_path(language: str, source: bytes) -> str:
    """Where the compiled form of a catalog whose ``.po`` holds ``source`` is kept: named
    by its length and checksum, so that an edited catalog is never served stale."""
    return os.path.join(_cache_folder(), f"{language}-{len(source):x}-{zlib.crc32(source):08x}.mo")


@lru_cache(maxsize=None)
def translations(language: str) -> NullTranslations:
    """The catalog for ``language``.

    The ``.po`` files are the only form the catalogs take in the project:
    Babel compiles one when it is first needed, and the compiled form is kept
    in the user's cache, named by the catalog's content hash, so that start-up
    stays quick and an edited catalog is never served stale.
    """
    try:
        with open(_catalog_file(language), "rb") as po_file:
            source = po_file.read()
    except OSError:
        return NullTranslations()
    cached = compiled_path(language, source)
    kept = _cached(cached)
    if kept is not None:
        return kept
    compiled = _compile(source, language)
    _keep(cached, language, compiled)
    return GNUTranslations(BytesIO(compiled))


#: compiled catalogs kept per language: several installations (a release and a working copy,
#: or two versions) share the user's cache, and each must find its own there, not compile it
#: again on every run because the other removed it
KEPT_PER_LANGUAGE = 8


def _keep(cached: str, language: str, compiled: bytes) -> None:
    """Write the compiled catalog to the cache (atomically) and forget all but the newest
    few of the language."""
    from pathlib import Path

    path = Path(cached)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_suffix(f".{os.getpid()}.tmp")
        temporary.write_bytes(compiled)
        os.replace(temporary, path)
        kept = sorted(path.parent.glob(f"{language}-*.mo"), key=lambda old: old.stat().st_mtime,
                      reverse=True)
        for old in kept[KEPT_PER_LANGUAGE:]:
            old.unlink(missing_ok=True)
    except OSError:
        pass  # a read-only cache only costs speed


#: far more than a compiled catalog of the program's words takes
MAX_CACHED_BYTES = 16 * 1024 * 1024


def _cached(path: str) -> GNUTranslations | None:
    """The compiled catalog kept in the cache, or None when there is none to use: missing,
    damaged, too large, or not a regular file (opened without waiting, so a FIFO there is
    passed over). The cache is the user's to break; a broken one is compiled anew, and must
    never stop the program, which reads it before anything else."""
    try:
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError:
        return None
    with os.fdopen(descriptor, "rb") as mo_file:
        info = os.fstat(descriptor)
        if not stat.S_ISREG(info.st_mode) or info.st_size > MAX_CACHED_BYTES:
            return None
        try:
            return GNUTranslations(mo_file)
        except Exception:  # any flaw of a damaged file: struct, Unicode, plural forms, …
            return None


def _cache_folder() -> str:
    from platformdirs import user_cache_dir

    return os.path.join(user_cache_dir("regelwerk"), "catalogs")


def _compile(source: bytes, language: str) -> bytes:
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    catalog = read_po(BytesIO(source), locale=language)
    compiled = BytesIO()
    write_mo(compiled, catalog)
    return compiled.getvalue()
