"""``python -m ai move RECORD.json --level hard [--seed N]`` and
``python -m ai duel GAME [--options JSON] [--players N] --levels easy,hard --matches N [--seed S]``;
``python -m ai worker [--processes N]``: think for the bot (its moves and reviews, from its database)."""

from __future__ import annotations

import sys

from .cli import main

sys.exit(main())
