"""The maze deck, the discard pile and the River of 3, with what the party knows of them.

Cards are ints (:data:`RIGHT_PATH`, :data:`DEAD_END`, :data:`MONSTER`, :data:`ROOM`).
Every card position carries a knowledge flag so that observations and
:meth:`Piles.determinize` never use what the party has not seen:

- ``UNKNOWN``: the party does not know this card (face-down draws, unrevealed discards,
  a freshly shuffled deck);
- ``KNOWN``: the party saw this card at this position (a scouted top card, a revealed
  card in the discard, a card the Map Fragment showed, the card It's Elementary! put on
  the bottom, a Monster the Sleep Dust trap put on top);
- ``KNOWN_SET``: the party knows which cards lie in these positions but not in which
  order (the two cards It's Elementary! shuffled back on top).

Cards leave the deck two ways, and both keep the flags true: :meth:`Piles.draw` (every
draw from the top, whoever draws) forgets a known pair as soon as one of its cards
leaves, and :meth:`Piles.take_unseen` (the DM taking a card out where the party cannot
see) forgets whatever depended on which card went.

The deck's top is the end of the list.
"""

from __future__ import annotations

from labyrinth_gym.envs.core.dice import Dice

RIGHT_PATH, DEAD_END, MONSTER, ROOM = range(4)
KIND_NAMES = ("Right Path", "Dead End", "Monster", "Room")
EMPTY = -1

UNKNOWN, KNOWN, KNOWN_SET = 0, 1, 2


