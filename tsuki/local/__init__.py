"""Tsuki without a Discord application: the same bot on SimCord, a simulated Discord.

``python bot.py`` without a token, from a terminal, opens a table in the browser
(:mod:`tsuki.local.browser`); ``python bot.py --demo <game>`` watches a CPU match
(:mod:`tsuki.demo`). Both start the bot through :mod:`tsuki.local.quiet`.
"""
