"""Text picture of an Arcane Labyrinth game, as the player reads the table.

A header with what the format adds (the round and safe turns, whose turn, the
player's life, the Hero, the Labyrinth's library and graveyard, the final boss, the
Secret Shop and its revealed cards, the last random encounter, the difficulty mods),
then the Magic table (:func:`labyrinth_gym.envs.magic.render.render_text`: every
battlefield, the stack, and the player's hand with its legal actions; the player is
always the seat to act).
"""

from __future__ import annotations

from labyrinth_gym.envs.arcane_labyrinth.engine.game import HERO, LAB, ArcaneGame
from labyrinth_gym.envs.magic.render import render_text as magic_text


def _encounter(roll: int) -> str:
    if roll <= 0:
        return "none yet"
    if roll <= 6:
        return f"d20={roll} tragic failure"
    if roll <= 15:
        return f"d20={roll} evaded"
    return f"d20={roll} {'loot' if roll <= 19 else 'mythic treasure'}"


def header(game: ArcaneGame) -> list[str]:
    """The format's lines above the Magic table."""
    view = game.arcane_view()
    rnd = view["round"]
    if rnd == 0:
        when = "round 0 (opening hand)"
    elif rnd <= 3:
        left = view["safe_turns_left"]
        when = f"round {rnd} (safe turn, {left} more after this one)"
    else:
        when = f"round {rnd}"
    turn = "the Labyrinth's turn" if game.active == LAB else "the player's turn"
    lines = [f"Arcane Labyrinth: {when} of {view['max_turns']}, {turn}"
             f" (step {game.step})"]
    hero = view["hero"] or "-"
    state = "exhausted" if view["hero_exhausted"] else "on the battlefield"
    lines.append(f"Player: life {game.life[HERO]}  Hero {hero} ({state})"
                 f"  kit {view['hero_kit'] or '-'}")
    lines.append(f"Labyrinth {view['labyrinth'] or '-'}: library "
                 f"{view['labyrinth_library']}  graveyard {len(game.graveyard[LAB])}"
                 f"  exile {len(game.exile[LAB])}"
                 + (f"  reveals left {view['reveals_left']}" if game.active == LAB
                    else ""))
    boss = view["boss"] or "-"
    if view["boss_on_battlefield"]:
        buff = view["boss_buff"]
        status = f"on the battlefield (+{buff}/+{buff})" if buff else "on the battlefield"
    elif view["boss_arrivals"]:
        status = f"gone (arrived {view['boss_arrivals']}x)"
    else:
        status = "waiting below the library"
    lines.append(f"Boss {boss}: {status}")
    shop = f"Secret Shop: {view['shop_size']} cards"
    if view["shop_opens"]:
        shop += " (opens at this end step)"
    if game.shop_reveal:
        shop += "; open: " + ", ".join(
            f"{i}:{name} (mv {game.cdef(card).mana_value})"
            for i, (name, card) in enumerate(zip(view["shop_reveal"], game.shop_reveal,
                                                 strict=True)))
    lines.append(shop)
    d = game.decision
    if d is not None and d["kind"] == "shop_land" and not game.is_terminal():
        card = game.shop_reveal[d["item"]]
        chosen = ", ".join(game.name_of(game.battlefield[p].card) for p in d["chosen"]
                           if p in game.battlefield)
        lines.append(f"    buying {game.name_of(card)}: lands chosen "
                     f"{len(d['chosen'])}/{game.cdef(card).mana_value}"
                     + (f" ({chosen})" if chosen else ""))
    lines.append(f"Last encounter: {_encounter(view['last_encounter'])}; next at round "
                 f"{game.next_encounter()}")
    mods = []
    if view["entropy_draw"]:
        mods.append("entropy draw" + (" (active)" if game.entropy_active() else ""))
    if view["desperation"]:
        active = view["labyrinth_library"] < 50
        mods.append("desperation" + (" (active)" if active else ""))
    lines.append("Mods: " + (", ".join(mods) if mods else "none"))
    return lines


def render_text(game: ArcaneGame) -> str:
    """The format's header, then the Magic table as the player reads it."""
    return "\n".join([*header(game), magic_text(game)])
