"""Shared test settings: headless matplotlib and reproducible hypothesis runs."""

import os

import matplotlib
from hypothesis import HealthCheck, settings

# Draw off-screen in this process only.  (Setting MPLBACKEND in the
# environment instead would leak into the nbval kernels and stop the lesson
# notebooks from showing their figures inline.)
matplotlib.use("Agg")

settings.register_profile(
    "cgteach",
    deadline=None,
    max_examples=200,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "cgteach"))
