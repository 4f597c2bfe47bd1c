"""Templates grown for the published Commander precons (issue 30): lands that enter
tapped unless a card is revealed (614.1d), "exile target player's graveyard", "return a
land you control to its owner's hand" (the bounce lands); and changeling (702.73, built
alongside) as the precons' tribal cards use it. Each names real cards from the pool."""

from __future__ import annotations

from labyrinth_gym.envs.magic.engine import actions as A
from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.compiler import compiled_pool
from magic.positions import (
    act,
    blank,
    finish_blocks,
    has,
    lands,
    names,
    settle,
    to_blocks,
)

POOL = compiled_pool().supported


# ------------------------------------------------------------------ changeling
def test_changeling_cards_compile_with_every_creature_type():
    for name in ("Changeling Outcast", "Taurean Mauler", "Skeletal Changeling",
                 "Woodland Changeling", "Universal Automaton"):
        d = POOL[name]
        assert {"Goblin", "Elf", "Zombie", "Shapeshifter", "Merfolk"} <= set(d.subtypes)
        assert "Land" not in d.subtypes and "Equipment" not in d.subtypes


def test_702_73a_changeling_is_pumped_by_every_lord():
    game = blank()
    outcast = game.add_permanent("Changeling Outcast", 0)  # 1/1
    game.add_permanent("Goblin King", 0)                   # other Goblins +1/+1
    game.add_permanent("Lord of Atlantis", 0)              # other Merfolk +1/+1
    game.start_at("main1", 0)
    assert game.chars(outcast)[:2] == (3, 3)


def test_702_73a_changeling_is_every_creature_type_in_the_library_too():
    game = blank(library=0)
    card = game.add_card("Changeling Outcast", 0, "library")
    bears = game.add_card("Grizzly Bears", 0, "library")
    goblins = fx.Filter(subtypes=frozenset({"Goblin"}))
    assert game.card_matches(goblins, card) and not game.card_matches(goblins, bears)
    lands(game, 0, "Mountain", "Mountain", "Mountain")
    game.add_card("Goblin Matron", 0)  # search for a Goblin card, to the hand
    game.start_at("main1", 0)
    act(game, "Goblin Matron")
    settle(game)
    act(game, "yes")  # "you may search"
    assert not any("Grizzly Bears" in n for n in names(game))  # not a Goblin
    act(game, "find Changeling Outcast")
    assert card in game.hand[0]


# ------------------------------------------------------------------ reveal lands
def _play_land(hand: tuple[str, ...]) -> tuple:
    game = blank()
    for name in hand:
        game.add_card(name, 0)
    game.start_at("main1", 0)
    land = hand[0]
    act(game, land)
    town = next(pid for pid, perm in game.battlefield.items()
                if game.name_of(perm.card) == land)
    return game, game.battlefield[town]


def test_614_1d_reveal_land_enters_untapped_when_a_plains_or_island_is_revealed():
    game, town = _play_land(("Port Town", "Island"))
    assert not town.tapped
    island = game.hand[0][0]
    assert island in game.public_hand  # every player saw it
    assert [e["card"] for e in game.events if e["type"] == "reveal_from_hand"] == ["Island"]


def test_614_1d_reveal_land_enters_tapped_without_a_card_to_reveal():
    game, town = _play_land(("Port Town", "Swamp", "Grizzly Bears"))
    assert town.tapped
    assert not game.public_hand


def test_614_1d_a_tribal_reveal_land_gilt_leaf_palace_needs_an_elf_card():
    game, palace = _play_land(("Gilt-Leaf Palace", "Llanowar Elves"))
    assert not palace.tapped
    assert [e["card"] for e in game.events if e["type"] == "reveal_from_hand"] == [
        "Llanowar Elves"]
    game, palace = _play_land(("Gilt-Leaf Palace", "Grizzly Bears", "Forest"))
    assert palace.tapped and not game.public_hand


