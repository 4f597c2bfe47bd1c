"""Scripted positions for the last cards of the Vampiric Bloodline precon (issue 30):
each mechanism played by a real card of the pool, its rule's outcome checked."""

from __future__ import annotations

from labyrinth_gym.envs.core.dice import Dice
from labyrinth_gym.envs.magic.engine import actions as A
from labyrinth_gym.envs.magic.engine import effects as fx
from magic.compiled import card
from magic.positions import (
    act,
    attack,
    blank,
    has,
    lands,
    mind_rot_seat_0,
    names,
    on_battlefield,
    pass_to_decision,
    pass_until,
    settle,
    target_perm,
    to_combat,
)


# ------------------------------- 601.2c: "up to X targets", X counted as they're chosen
def test_601_2c_midnight_arsonist_targets_up_to_its_vampire_count():
    """Midnight Arsonist's enters trigger takes up to X artifact targets, X the
    Vampires its controller controls as the targets are chosen (Arsonist and one
    other: two), and an artifact with a mana ability is no legal target (605.1a)."""
    destroy = card("Midnight Arsonist").triggered[0].effect
    assert destroy.what.up_to and destroy.what.most == fx.Count(
        "permanents", fx.Filter(subtypes=frozenset({"Vampire"}), controller="you"))
    assert "no_mana_abilities" in destroy.what.filter.props
    game = blank()
    game.add_card("Midnight Arsonist", 0)
    lands(game, 0, "Mountain", "Mountain", "Mountain", "Mountain")
    game.add_permanent("Vampire Lacerator", 0)
    game.add_permanent("Grizzly Bears", 0)  # (no Vampire: not counted)
    relics = [game.add_permanent("Millstone", 1) for _ in range(3)]
    stone = game.add_permanent("Mind Stone", 1)
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Midnight Arsonist)")
    settle(game)
    legal = game.legal_actions()
    assert A.permanent(game.battlefield[stone].slot) not in legal
    assert A.DONE in legal  # (up to: none is allowed)
    target_perm(game, relics[0])
    assert game.decision["kind"] == "target"
    target_perm(game, relics[1])
    assert game.decision["kind"] != "target"  # X is two: the choice ends there
    settle(game)
    assert on_battlefield(game, "Millstone") == [relics[2]]
    assert on_battlefield(game, "Mind Stone") == [stone]


def test_601_2c_midnight_arsonist_destroys_the_artifacts_it_targets():
    game = blank()
    game.add_card("Midnight Arsonist", 0)
    lands(game, 0, "Mountain", "Mountain", "Mountain", "Mountain")
    stones = [game.add_permanent("Millstone", 1) for _ in range(2)]
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Midnight Arsonist)")
    settle(game)
    target_perm(game, stones[0])
    assert game.decision["kind"] != "target"  # X is one (Arsonist alone)
    settle(game)
    assert on_battlefield(game, "Millstone") == [stones[1]]


# ------------------------------------ 702.54a: a cast trigger's spell gains bloodthirst
def _vampire_after_shock(shock: bool, creature: str = "Vampire Lacerator") -> tuple:
    game = blank()
    game.add_permanent("Bloodlord of Vaasgoth", 0)
    game.add_card(creature, 0)
    game.add_card("Shock", 0)
    lands(game, 0, "Mountain", "Swamp", "Forest", "Forest")
    game.start_at("main1", 0)
    if shock:
        act(game, "cast hand 1 (Shock)")
        game.apply_action(A.player(1))
        settle(game)
        assert game.life[1] == 18
    act(game, f"cast hand 0 ({creature})")
    settle(game)
    return game, on_battlefield(game, creature)[0]


def test_702_54a_bloodlord_gives_a_vampire_spell_bloodthirst_3():
    """Bloodlord of Vaasgoth's cast trigger: the Vampire creature spell gains
    bloodthirst 3, so with an opponent dealt damage this turn its permanent enters
    with three +1/+1 counters (614.1c)."""
    gains = card("Bloodlord of Vaasgoth").triggered[0].effect
    assert isinstance(gains, fx.SpellGains) and gains.what == fx.Ref("it")
    game, lacerator = _vampire_after_shock(True)
    assert game.battlefield[lacerator].counters.get("+1/+1") == 3
    assert game.chars(lacerator)[:2] == (5, 5)


