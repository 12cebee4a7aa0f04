"""Entry point of ``python -m engine`` (see ``engine.cli``)."""

import sys

from engine.cli import main

sys.exit(main())
