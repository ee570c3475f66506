"""Shared test settings: headless matplotlib and reproducible hypothesis runs."""

import os

os.environ.setdefault("MPLBACKEND", "Agg")

from hypothesis import HealthCheck, settings  # noqa: E402

settings.register_profile(
    "cgteach",
    deadline=None,
    max_examples=200,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "cgteach"))