def test_702_54a_the_gained_bloodthirst_needs_an_opponent_dealt_damage():
    game, lacerator = _vampire_after_shock(False)
    assert not game.battlefield[lacerator].counters.get("+1/+1")


def test_702_54a_bloodlord_gives_a_non_vampire_spell_nothing():
    game, bears = _vampire_after_shock(True, "Grizzly Bears")
    assert not game.battlefield[bears].counters.get("+1/+1")


# ------------------- 608.2h: "the greatest power among creatures sacrificed this way"
def test_608_2h_shadowgrange_archfiend_gains_the_greatest_sacrificed_power():
    """Each opponent sacrifices its creature of greatest power (one has a 6/4 Craw
    Wurm, the other a 2/2 Grizzly Bears beside a 1/1): the Archfiend's controller gains
    6, the greatest power among the creatures sacrificed."""
    game = blank(players=3)
    game.add_card("Shadowgrange Archfiend", 0)
    lands(game, 0, *["Swamp"] * 7)
    wurm = game.add_permanent("Craw Wurm", 1)
    bears = game.add_permanent("Grizzly Bears", 2)
    elf = game.add_permanent("Llanowar Elves", 2)
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Shadowgrange Archfiend)")
    settle(game)
    assert wurm not in game.battlefield and bears not in game.battlefield
    assert elf in game.battlefield
    assert game.life[0] == 26


def _discard_archfiend(life: int):
    """Player 0 discards Shadowgrange Archfiend to Mind Rot with ``life`` life and
    three lands: its madness ability triggers."""
    game = blank()
    fiend = game.add_card("Shadowgrange Archfiend", 0)
    game.add_card("Island", 0)
    lands(game, 0, "Swamp", "Swamp", "Swamp")
    game.add_permanent("Grizzly Bears", 1)
    game.life[0] = life
    mind_rot_seat_0(game)
    for _ in range(10):
        if game.decision["kind"] == "yesno" or not game.stack:
            break
        game.apply_action(A.PASS)
    return game, fiend


def test_702_35a_a_madness_cost_with_life_pays_the_life_too():
    """"Madness—{2}{B}, Pay 8 life": cast for it, its caster pays the mana and 8 life
    (118.3); it enters and its trigger makes the opponent sacrifice Grizzly Bears."""
    game, fiend = _discard_archfiend(20)
    assert game.decision["madness"] == fiend
    act(game, "cast Shadowgrange Archfiend for its madness cost")
    settle(game)
    assert game.life[0] == 12 + 2
    assert on_battlefield(game, "Shadowgrange Archfiend")
    assert not on_battlefield(game, "Grizzly Bears")


def test_702_35a_madness_is_not_offered_without_the_life_to_pay():
    """119.4: with 7 life the 8 life can't be paid, so it can't be cast (118.3): the
    card goes to the graveyard."""
    game, fiend = _discard_archfiend(7)
    settle(game)
    assert fiend in game.graveyard[0] and game.life[0] == 7


# --------------------- 508.4: put onto the battlefield from a hand tapped and attacking
def _strefan_attacks(bloods: int):
    game = blank()
    strefan = game.add_permanent("Strefan, Maurer Progenitor", 0)
    spec = card("Glass-Cast Heart").triggered[0].effect.token  # (a Blood token)
    for _ in range(bloods):
        game.create_token(spec, 0)
    game.add_card("Vampire Lacerator", 0)
    game.add_card("Grizzly Bears", 0)
    game.start_at("main1", 0)
    to_combat(game)
    attack(game, strefan)
    game.apply_action(A.DONE)
    return game, strefan


def test_508_4_strefan_puts_a_vampire_onto_the_battlefield_tapped_and_attacking():
    """Strefan attacks; its controller sacrifices two Blood tokens and puts Vampire
    Lacerator from their hand onto the battlefield tapped and attacking the player
    Strefan attacks (never declared: 508.3a), indestructible until end of turn;
    Grizzly Bears (no Vampire) is not offered."""
    game, strefan = _strefan_attacks(2)
    pass_to_decision(game, "yesno")
    act(game, "yes")  # sacrifice two Blood tokens
    pass_to_decision(game, "yesno")
    act(game, "yes")  # put a Vampire card
    assert not has(game, "(Grizzly Bears")
    act(game, "(Vampire Lacerator")
    settle(game)
    assert not on_battlefield(game, "Blood Token")
    [lacerator] = on_battlefield(game, "Vampire Lacerator")
    assert game.battlefield[lacerator].tapped and game.attackers[lacerator] == 1
    assert "indestructible" in game.keywords(lacerator)
    assert "indestructible" not in game.keywords(strefan)
    pass_until(game, "main2")
    assert game.life[1] == 20 - 3 - 2