# ------------------------------------------------------------------ graveyards
def test_406_exile_target_players_graveyard_compiles():
    assert POOL["Tormod's Crypt"].activated[0].effect == fx.ExileGraveyard(
        fx.Target("player"))
    for name in ("Bojuka Bog", "Angel of Finality", "Agent of Erebos", "Jund Charm",
                 "Remorseful Cleric"):
        assert name in POOL


def test_406_tormods_crypt_exiles_every_card_of_the_target_players_graveyard():
    game = blank()
    for name in ("Grizzly Bears", "Lightning Bolt", "Island"):
        game.add_card(name, 1, "graveyard")
    mine = game.add_card("Shock", 0, "graveyard")
    game.add_permanent("Tormod's Crypt", 0)
    game.start_at("main1", 0)
    act(game, "Tormod's Crypt")
    act(game, "player 1")
    settle(game)
    assert not game.graveyard[1]
    assert sorted(game.name_of(c) for c in game.exile[1]) == [
        "Grizzly Bears", "Island", "Lightning Bolt"]
    # the activating player's own graveyard keeps its cards (and the sacrificed Crypt)
    assert sorted(game.name_of(c) for c in game.graveyard[0]) == ["Shock", "Tormod's Crypt"]
    assert mine in game.graveyard[0]


# ------------------------------------------------------------------ bounce lands
def test_return_a_land_you_control_compiles_as_a_choice_on_resolution():
    (trigger,) = POOL["Rakdos Carnarium"].triggered
    assert trigger.effect == fx.ReturnChosen(fx.Filter(types=frozenset({"Land"}),
                                                       controller="you"))
    for name in ("Azorius Chancery", "Dimir Aqueduct", "Gruul Turf", "Boros Garrison",
                 "Whitemane Lion", "Kor Skyfisher", "Emancipation Angel", "Time Wipe"):
        assert name in POOL, name


def _carnarium(*others: str):
    game = blank()
    mine = lands(game, 0, *others)
    game.add_card("Rakdos Carnarium", 0)
    game.start_at("main1", 0)
    act(game, "Rakdos Carnarium")
    settle(game)
    return game, mine


def test_608_2_bounce_land_returns_the_land_its_controller_chooses():
    game, (swamp, mountain) = _carnarium("Swamp", "Mountain")
    carnarium = next(pid for pid, perm in game.battlefield.items()
                     if game.name_of(perm.card) == "Rakdos Carnarium")
    assert game.battlefield[carnarium].tapped  # this land enters tapped
    # not a target: the choice is made on resolution, among every land of its controller
    assert game.decision["kind"] == "sacrifice" and game.decision["dest"] == "hand"
    assert sorted(n for n in names(game)) == sorted(
        f"return slot {game.battlefield[p].slot} ({game.name_of(game.battlefield[p].card)})"
        " to its owner's hand" for p in (swamp, mountain, carnarium))
    act(game, "(Swamp)")
    assert swamp not in game.battlefield and mountain in game.battlefield
    assert [game.name_of(c) for c in game.hand[0]] == ["Swamp"]
    assert carnarium in game.battlefield


def test_608_2_bounce_land_alone_returns_itself():
    game, _ = _carnarium()
    assert not game.battlefield
    assert [game.name_of(c) for c in game.hand[0]] == ["Rakdos Carnarium"]


def test_whitemane_lion_returns_one_of_several_creatures_of_its_controller():
    game = blank()
    bears = game.add_permanent("Grizzly Bears", 0)
    game.add_permanent("Grizzly Bears", 1)  # an opponent's is no option
    lands(game, 0, "Plains", "Plains")
    game.add_card("Whitemane Lion", 0)
    game.start_at("main1", 0)
    act(game, "Whitemane Lion")
    settle(game)
    lion = next(pid for pid, perm in game.battlefield.items()
                if game.name_of(perm.card) == "Whitemane Lion")
    assert set(game.decision["options"]) == {bears, lion}
    act(game, "(Grizzly Bears)")
    assert bears not in game.battlefield and lion in game.battlefield


