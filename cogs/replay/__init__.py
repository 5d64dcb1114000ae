"""Replays of finished matches (``/replay``): frames, their controls, animations, comments."""