def test_508_4_strefan_without_two_blood_tokens_puts_nothing():
    game, strefan = _strefan_attacks(1)
    settle(game)
    assert not has(game, "yes")
    pass_until(game, "main2")
    assert not on_battlefield(game, "Vampire Lacerator")
    assert len(on_battlefield(game, "Blood Token")) == 1 and game.life[1] == 17


def test_508_4_strefan_declining_the_put_gives_nothing_indestructible():
    """The sentence about "it" goes with the put: declined, nothing gains
    indestructible (not Strefan, the attack trigger's object)."""
    game, strefan = _strefan_attacks(2)
    pass_to_decision(game, "yesno")
    act(game, "yes")
    pass_to_decision(game, "yesno")
    act(game, "no")
    settle(game)
    assert not on_battlefield(game, "Blood Token")
    assert "indestructible" not in game.keywords(strefan)


# ------------------------------ "tap any number of untapped <permanents> you control"
def _urge(game):
    game.add_card("Urge to Feed", 0)
    lands(game, 0, "Swamp", "Swamp")
    wurm = game.add_permanent("Craw Wurm", 1)
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Urge to Feed)")
    target_perm(game, wurm)
    settle(game)
    return wurm


def test_urge_to_feed_taps_the_chosen_vampires_and_counters_those():
    """Urge to Feed: the target gets -3/-3; its caster taps the untapped Vampires they
    choose (one of two here; a tapped Vampire and a non-Vampire are not offered), and
    only the ones tapped get a +1/+1 counter."""
    game = blank()
    chosen, other = (game.add_permanent("Vampire Lacerator", 0) for _ in range(2))
    tapped = game.add_permanent("Vampire Lacerator", 0)
    game.battlefield[tapped].tapped = True
    bears = game.add_permanent("Grizzly Bears", 0)
    wurm = _urge(game)
    assert game.decision["kind"] == "tap_any"
    legal = game.legal_actions()
    assert A.permanent(game.battlefield[tapped].slot) not in legal
    assert A.permanent(game.battlefield[bears].slot) not in legal
    target_perm(game, chosen)
    assert A.permanent(game.battlefield[chosen].slot) not in game.legal_actions()
    game.apply_action(A.DONE)
    settle(game)
    assert game.chars(wurm)[:2] == (3, 1)
    assert game.battlefield[chosen].tapped and game.chars(chosen)[:2] == (3, 3)
    assert not game.battlefield[other].tapped and game.chars(other)[:2] == (2, 2)
    assert game.chars(tapped)[:2] == (2, 2) and game.chars(bears)[:2] == (2, 2)


def test_urge_to_feed_tapping_none_counters_none():
    game = blank()
    vampire = game.add_permanent("Vampire Lacerator", 0)
    _urge(game)
    game.apply_action(A.DONE)
    settle(game)
    assert not game.battlefield[vampire].tapped
    assert not game.battlefield[vampire].counters.get("+1/+1")


# ---------------- 707.2: a token copy of a trigger's creature, as it last existed
def _choose_vampire(game) -> None:
    """Molten Echoes's "as this enters, choose a creature type" (614.12c): Vampire."""
    assert game.decision["kind"] == "choose"
    game.apply_action(A.mode(game.decision["options"].index("Vampire")))


def _echoes(creature: str, *extra: str):
    game = blank()
    game.add_permanent("Molten Echoes", 0)
    game.add_card(creature, 0)
    for name in extra:
        game.add_card(name, 0)
    lands(game, 0, "Swamp", "Mountain", "Forest", "Forest")
    game.start_at("main1", 0)
    _choose_vampire(game)
    act(game, f"cast hand 0 ({creature})")
    settle(game)  # (the creature spell resolves; its trigger waits on the stack)
    return game


