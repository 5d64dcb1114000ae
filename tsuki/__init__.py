"""Application wiring: settings, the Bot, the demo. Game logic lives in ``engine``."""
