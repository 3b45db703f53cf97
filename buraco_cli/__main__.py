"""`python -m buraco_cli` runs the `buraco` command."""

import sys

from buraco_cli.start import main

sys.exit(main())
