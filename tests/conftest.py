"""Hypothesis profiles: CI runs derandomized (the same examples every time, so a red CI is reproducible);
locally each run explores new examples. Set HYPOTHESIS_PROFILE=ci to reproduce CI."""

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, database=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))
