"""``python -m bench`` (``make bench``): the engine benchmarks of :mod:`bench.engine`."""

import sys

from bench.engine import main

sys.exit(main())