class Piles:
    """Deck, discard and river, each card with a knowledge flag."""

    __slots__ = (
        "deck",
        "deck_known",
        "discard",
        "discard_known",
        "river",
        "river_known",
        "stuck",
        "reshuffles",
    )

    def __init__(self) -> None:
        self.deck: list[int] = []
        self.deck_known: list[int] = []
        self.discard: list[int] = []
        self.discard_known: list[int] = []
        #: River slot contents (a card or ``EMPTY``).
        self.river: list[int] = [EMPTY, EMPTY, EMPTY]
        #: The party knows the face-down card in this slot (it was known on the deck).
        self.river_known: list[bool] = [False, False, False]
        #: A Dead End stuck face-up in this slot.
        self.stuck: list[bool] = [False, False, False]
        self.reshuffles = 0

    def copy(self) -> Piles:
        new = Piles.__new__(Piles)
        new.deck = self.deck[:]
        new.deck_known = self.deck_known[:]
        new.discard = self.discard[:]
        new.discard_known = self.discard_known[:]
        new.river = self.river[:]
        new.river_known = self.river_known[:]
        new.stuck = self.stuck[:]
        new.reshuffles = self.reshuffles
        return new

    # ------------------------------------------------------------------ deck
    def available(self) -> int:
        """Cards that can still be drawn (deck plus a reshuffled discard)."""
        return len(self.deck) + len(self.discard)

    def ensure_deck(self, dice: Dice) -> bool:
        """Shuffle the discard into a new deck when the deck is empty.

        Returns True if a reshuffle happened.
        """
        if self.deck or not self.discard:
            return False
        self.deck = self.discard
        dice.shuffle(self.deck)
        self.deck_known = [UNKNOWN] * len(self.deck)
        self.discard = []
        self.discard_known = []
        self.reshuffles += 1
        return True

    def draw(self) -> tuple[int, int]:
        """Take the top card (call :meth:`ensure_deck` first).

        Every card leaving the top of the deck goes through here, so the knowledge
        flags stay true whoever draws (draw phase, Boost Morale, It's Elementary!,
        Scout Ahead). Returns the card and the flag it had.
        """
        card, known = self.deck.pop(), self.deck_known.pop()
        if known == KNOWN_SET:
            # The party knows which cards the pair holds, not which one this is (it may
            # go face down), so the rest of the pair is no longer known either.
            self.forget_sets()
        return card, known

    def take_unseen(self, index: int) -> int:
        """The DM takes the card at ``index`` out of the deck where the party cannot see.

        The party learns the kind taken (the caller logs it), not which card of that
        kind it was. So every card that could have been the one (an unknown card, a
        known card of that kind, a known pair holding one) is forgotten, and with
        them every known card between two of them: its place counted from the top
        or from the bottom now depends on which card went. Known cards above all of
        them keep their place from the top, known cards below all of them their
        place from the bottom.
        """
        kind = self.deck[index]
        in_set = [c for c, k in zip(self.deck, self.deck_known, strict=True) if k == KNOWN_SET]
        could = [
            i for i, k in enumerate(self.deck_known)
            if k == UNKNOWN
            or (k == KNOWN and self.deck[i] == kind)
            or (k == KNOWN_SET and kind in in_set)
        ]
        # ``index`` itself is one of them, so the flag list below is the same whichever
        # card of the kind the DM took.
        for i in range(min(could), max(could) + 1):
            self.deck_known[i] = UNKNOWN
        self.deck_known.pop(index)
        return self.deck.pop(index)

    def put_top(self, card: int, known: int) -> None:
        self.deck.append(card)
        self.deck_known.append(known)

    def put_bottom(self, card: int, known: int) -> None:
        self.deck.insert(0, card)
        self.deck_known.insert(0, known)

    def forget_sets(self) -> None:
        """Known-set cards left on the deck become unknown."""
        self.deck_known = [UNKNOWN if k == KNOWN_SET else k for k in self.deck_known]

    def to_discard(self, card: int, known: bool) -> None:
        self.discard.append(card)
        self.discard_known.append(KNOWN if known else UNKNOWN)

    # ----------------------------------------------------------------- river
    def face_down_slots(self) -> list[int]:
        return [i for i in range(3) if self.river[i] != EMPTY and not self.stuck[i]]

    def stuck_dead_ends(self) -> int:
        return self.stuck[0] + self.stuck[1] + self.stuck[2]

    # ----------------------------------------------------------- bookkeeping
    def counts(self) -> list[int]:
        """Cards of each kind anywhere in the piles."""
        c = [0, 0, 0, 0]
        for pile in (self.deck, self.discard):
            for card in pile:
                c[card] += 1
        for card in self.river:
            if card != EMPTY:
                c[card] += 1
        return c

    def unseen_counts(self) -> list[int]:
        """Cards of each kind whose position the party does not know."""
        c = [0, 0, 0, 0]
        for card, k in zip(self.deck, self.deck_known, strict=True):
            if k == UNKNOWN:
                c[card] += 1
        for card, k in zip(self.discard, self.discard_known, strict=True):
            if k == UNKNOWN:
                c[card] += 1
        for i in range(3):
            if self.river[i] != EMPTY and not self.stuck[i] and not self.river_known[i]:
                c[self.river[i]] += 1
        return c

    def determinize(self, dice: Dice) -> None:
        """Resample every card the party does not know, keeping all it knows."""
        slots: list[tuple[list[int], int]] = []
        pool: list[int] = []
        for pile, known in ((self.deck, self.deck_known), (self.discard, self.discard_known)):
            for i, k in enumerate(known):
                if k == UNKNOWN:
                    slots.append((pile, i))
                    pool.append(pile[i])
        for i in range(3):
            if self.river[i] != EMPTY and not self.stuck[i] and not self.river_known[i]:
                slots.append((self.river, i))
                pool.append(self.river[i])
        dice.shuffle(pool)
        for (pile, i), card in zip(slots, pool, strict=True):
            pile[i] = card
        # A known set keeps its members but not their order.
        set_positions = [i for i, k in enumerate(self.deck_known) if k == KNOWN_SET]
        if len(set_positions) > 1:
            cards = [self.deck[i] for i in set_positions]
            dice.shuffle(cards)
            for i, card in zip(set_positions, cards, strict=True):
                self.deck[i] = card

    def to_dict(self) -> dict:
        return {name: list(getattr(self, name)) if name != "reshuffles" else self.reshuffles
                for name in self.__slots__}

    @classmethod
    def from_dict(cls, data: dict) -> Piles:
        new = cls()
        for name in cls.__slots__:
            value = data[name]
            setattr(new, name, list(value) if isinstance(value, list) else value)
        new.river_known = [bool(x) for x in new.river_known]
        new.stuck = [bool(x) for x in new.stuck]
        return new