# ------------------------------------------------------------------ counted amounts
def test_counted_amounts_compile_for_each_and_equal_to_the_number_of():
    creatures = fx.Filter(types=frozenset({"Creature"}), controller="you")
    assert POOL["Collective Unconscious"].spell.effect == fx.Draw(fx.Count(
        "permanents", creatures))
    assert POOL["Shamanic Revelation"].spell.effect.steps[1] == fx.GainLife(fx.Count(
        "permanents", fx.Filter(types=frozenset({"Creature"}), controller="you",
                                props=frozenset({"power>=4"})), times=4))
    assert POOL["Chain Reaction"].spell.effect.amount == fx.Count(
        "permanents", fx.Filter(types=frozenset({"Creature"})))
    for name in ("Champion of Dusk", "Inspired Sphinx", "Krenko, Mob Boss", "Stonefury",
                 "Mind Sludge", "Tendrils of Corruption", "Castle Locthwain"):
        assert name in POOL, name


def _cast(game, name: str, *land_names: str) -> None:
    lands(game, 0, *land_names)
    game.add_card(name, 0)
    game.start_at("main1", 0)
    act(game, name)
    settle(game)


def test_608_2h_draw_a_card_for_each_creature_you_control_counts_on_resolution():
    game = blank()
    for _ in range(3):
        game.add_permanent("Grizzly Bears", 0)
    game.add_permanent("Grizzly Bears", 1)  # not yours: not counted
    _cast(game, "Collective Unconscious", *["Forest"] * 6)
    assert len(game.hand[0]) == 3


def test_608_2h_where_x_is_the_number_of_creatures_on_the_battlefield():
    game = blank()
    giant = game.add_permanent("Hill Giant", 0)      # 3/3
    ogre = game.add_permanent("Gray Ogre", 1)        # 2/2
    golem = game.add_permanent("Bronze Sable", 1)    # 2/1 artifact creature
    _cast(game, "Chain Reaction", *["Mountain"] * 4)
    # three creatures as it resolved: 3 damage to each, all three die
    assert not {giant, ogre, golem} & set(game.battlefield)


def test_608_2h_times_n_and_itself_counted_once_it_is_on_the_battlefield():
    game = blank()
    game.add_permanent("Ornithopter", 0)
    game.add_permanent("Ornithopter", 0)
    _cast(game, "Filigree Angel", "Plains", "Plains", *["Island"] * 6)  # 3 life for each artifact you control
    assert game.life[0] == 20 + 3 * 3


def test_608_2h_draw_cards_equal_to_the_number_of_opponents_you_have():
    game = blank(players=3)
    _cast(game, "Inspired Sphinx", *["Island"] * 7)
    assert len(game.hand[0]) == 2


# ------------------------------------------------------------------ land searches
def test_701_23_up_to_two_basic_lands_that_share_a_land_type():
    game = blank(library=0)
    for name in ("Forest", "Island", "Forest", "Plains"):
        game.add_card(name, 0, "library")
    landscape = game.add_permanent("Myriad Landscape", 0)
    lands(game, 0, "Wastes", "Wastes")
    game.start_at("main1", 0)
    act(game, "Myriad Landscape")
    settle(game)
    assert {n for n in names(game) if n.startswith("find")} == {
        "find Forest", "find Island", "find Plains"}
    act(game, "find Forest")
    # the second must share a land type with the first: only the other Forest
    assert {n for n in names(game) if n.startswith("find")} == {"find Forest"}
    act(game, "find Forest")
    settle(game)
    forests = [p for p in game.battlefield.values() if game.name_of(p.card) == "Forest"]
    assert len(forests) == 2 and all(p.tapped for p in forests)
    assert landscape not in game.battlefield
    assert sorted(game.name_of(c) for c in game.library[0]) == ["Island", "Plains"]