def test_707_2_molten_echoes_copies_a_creature_of_the_chosen_type_until_end_step():
    """A nontoken Vampire of Molten Echoes's controller enters: a token copy of it with
    haste is created, exiled at the beginning of the next end step (a nontoken
    creature of another type makes none, nor does the token itself)."""
    assert "chosen_type" in card("Molten Echoes").triggered[0].trigger.subject.props
    game = _echoes("Vampire Lacerator")
    lacerators = on_battlefield(game, "Vampire Lacerator")
    assert len(lacerators) == 2
    token = max(lacerators)
    assert game.card_token[game.battlefield[token].card]
    assert "haste" in game.keywords(token)
    assert "haste" not in game.keywords(min(lacerators))
    pass_until(game, "end")
    settle(game)
    assert on_battlefield(game, "Vampire Lacerator") == [min(lacerators)]


def test_707_2_molten_echoes_ignores_a_creature_of_another_type():
    game = _echoes("Grizzly Bears", "Vampire Lacerator")
    assert len(on_battlefield(game, "Grizzly Bears")) == 1


def test_608_2h_molten_echoes_copies_the_creature_as_it_last_existed():
    """The Vampire is gone (Shocked in response) as the trigger resolves: the token
    is still a copy of it (its copiable values as it last existed)."""
    game = blank()
    game.add_permanent("Molten Echoes", 0)
    game.add_card("Vampire Lacerator", 0)
    game.add_card("Shock", 0)
    lands(game, 0, "Swamp", "Mountain")
    game.start_at("main1", 0)
    _choose_vampire(game)
    act(game, "cast hand 0 (Vampire Lacerator)")
    game.apply_action(A.PASS)
    game.apply_action(A.PASS)  # (it resolves; its trigger goes on the stack)
    assert game.stack and game.stack[-1].kind == "triggered"
    [lacerator] = on_battlefield(game, "Vampire Lacerator")
    act(game, "cast hand 0 (Shock)")
    target_perm(game, lacerator)
    settle(game)
    [token] = on_battlefield(game, "Vampire Lacerator")
    assert token != lacerator and game.card_token[game.battlefield[token].card]


# ------------------------------------ three graveyard targets, two of them at random
def _waltz():
    game = blank()
    game.add_card("Sinister Waltz", 0)
    lands(game, 0, "Swamp", "Swamp", "Mountain", "Mountain", "Mountain")
    chosen = [game.add_card(n, 0, "graveyard")
              for n in ("Grizzly Bears", "Vampire Lacerator", "Craw Wurm")]
    elves = game.add_card("Llanowar Elves", 0, "graveyard")
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Sinister Waltz)")
    for name in ("Grizzly Bears", "Vampire Lacerator", "Craw Wurm"):
        act(game, f"({name}")
    assert game.stack  # (three targets: cast)
    return game, chosen, elves


def test_sinister_waltz_returns_two_of_its_three_targets_at_random():
    """Two of the three target creature cards return to the battlefield (chosen with
    the game's generator), the third goes to the bottom of its owner's library; the
    untargeted card stays in the graveyard."""
    returned = set()
    for seed in range(6):
        game, chosen, elves = _waltz()
        game.dice = Dice(seed)
        settle(game)
        on = {game.name_of(p.card) for p in game.battlefield.values()
              if game.name_of(p.card) in ("Grizzly Bears", "Vampire Lacerator",
                                          "Craw Wurm")}
        assert len(on) == 2
        [bottom] = [c for c in chosen if game.name_of(c) not in on]
        assert game.library[0][0] == bottom
        assert game.graveyard[0] == [elves] + [c for c in game.graveyard[0]
                                                if game.name_of(c) == "Sinister Waltz"]
        returned.add(frozenset(on))
    assert len(returned) > 1  # (at random: not always the same two)


def test_608_2b_sinister_waltz_with_one_target_gone_returns_the_other_two():
    """One target left the graveyard before it resolves (an illegal target, 608.2b):
    the two legal ones both return, nothing goes to the library."""
    game, chosen, elves = _waltz()
    game.take_card(chosen[2], "graveyard")  # (exiled by some other effect)
    game.exile[0].append(chosen[2])
    library = list(game.library[0])
    settle(game)
    on = sorted(game.name_of(p.card) for p in game.battlefield.values()
                if game.name_of(p.card) in ("Grizzly Bears", "Vampire Lacerator"))
    assert on == ["Grizzly Bears", "Vampire Lacerator"]
    assert game.library[0] == library


