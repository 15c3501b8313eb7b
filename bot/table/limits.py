"""The table's bounds: how long, how many, how big. Each refusal that cites one says what is allowed.

One place for every limit, so the commands, the settings and the import schema agree
(docs/table.md, "Bounds"; docs/save-format.md for the file).
"""

from __future__ import annotations

#: SQLite's integer range: a game id (or any stored integer) outside it names nothing.
SQLITE_MIN, SQLITE_MAX = -(2**63), 2**63 - 1

#: A deadline (table setting ``deadline``, ``deadline.<kind>``) is at most this long: 30 days.
MAX_DEADLINE = 30 * 86400
#: At most this many reminders before a deadline (table setting ``reminders``).
MAX_REMINDERS = 5

#: A seat name (``alice``, ``p2``): lower case letters, digits, ``-`` and ``_``.
MAX_SEAT_NAME = 32
#: A person's name as shown at the table (Discord display names are at most 32 characters).
MAX_PERSON_NAME = 64
#: A user id (a Discord snowflake is at most 20 digits; the local table uses names).
MAX_USER_ID = 64
#: A settings value as typed (``12h,1h``).
MAX_SETTING_VALUE = 100
#: One game option's value as typed (``factions=red,blue,...``).
MAX_OPTION_VALUE = 200
#: Idempotency keys (a Discord interaction id, ``deadline:<n>``, ``auto:<uuid>``).
MAX_KEY = 100
#: Short labels in a file: a game's title, a phase, an engine version.
MAX_LABEL = 200

#: An export file: at most this many bytes, this deep, this many actions.
MAX_FILE_BYTES = 32 * 1024 * 1024
MAX_JSON_DEPTH = 40
MAX_ACTIONS = 200_000
#: Times in a file are seconds since 1970, from then to the year 3000.
MAX_TIME = 32_503_680_000.0
