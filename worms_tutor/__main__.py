"""``python -m worms_tutor referee FILE``."""

import sys

from .cli import main

sys.exit(main())
