-- Private messages addressed by id (issue 26): a live hand or a spectator's view is edited through
-- its interaction's webhook token and the message's id (the interaction's first response, or a
-- follow-up), with discord.py's public webhook API, so the id is stored with the token.
-- Rows stored before this migration have no id (NULL): their messages cannot be addressed any
-- more, so a restart lets them go, as it does a token that has ended (the player opens the hand,
-- or the view, again with one click).
ALTER TABLE live_hands ADD COLUMN message_id INTEGER;
ALTER TABLE spectators ADD COLUMN message_id INTEGER;