# -------------------- 702.35a with 601.2d: the madness cost's X is the damage divided
def test_avacyns_judgment_cast_normally_divides_2_damage():
    """Cast for its mana cost: 2 damage divided among up to two targets (no third
    target: at least 1 each, 601.2d)."""
    game = blank()
    game.add_card("Avacyn's Judgment", 0)
    lands(game, 0, "Mountain", "Mountain")
    elves = [game.add_permanent("Llanowar Elves", 1) for _ in range(3)]
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Avacyn's Judgment)")
    target_perm(game, elves[0])
    target_perm(game, elves[1])
    assert game.legal_actions() == [A.DONE]  # (no third target: 2 damage)
    game.apply_action(A.DONE)
    settle(game)
    assert on_battlefield(game, "Llanowar Elves") == [elves[2]]


def test_avacyns_judgment_cast_for_madness_divides_x_damage():
    """Discarded and cast for its madness cost {X}{R} with X = 3: 3 damage divided
    among its targets (1 to a Grizzly Bears, 2 to the opponent; the Bears survive: a
    2/2 dealt 1)."""
    game = blank()
    judgment = game.add_card("Avacyn's Judgment", 0)
    game.add_card("Island", 0)
    lands(game, 0, "Mountain", "Mountain", "Mountain", "Mountain")
    bears = game.add_permanent("Grizzly Bears", 1)
    mind_rot_seat_0(game)
    for _ in range(10):
        if game.decision["kind"] == "yesno":
            break
        game.apply_action(A.PASS)
    assert game.decision["madness"] == judgment
    act(game, "cast Avacyn's Judgment for its madness cost")
    assert game.decision["kind"] == "x"
    game.apply_action(A.mode(game.decision["values"].index(3)))
    target_perm(game, bears)
    game.apply_action(A.player(1))  # (relative to player 0: player 1)
    game.apply_action(A.DONE)
    assert game.decision["kind"] == "divide"
    game.apply_action(A.mode(1))  # the extra damage to the second target, the player
    settle(game)
    assert game.battlefield[bears].damage == 1 and game.life[1] == 18


def test_it_after_an_optional_token_copy_is_refused():
    """"You may create a token that's a copy of that creature. Exile that token ...":
    declined, "it" would still name the trigger's creature, so the card stays refused
    (Mirror Mockery); the same copy without a "may" plays (Necroduality)."""
    from labyrinth_gym.envs.magic.engine.compiler import compiled_pool

    supported = compiled_pool().supported
    assert "Mirror Mockery" not in supported and "Necroduality" in supported


# ------------------- 205.1b, 702.6a: Blood tokens become Equipment with equip {2}
def test_arterial_alchemy_makes_blood_tokens_equipment():
    """Arterial Alchemy enters: a Blood token for its one opponent; Blood tokens its
    controller controls are Equipment with "equipped creature gets +2/+0" and equip
    {2} (and keep their own ability); equipped, Grizzly Bears is 4/2. Once the
    Alchemy is gone the token is no Equipment and becomes unattached (704.5p)."""
    game = blank()
    game.add_card("Arterial Alchemy", 0)
    game.add_card("Disenchant", 0)
    lands(game, 0, *["Mountain"] * 5, "Plains", "Plains")
    bears = game.add_permanent("Grizzly Bears", 0)
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Arterial Alchemy)")
    settle(game)
    [blood] = on_battlefield(game, "Blood Token")
    d = game.pdef(blood)
    assert "Equipment" in d.subtypes and "Blood" in d.subtypes
    assert len(d.activated) == 2  # (its own draw ability, and equip)
    equip = [a for a in names(game) if "Blood Token" in a and "ability 1" in a]
    assert len(equip) == 1, list(names(game))
    act(game, equip[0])
    target_perm(game, bears)
    settle(game)
    assert game.battlefield[blood].attached_to == bears
    assert game.chars(bears)[:2] == (4, 2)
    [alchemy] = on_battlefield(game, "Arterial Alchemy")
    act(game, "cast hand 0 (Disenchant)")
    target_perm(game, alchemy)
    settle(game)
    assert "Equipment" not in game.pdef(blood).subtypes
    assert game.battlefield[blood].attached_to is None
    assert game.chars(bears)[:2] == (2, 2)
