"""``python -m worms_tutor referee FILE``."""

import sys

from .formats.cli import main

sys.exit(main())