# ------------------------------------------------------------------ tokens for another player
def test_beast_within_gives_the_destroyed_permanents_controller_a_beast():
    game = blank()
    ogre = game.add_permanent("Gray Ogre", 1)
    lands(game, 0, "Forest", "Forest", "Forest")
    game.add_card("Beast Within", 0)
    game.start_at("main1", 0)
    act(game, "Beast Within")
    act(game, "(Gray Ogre)")
    settle(game)
    assert ogre not in game.battlefield
    beasts = [p for p in game.battlefield.values() if game.name_of(p.card) == "Beast Token"]
    assert len(beasts) == 1 and beasts[0].controller == 1


# ------------------------------------------------------------------ last known information
def test_608_2h_swords_to_plowshares_gains_the_exiled_creatures_last_power():
    game = blank()
    giant = game.add_permanent("Hill Giant", 1)  # 3/3
    lands(game, 0, "Plains", "Forest")
    game.add_card("Swords to Plowshares", 0)
    game.add_card("Giant Growth", 0)
    game.start_at("main1", 0)
    act(game, "Giant Growth")
    act(game, "(Hill Giant)")
    settle(game)                     # a 6/6 until end of turn
    act(game, "Swords to Plowshares")
    act(game, "(Hill Giant)")
    settle(game)
    assert giant not in game.battlefield
    assert game.life[1] == 20 + 6 and game.life[0] == 20  # its controller, its last power


def test_608_2h_feed_the_swarm_loses_the_destroyed_permanents_mana_value():
    game = blank()
    game.add_permanent("Serra Angel", 1)  # mana value 5
    lands(game, 0, "Swamp", "Swamp")
    game.add_card("Feed the Swarm", 0)
    game.start_at("main1", 0)
    act(game, "Feed the Swarm")
    act(game, "(Serra Angel)")
    settle(game)
    assert game.life[0] == 20 - 5


# ------------------------------------------------------------------ counted pumps
def test_608_2h_a_counted_pump_is_counted_once_as_it_resolves():
    game = blank()
    bears = game.add_permanent("Grizzly Bears", 1)  # 2/2
    giant = game.add_permanent("Hill Giant", 1)     # 3/3
    _cast(game, "Defile", "Swamp", "Swamp")  # -1/-1 for each Swamp you control
    act(game, "(Grizzly Bears)")
    settle(game)
    assert bears not in game.battlefield  # -2/-2
    assert game.chars(giant)[:2] == (3, 3)


def test_608_2h_might_of_the_masses_counts_your_creatures():
    game = blank()
    mine = [game.add_permanent("Grizzly Bears", 0) for _ in range(3)]
    game.add_permanent("Grizzly Bears", 1)
    lands(game, 0, "Forest")
    game.add_card("Might of the Masses", 0)
    game.start_at("main1", 0)
    act(game, "Might of the Masses")
    act(game, f"slot {game.battlefield[mine[0]].slot} ")
    settle(game)
    assert game.chars(mine[0])[:2] == (5, 5)


def test_608_2h_condemn_reads_the_toughness_of_the_creature_it_put_on_the_bottom():
    game = blank()
    giant = game.add_permanent("Hill Giant", 0)  # 3/3, attacking seat 1
    game.add_card("Condemn", 1)
    lands(game, 1, "Plains")
    game.start_at("main1", 0)
    to_blocks(game, giant)
    finish_blocks(game)
    settle(game)
    while game.current_player() != 1 or not has(game, "Condemn"):
        game.apply_action(A.PASS)
    act(game, "Condemn")
    act(game, "(Hill Giant)")
    settle(game)
    assert giant not in game.battlefield
    assert game.name_of(game.library[0][0]) == "Hill Giant"  # its owner's library, bottom
    assert game.life[0] == 20 + 3  # its controller gains life equal to its toughness
