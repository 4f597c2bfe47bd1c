"""Constants of the turn structure and zones, shared by :mod:`~game` and its mixins."""

STEPS = ("untap", "upkeep", "draw", "main1", "beginning_of_combat", "declare_attackers",
         "declare_blockers", "first_strike_damage", "combat_damage", "end_of_combat",
         "main2", "end", "cleanup")
MAIN_STEPS = frozenset({"main1", "main2"})
COMBAT_STEPS = frozenset(STEPS[4:10])
HAND_LIMIT = 7
ZONES = ("library", "hand", "graveyard", "exile")
LOYALTY_USED = -1
"""The ability index ``[pid, LOYALTY_USED]`` takes in ``activated_this_turn`` once a
loyalty ability of permanent ``pid`` was activated this turn (rule 606.3: one a turn)."""
GRAVEYARD_CAST = -3
"""The ability index ``[pid, GRAVEYARD_CAST]`` takes in ``activated_this_turn`` once
permanent ``pid``'s "once during each of your turns, you may cast ... from your
graveyard" permission was used this turn (601.3)."""
GRANTED = "granted"
"""``zone_slots``'s ``how`` (:mod:`~elsewhere`) of a card a permanent's
:class:`~effects.CastFromGraveyardEachTurn` lets its controller cast from the
graveyard."""
NEXT_TIME = -2
"""The ``until`` of a temporary triggered ability that triggers only once and lasts at
most until the turn's cleanup step ("when you next cast an instant or sorcery spell this
turn, ...", 603.7c); a seat: until that player's next turn; -1: until end of turn."""
