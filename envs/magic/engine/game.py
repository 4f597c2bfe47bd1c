"""The rules engine of Magic: The Gathering for 2-4 players (free-for-all).

Pure rules; no RL libraries. Cards are :class:`~effects.CardDef` values, normally
compiled from real cards (:func:`~compiler.compiled_pool`); a deck holding a card with
anything :func:`~resolve.unresolvable` names is refused at load, naming the card and
the parts. The action space is :mod:`~actions` (its docstring holds the table).

**The Comprehensive Rules, section by section** (played; *partly*: what is missing
follows; *not*: a card that needs it is refused, and ``cards coverage`` names it):

- 100-104 the game, starting, ending, conceding: played (103.5 London mulligan with the
  free first mulligan of 3+ players, 103.6 Leylines, 103.7 the first draw, 104.3a
  concede).
- 105-107 colours, mana, numbers: played (the mana pool, any-colour and commander
  identity mana, X without a cap in spells, permanents and activated abilities'
  costs, announced as the ability is activated: "{X}{R}{G}, {T}: target creature
  gets +X/+0"), mana with a spending restriction and its rider from "{T}: add one
  mana of ..." (106.6, 106.6a: Cavern of Souls, see "Restricted mana" below);
  *not*: snow mana, other restricted mana (a ritual's, two mana, "only to activate
  abilities"), X in mana abilities' costs.
- 108-113 cards, objects, permanents, tokens, spells, abilities: played (activated,
  triggered, static and mana abilities), emblems (114), copies of spells and
  abilities on the stack (707.10, see "Copies of spells and abilities" below).
- 115-117 targets, special actions, priority: played ("target player or
  planeswalker ... that player or that planeswalker's controller": the player the
  target names, or the planeswalker's controller, 115.1, also in a later target's
  filter, "up to one target creature that player or that planeswalker's controller
  controls", and an "each" group; "any other target", 115.3; "that creature's
  controller"; a target spell with qualities of its card, 115.1a: "target instant or
  sorcery spell", "target spell with mana value 2", "target blue spell", "target
  spell an opponent controls"; "target red or green creature", a disjunction of
  colours; "six target nonland permanents"; "target creature you control and all
  Auras you control attached to it", those Auras not targeted); changing a target (115.7: "change a
  target of target spell or ability to this", Spellskite: automated, the first
  target in the object's text order that the source can legally replace; its
  "becomes the target" abilities trigger).
- 118 costs: mana, tap, life, sacrifice, discard, tapping untapped permanents of
  yours ("tap two untapped artifacts you control", chosen one at a time with the crew
  decision; summoning-sick creatures too, 302.6), removing counters from this ("{T},
  remove a charge counter from this: ...", offered only while it has them, 122.8),
  "unless [a player] pays" (118.12:
  a spell's controller, or "<effect> unless you pay <cost>": the payer is asked only
  when they can pay, 118.3), payments on resolution ("you may pay {1}. if you do",
  608.2d: yes is offered only when the payment, discard or sacrifice is possible),
  cost increases and reductions (601.2f, a spell's own: affinity 702.41, "costs {1}
  less for each ... / if ..."); additional costs (118.8: kicker and
  multikicker, 702.33; buyback, 702.27) and alternative costs (118.9: flashback,
  702.34; overload, 702.96; "rather than pay this spell's mana cost", evoke 702.74,
  bestow 702.103), "return a land
  you control to its owner's hand" as a cost (Deprive, Daze), convoke (702.51), improvise (702.126: artifacts
  tapped for generic mana)
  and delve (702.66), dash (702.109a: haste, and back to its owner's hand at the
  next end step), see "Alternative and additional costs" below; *not*: other
  alternative costs with a condition.
- 119-122 life, damage, drawing, counters: played (the life each player lost this
  turn, 119.3: "for each player who lost life this turn"; an amount that is another
  "instead" if a condition holds as it resolves, 608.2h, with landfall's "if you had
  a land enter the battlefield under your control this turn": Searing Blaze; "each
  creature deals 1 damage to its controller": each the source, 120.3; "players can't
  gain life this turn", 119.7, and "damage can't be prevented this turn", 615.12,
  until the cleanup step; +1/+1, -1/-1, loyalty, poison;
  a player's counters, 122.1 (:class:`~effects.PlayerCounters`): energy ("you get
  {E}{E}", "you get that many {E}"; paid as a cost, "pay {E}{E}: ...", "{T}, pay {E}:
  add one mana of any color", and on resolution, "you may pay {E}. if you do",
  107.14: offered only to a player who has that many, 118.3; proliferate gives a
  player another of each kind they have, 701.27a; the observation's ``energy``) and
  poison ("each opponent gets a poison counter", 122.1e);
  rules about players from a permanent's static ability (:class:`~effects.
  PlayerRule`, checked while it is on the battlefield): "players / your opponents
  can't gain life" (119.7), "you have hexproof" (702.11d: no target of an opponent's
  spell or ability), "cards in graveyards can't be the targets of spells or
  abilities" (Ground Seal: no graveyard card is offered as a target, 115.1), "skip
  your draw step" (500.11, event ``skip_step``), "[during
  your turn,] your opponents can't cast spells" and "each player can't cast more than
  one spell each turn" (101.2: the cast actions are not offered), "activated
  abilities of creatures your opponents control / of artifacts can't be activated"
  (602.5a: mana abilities too, so those permanents pay no mana; Grand Abolisher's
  "or activate abilities of artifacts, creatures, or enchantments");
  the monarch (724: "you become the monarch", :class:`~effects.BecomeMonarch`; one
  monarch at a time; its two triggered abilities, 724.2, use the stack, controlled
  by the monarch / by the creature's controller, the designation their source:
  the monarch draws at the beginning of their end step, combat damage to the monarch
  makes that creature's controller the monarch; 724.4: a monarch leaving the game
  passes it to the active player, or the next in turn order; "if you're the
  monarch", "if an opponent is the monarch"; event ``monarch``; the observation's
  ``monarch``); *not*: the initiative (725), dungeons (309), the Ring (701.52),
  "you can't become the monarch this turn";
  mana linked to a Commander rule: "when that mana is spent to cast a creature spell
  that shares a creature type with your commander, scry 1" (607.2, 903.3: Path of
  Ancestry; trigger event ``mana_spent``, for the automatic payment of a spell; no
  commander outside a Commander game, so it never triggers there), "if you control
  your commander" (lieutenant, 903.3); "add one mana of any type that a land you
  control could produce" (106.7: Reflecting Pool; colourless too, not from other
  abilities that look at lands); riders linked to mana spent to cast a commander
  (607.2, 903.8: Opal Palace's "it enters with a number of additional +1/+1
  counters ... equal to the number of times it's been cast from the command zone",
  :class:`~effects.CommanderManaCounters`, and Study Hall's "when you spend this
  mana to cast your commander, scry x": the coloured mana of such a land is
  remembered in the pool, ``linked_mana``, and spent before the pool's other mana
  of its colour, automated; from an automatic payment, the land's coloured mana),
  modal spells whose caster may choose both while controlling a commander (700.2,
  :attr:`~effects.Choose.commander_max`); commander permanents in filters (903.3:
  "commander creatures you control get +2/+2 and have haste", "commanders you control
  have hexproof", "target noncommander creature": the filter props ``commander`` /
  ``noncommander``), "if you control a commander" and an amount's "... to that player
  unless they control a commander" (anyone's commander, asked of the player the
  effect acts on); *not*: other spending restrictions ("spend this mana only to cast a Dragon creature
  spell" with a subtype);
  "put a loyalty counter on this"; counters of a kind with no rules of its own,
  :func:`~effects.plain_counter`: charge, quest..., put, entered with, removed as a
  cost and counted, "this enters tapped with two charge counters on it");
  age, time, fade and stun counters (see "Keywords about the turn's steps");
  counters moved (122.5, :class:`~effects.MoveCounters`: graft), doubled (701.10e:
  Kalonian Hydra), removed by an effect (122.8: "remove all counters from target
  permanent"); "whenever a +1/+1 counter is put on this" once for each counter, "one or
  more +1/+1 counters" once (122.6: entering with counters too); shield counters
  (122.1c: damage or destruction removes one instead; automated: used before a
  regeneration shield, and after prevention); *partly*: other counter kinds
  (finality...: :data:`~effects.RULED_COUNTERS`).
- 200-209 parts of a card: played (devoid 702.114 and changeling 702.73 as the
  characteristic-defining abilities they are; 205.4e legendary instants and
  sorceries need a legendary creature or planeswalker); colour indicators (204) of
  back faces, which the card data lacks, from the engine's
  ``data/colour_indicators.txt``.
- 300-315 card types: artifacts, creatures, enchantments (Auras, Equipment; Auras
  with "enchant player", 303.4: the player targeted as it is cast, its
  ``attached_to`` that player's code, to its owner's graveyard once that player has
  left the game, 704.5m; "creatures enchanted player controls get -1/-1",
  "at the beginning of enchanted player's upkeep" with "that player", "whenever a
  creature attacks enchanted player" (not a planeswalker of theirs);
  *not*: their other triggers, "enchanted player can't ..."), instants,
  lands, sorceries, planeswalkers (those whose abilities compile), Kindred (308);
  Sagas (714), Vehicles (301.7, crew 702.122: the creatures tapped are chosen one at a
  time, a ``cost_crew`` decision, until their power reaches N); *not*: battles.
- 400-408 zones: library, hand (402.2: "no maximum hand size"), battlefield,
  graveyard, stack, exile (and Mazerunner's
  command zone); casting from a graveyard with flashback or a card's own permission
  ("you may cast this from your graveyard as long as ..."), playing lands and casting
  spells from the top of a library, the top card revealed or looked at (401.5),
  playing cards exiled face up by "exile the top card of your library. you may play
  that card this turn" and "cards exiled with this" (:mod:`~elsewhere`); cards in
  graveyards as objects and targets (400.7, :mod:`~linked`); a card exiled face down
  by hideaway (702.75a, 406.3: :attr:`MagicGame.face_down_exile`; ``observation_for``
  names it ``"face-down card"`` to every seat but its owner, its ``found`` event is
  its owner's, and :meth:`MagicGame.determinize` resamples it for the other seats
  among its owner's unseen cards), played for free by the linked ability "you may
  play the exiled card without paying its mana cost if <condition>"
  (:class:`~effects.PlayFree`: a ``yesno`` decision with ``play_free``; a land only
  on its controller's turn with a land play left, a spell cast from exile at once;
  conditions "you attacked with three or more creatures this turn", "creatures you
  control have total power 10 or greater", "an opponent was dealt 7 or more damage
  this turn", "each player has no cards in hand"); suspend (702.62: the special
  action from the hand, time counters in exile, its two triggered abilities, the
  cast from exile free, haste for a creature; :mod:`~elsewhere`); foretell
  (702.143a: the special action of the "activate hand slot" action during its
  owner's turn for {2}, 116.2h, the card exiled face down and shown to its owner
  only as hideaway's, then cast from exile on a later turn for its foretell cost
  through a "cast graveyard slot" action; :attr:`MagicGame.foretold`); "whenever you
  cast a spell from anywhere other than your hand" (601.2a: a graveyard, exile, a
  library, the command zone); a card with
  no mana cost is cast only for an alternative cost or free (118.6); *not*:
  permissions to cast without paying the mana cost
  other than hideaway's, cascade's, rebound's and suspend's, or with mana of any
  type.
- 500-514 turn structure: played (first-strike step, cleanup priority, 514.3a; extra
  turns, 500.7, the most recently created first).
- 601-608 casting, activating, triggers (603: the common events, "whenever you
  sacrifice" 701.21a, delayed 603.7, state triggers 603.8: "when this has two or
  fewer loyalty counters on him", checked whenever a player would get priority, not
  again while the ability is pending or on the stack),
  statics, mana abilities, loyalty abilities (606: +N, -N, 0 and -X, X announced up
  to the loyalty it has; one a turn at sorcery speed), resolving, linked abilities (607.2a:
  "the exiled card", :mod:`~linked`), reflexive triggers after an optional action
  (603.12: "you may sacrifice an artifact. when you do, ..."), a spell card put into
  its library or exile as it finishes resolving (608.2n: "shuffle this into its
  owner's library", "exile this"), a step that happens only if a condition of its
  controller holds as it resolves (608.2c: "if you control three or more artifacts,
  exile that creature"; an Ordeal's "then if it has three or more +1/+1 counters on
  it, sacrifice this", of the trigger's object; a triggered ability's whole effect
  so guarded is an intervening if, 603.4, checked as it would trigger and again as it resolves):
  played.
- 610-616 effects: one-shot, until end of turn, "for as long as", "exile ... until
  this leaves the battlefield" (610.3, :mod:`~linked`); layers (613,
  :mod:`~layers`): 1 (copy effects), 2 (control), 4-7b (until end of turn and from
  static abilities; "this becomes a kithkin spirit with base power and toughness
  2/2" with no duration lasts while it stays, 611.2c, its "if this is a spirit"
  checked on resolution; "loses all creature types", 205.3), 7c, in timestamp order
  with dependencies (613.8); replacement
  (614: enters tapped or with counters or as a copy, "exile it instead") and
  prevention (615), their order (616.1) where it matters; *not*: layer 3
  (text-changing effects: no supported card has one), 7d (switching power and
  toughness), damage redirection.
- 700-702 keyword actions and abilities: those of :data:`~effects.KEYWORDS` and
  :mod:`~keywords`, ward, regenerate, search, scry, surveil, shuffle, reveal, mill,
  manifest, manifest dread, devour, kicker, multikicker, flashback, jump-start,
  retrace, unearth, scavenge, rebound, embalm, eternalize (:mod:`~graveyard`),
  overload,
  evoke, convoke, delve, affinity,
  proliferate (701.27a: a ``proliferate`` decision, permanents and players with
  counters chosen one at a time, then "done"),
  monstrosity (701.37), adapt (701.46), support (701.41), bloodthirst (702.54: "if an
  opponent was dealt damage this turn", damage to a player recorded for the turn),
  modular (702.43: its dies trigger counts the counters the creature had as it last
  existed), graft (702.58), outlast (702.107), renown (702.112: "renowned", "when
  this becomes renowned"), riot (702.136: a ``yesno`` decision with ``"riot"`` as its
  spell resolves, yes for the counter, no for haste; entering another way, automated:
  the counter), exploit (702.110: "you may sacrifice a creature", then its "when this
  exploits a creature" triggers if it was on the battlefield as the creature was
  sacrificed), amass (701.44: automated, the oldest Army is chosen), sunburst (702.44)
  and converge (the colours of mana spent to cast it, 601.2h; automated: generic
  mana from a source of several colours is a colour not spent yet), bolster (701.39:
  automated among the creatures tied for the least toughness, the greatest power then
  the oldest), fabricate (702.123: a ``yesno`` decision with ``"fabricate"`` as it
  resolves, yes for the counters; its permanent gone, the Servos), ascend and the
  city's blessing (702.131: a permanent's checked with the state-based actions, an
  instant's or sorcery's as it resolves; "if you have the city's blessing"), fight (701.14: "target creature you control
  fights another target creature", the first target chosen for the fight only;
  "another target" differs from the other targets, 115.3), shadow, horsemanship,
  toxic, bushido, crew, decayed (702.147a: it can't block; when it attacks it is
  sacrificed at end of combat; on tokens "with decayed" and a card's own keyword line;
  "if it didn't have decayed" of a dies trigger looks back at the dying creature),
  cascade (702.85a); untap
  restrictions (502.3; "that creature doesn't untap during its controller's untap
  step for as long as you control this", 611.2b) and "can't block / be blocked this
  turn"; protection from spells that are one or more colors (702.16: targeting by
  and damage from a coloured spell, not its permanent's abilities: the pseudo card
  type :data:`~keywords.SPELL` of a spell's qualities); the combat keywords that are
  triggered abilities (on a card's own keyword line: annihilator 702.86, afflict
  702.130, rampage 702.23, flanking 702.25, dethrone 702.105, mentor 702.134,
  training 702.149, melee 702.121, provoke 702.39; see
  :func:`~keywords.combat_keyword_triggers`), storm (702.40a: a "when you cast this
  spell" trigger copying it once for each spell any player cast before it this turn,
  counted as it is cast); *not*: banding and the rest (each refused by name).
- 703-704 turn-based and state-based actions: played (704.5j the controller keeps a
  legend of its choice; 704.5m-n Auras and Equipment falling off a permanent with
  protection from them).
- 706 dice: "roll a d20." with its results table ("1—9 | <effect>": the row of
  the total happens; the rows choose no targets), rolled with the game's dice (event
  ``roll``), a roll with no table and an amount "equal to the result" after it
  ("create a number of Treasure tokens equal to the result", "draw cards ...",
  "gain life ..."), and "whenever you roll one or more dice" (once per roll); *not*:
  "roll ... and add", "ignore the lower roll", rerolls, "if you roll a 1".
- 705 flipping a coin: "[<effect>, then ]flip a coin. if you win the flip, <effect>.
  [if you lose the flip, <effect>.]" (:class:`~effects.FlipCoin`: the game's dice,
  an even chance, event ``coin_flip``; targets in either branch chosen as it is put
  on the stack, 601.2c; "return this to its owner's hand" as a spell's won flip,
  608.2n); *not*: "each player flips a coin", flipping until a loss, "whenever you
  win a coin flip", Krark's Thumb.
- 706-716 copies, face-down, split, flip, double-faced, adventurer cards,
  sagas, classes: *not*, but 707 for permanents ("enter as a copy", token copies)
  and for instant and sorcery spells and abilities on the stack (707.10),
  708 for face-down permanents (manifest, cloak, morph, megamorph, disguise: see
  "Face-down permanents" below), 711 levelers (level up 702.87a; the level band the
  level counters put it in gives its base power and toughness and abilities, 711.2b,
  :class:`~effects.LevelBand`; automated: the band applies first, before the other
  layer effects, :mod:`~layers`), 716 Classes (a Class enters at level 1; "{cost}:
  Level N" one level at a time as a sorcery, 716.2a; the abilities of every level
  reached, 716.2b; "when this Class becomes level N", 716.2c; event ``class_level``),
  712 for transforming double-faced cards (701.28;
  see "Double-faced cards" below) and 714 Sagas (chapter abilities, lore counters as
  a Saga enters and as its controller's precombat main phase begins, the sacrifice
  after the final chapter has left the stack; *not*: read ahead); split, adventurer
  and modal double-faced cards are refused because the card data holds only their
  first face.
- 800 multiplayer free-for-all: played (800.4 a player leaving); 903 Commander: in
  Mazerunner's pods.

**What is played.** Turn structure (untap, upkeep, draw, two main phases, combat with
beginning / declare attackers / declare blockers / first-strike damage (only when a
creature in combat has first or double strike; who struck then is recorded and the
regular step follows that record, 702.7c) / combat damage / end of combat, end step,
cleanup); one land a turn; priority and the stack; sorcery-speed and instant
speed (instants, flash) casting of creatures, artifacts, enchantments (Auras target
what they will enchant), instants and sorceries, with ``{X}`` in any spell's cost,
permanents' included (announced first, 601.2b: no cap, but one action per value of a
table of at most eight: every value up to the largest payable when that is at most 7,
else 0-3 and the four largest payable values; a permanent keeps the X of the spell it
was for "enters with X +1/+1 counters", 107.3m, and has X 0 when it enters another
way); "this enters with N (or X) +1/+1 / -1/-1 counters" (614.1c,
:class:`~effects.EntersWithCounters`; an amount counted immediately before it enters,
614.12: "where X is the greatest power among other creatures you control", "for each
creature card in your graveyard"); cost increases and reductions of spells
(601.2f, :class:`~effects.CostChange`: "noncreature spells cost {1} more", "instant
and sorcery spells you cast cost {1} less", "spells your opponents cast cost {1}
more"; increases first, a reduction takes generic mana only, the commander tax is
added before them); activated abilities from the battlefield ("activate
only as a sorcery", "only once each turn", and 602.5b's "activate only if you control
five or more lands / an opponent controls four or more lands / there are seven or
more cards in your graveyard / you have no cards in hand", "only during your turn
[, before attackers are declared]", "only during your upkeep", "only during
the end of combat step" (any player's):
:class:`~effects.ActivationCondition`; a mana ability with such a condition is
activated by its player, not tapped automatically) and from the hand (cycling,
typecycling 702.29e: "basic landcycling {1}", "swampcycling {2}", a search for a
card of that type revealed into the hand; "when you cycle this", 702.29c, triggers
from the graveyard the card was cycled into; channel); mana
(rule 106): each player's mana pool, emptied at the end of each step and phase (the
``mana_empties`` event; "until end of turn, you don't lose this mana as steps and
phases end" keeps that mana until the cleanup step ends, :class:`~effects.KeepMana`;
*automated*: a payment spends the pool's other mana first), spent first when a cost
is paid; rituals (a spell or ability
that adds mana puts it in the pool); simple mana abilities are tapped automatically
(see :mod:`~payment`), every other mana ability (Signets' and filter lands' ``{1},
{T}: add {W}{U}``, "sacrifice a creature: add {C}{C}", "add three mana of any one
colour", "{2}: add one mana of any colour") is activated by its player with the
"activate" action and resolves at once without the stack (605.3), the player choosing
a colour (a ``colour`` decision) or a bundle (a mode) as the mana is added; "any
colour in your commander's colour identity" (none outside a Commander game, 903.4f)
and "any colour a land an opponent controls could produce"; costs of mana, ``{T}``, life,
sacrificing this or a chosen permanent, discarding this or chosen cards; triggered
abilities (rule 603) on entering, dying, leaving the battlefield (603.10a: they look
back), attacking (alone), "whenever you attack", blocking, becoming blocked,
attacking unblocked, dealing damage (combat or not, to a player, an opponent or a
creature) and being dealt damage, a player gaining or losing life, drawing or
discarding a card, a spell being cast (by whom and of which card types; the trigger
goes on the stack above the spell, 603.2), the beginning of upkeep, draw step, main
phases, combat and end step; their subject is the permanent itself, the one its
Equipment or Aura is attached to, or a filter ("this or another Ally you control");
"that much" and "that player" name the event's amount and player; "whenever you draw your
second (third, fifth) card each turn" and "an opponent draws their second card" (121.2,
checked as it triggers); "target creature defending player controls" in an attack
trigger (506.2: only the defending player's permanents); "this ability triggers
only once each turn" (counted per object and turn, part of the saved state); an intervening "if" about
the ability's controller on any trigger (603.4, checked as it triggers and as it
resolves: Domestication's "if enchanted creature's power is 4 or greater", raid's
"if you attacked this turn", "if you control ...", "if you have 5
or less life", "if you control no artifacts" (Glimmervoid), "if you have less life
than an opponent", "if an opponent controls more lands than you"; the same conditions
guard a spell's steps, 608.2c: Timely Reinforcements); two conditions of one ability ("at the beginning of your upkeep and
whenever you cast a red spell"); cast triggers on a spell's colours ("whenever an
opponent casts a multicolored spell"), on its creature type ("whenever you cast a Zombie
spell", 205.3m: a creature or kindred spell of that type) and on a spell cast from a graveyard (Ash
Zealot: one cast with flashback); battalion ("whenever this and at least two other
creatures attack"); extort (702.101a: "you may pay {W/B}" as each spell of yours is
cast; a second instance on one permanent is not told apart); "when that creature
dies this turn, ..." (603.7c, a delayed trigger on the creature an earlier step
named, gone when the turn ends: Searing Blood); becoming the
target of a spell or ability (of an opponent's: ward {N}, ward—pay N life,
ward—discard a card [at random] and those joined by commas, 702.21a, counter that
spell or ability unless its controller pays, a card to discard chosen by them after
a yes; of a spell: "when
this becomes the target of a spell, sacrifice it"); "when you sacrifice this" (an
Ordeal's, 701.21a, looking back, 603.10a); heroic's "whenever you cast a
spell that targets this [/ enchanted / equipped creature]" (603.2: a spell its
controller casts, once per spell, the trigger above it; not an ability, not a
target changed later, 115.7). "Counter target
spell unless its controller pays {N}" (118.12): that player is asked yes/no when
they can pay (not asked, and countered, when they cannot; a seat that pays no mana,
the automated Labyrinth, never pays); its ``{X}`` is the X announced for the
counterspell (Syncopate). A counterspell's replacement for the countered card
(614.1a: "if that spell is countered this way, exile it instead" / "put it into its
owner's hand" / "on top of" or "on the bottom of its owner's library"; event
``countered`` with ``to``). "Counter target activated or triggered ability"
(701.6b, Stifle; target kinds ``ability``, ``activated_ability``,
``triggered_ability``, ``spell_or_ability``: 115.1b-c, a mana ability never on the
stack): it leaves the stack (event ``countered`` with ``ability``). Counterbalance's
"whenever an opponent casts a spell, you may reveal the top card of your library. if
you do, counter that spell if it has the same mana value as the revealed card"
(:attr:`~effects.RevealTop.same_mana_value`; 202.3e, an X announced counts). "Whenever a
player casts a spell with mana value 3 or less" (Eidolon of the Great Revel; the X
announced counts, 202.3e); "if it's your turn"; "if a graveyard has twenty or more
cards in it" (any player's). Amounts that
change "instead if" a condition holds as
the effect resolves (608.2h, :class:`~effects.IfAmount`: morbid's "if a creature
died this turn", with the game's count of the creatures that died this turn;
"if this was kicked" and "if this was cast from a graveyard" (flashback too), of the
resolving spell (Conqueror's Pledge, Increasing Savagery);
metalcraft's "if you control three or more artifacts"; "if you have no cards in
hand"; "if there are seven or more cards in your graveyard"). "Target <permanent> and all
other <permanents> with the same name as that <permanent>" (``Target.same_name``: the
others are not targets, counted as the effect resolves; a face-down permanent has no
name, 708.2) and "not named <this>"; "permanents you control gain <keyword> until end
of turn". "<Player> sacrifices a creature of their choice, then gains life equal to
that creature's toughness" (the sacrificed creature as it last existed, 608.2h:
``StatOf(..., "sacrificed")``). Costs that exile cards from their payer's
graveyard ("exile a creature card / two cards from your graveyard", 118.3: an
ability is offered only when the graveyard holds enough; event ``cost_exiled``). A
search for a card "with mana value x or less" (X as announced: Green Sun's Zenith).
Damage "divided as you choose among one, two, or three / one or two / any number of
targets" (601.2d, ``DealDamage.divided``): at least one target and no more targets
than damage; once the targets are chosen each has 1 (a single target all of it) and
its controller gives the rest one point at a time (a ``divide`` decision, "choose
mode i": one more to the i-th target, named "1 more damage to ..."; the observation
has no flag of its own for it); on resolution a target that became illegal is dealt
nothing and the others their share (608.2b). "You may play an additional land this
turn" (305.2, :class:`~effects.AdditionalLand`: Explore; event ``additional_land``;
the observation's ``land_played`` flag is then clear until that land is played);
"you may play an additional land on each of your turns" (:class:`~effects.
ExtraLandEachTurn`, :mod:`~elsewhere`).

Cards played from outside the hand (:mod:`~elsewhere`, whose docstring is the
detail; rules 305.1, 601.3): the "cast graveyard slot" actions address every card a
player may play or cast from outside its hand: flashback (below), a permanent card's
"you may cast this from your graveyard [as long as you control a zombie]"
(:class:`~effects.CastFromGraveyard`), "you may play lands [and cast <quality>
spells] from the top of your library" (:class:`~effects.PlayFromTop`); "exile the
top [N] cards of your library" / "<player> exiles the top card of their library"
(:class:`~effects.ExileTop`, face up, event ``exiled_top``) then "you may play that
card this turn / until the end of your next turn / for as long as it remains exiled"
(:class:`~effects.MayPlay`, event ``may_play``; the permission ends at that cleanup
step, 514.2, or as the card leaves exile, 400.7); "you may play lands and cast
spells from among cards exiled with this" (:class:`~effects.PlayExiled`, 607.2a:
Nightveil Specter, while it is on the battlefield); events ``play_land`` and
``cast`` say ``from``. "Play with the top card of your library
revealed" (:class:`~effects.TopRevealed`) and "you may look at the top card of your
library any time" (:class:`~effects.MayLookAtTop`): ``observation_for``'s
``library_tops``; the encoding shows a player its own top card when it may play it
(its graveyard-slot row), not an opponent's revealed top card.
Abilities that work from a graveyard (:mod:`~graveyard`, whose docstring is the
detail; 113.6m): an ability whose effect returns its own card from its owner's
graveyard ("return this from your graveyard to your hand / to the battlefield
[tapped]", :class:`~effects.MoveCards` of ``Ref("this_card")``) functions only
there. Activated ones ("{1}{b}: return this from your graveyard to the battlefield
tapped", Reassembling Skeleton; unearth, 702.84a: "return this to the battlefield;
it gains haste; exile it at the next end step; exiled instead if it would leave")
are graveyard slots of the "cast graveyard slot" action (how ``ability:<index>``),
activated by the card's owner with their timing, conditions and costs (602.2;
"exile this from your graveyard" as a cost, :attr:`~effects.Cost.exile_self`:
scavenge 702.97a, "put +1/+1 counters equal to the power of the card you exiled";
embalm 702.128a and eternalize 702.129a, a token copy of the exiled card, white /
a 4/4 black Zombie with no mana cost, :class:`~effects.CopyExtras`); triggered
ones (another permanent entering, a spell cast, a player event, the beginning of a
step: Bloodghast's landfall, the Eidolons' "whenever you cast a
multicolored spell", Squee's upkeep, Chandra's Phoenix's "whenever an opponent is
dealt damage by a red instant or sorcery spell you control or by a red planeswalker
you control", trigger event ``opponent_damaged_by``) trigger from the graveyard,
controlled by its owner (108.4a); "this" is the card only while it is the object
it was there as the ability triggered or was activated (400.7:
:attr:`~state.StackItem.grave`), indexed per game by event so that a game without such cards pays one
set look-up per event; *not*: statics that work from a graveyard (Anger), dies and
combat triggers from there, an Aura returned to the battlefield (303.4f),
hideaway, foretell. Jump-start (702.133a: its mana cost and a discard, exiled after)
and retrace (702.81a: its mana cost and a land card discarded, back to the graveyard
after) are cast from the graveyard like flashback (:class:`~effects.Flashback`'s
``keyword``). Rebound (702.88a): a rebound spell cast from its owner's hand is exiled
as it resolves (event ``rebound``); at its controller's next upkeep a delayed
triggered ability asks (a ``yesno`` decision with ``"rebound"``) whether to cast it
from exile without paying its mana cost; cascade's and rebound's casts are from
exile.
Delayed triggered abilities (603.7): a
resolving effect "<effect> at the beginning of the next end step / at end of combat /
at the beginning of your next upkeep" creates one, controlled by that effect's
controller, which triggers once at the next such moment (its "it" is what the effect
named when it was created; it chooses no target). Triggered
abilities are indexed by event once per change of the battlefield, so an event
nobody waits for costs one look-up; static abilities
(:class:`~effects.Anthem`, :class:`~effects.AttachedBonus`,
:class:`~effects.EntersTapped`, :class:`~effects.CombatRestriction`); tokens (with
their abilities: a Treasure pays mana and is sacrificed); the keywords of
:data:`~effects.KEYWORDS` and of :mod:`~keywords` (shroud, landwalk, intimidate, fear,
skulk, protection from a colour / a card type / everything, infect with poison
counters, wither, prowess, exalted); control-changing effects (layer 2, :mod:`~control`:
"gain control of ..." until end of turn, for as long as its source remains, or lasting;
"You control enchanted creature"; timestamp order; a creature that changes control is
summoning sick and leaves combat); until-end-of-turn characteristic changes
(:class:`~effects.Becomes`, layers 4-7b: a land that becomes a creature and is still a
land, "loses all abilities", a new base power and toughness under counters and pumps,
new colours and creature types, and the abilities in quotation marks it gains, 113.1:
Raging Ravine's "whenever this attacks, put a +1/+1 counter on it.", read as a line of
a permanent); the layers of rule 613 (:mod:`~layers`, whose
docstring is the detail): copy effects (layer 1, 707: "you may have this enter as a copy
of any creature on the battlefield[, except ...]" as a ``copy`` decision while the spell
resolves, "create a token that's a copy of target creature you control, except it has
haste", "if this spell was kicked, create five of those tokens instead" (Rite of
Replication); the copiable values are the printed ones plus other copy effects and the
exceptions, 707.2, 707.9b: Progenitor Mimic's copies and their token copies have its
"at the beginning of your upkeep, if this creature isn't a token, create a token
that's a copy of this creature", an intervening if, 603.4), static type, ability and base power/toughness changes
(:class:`~effects.ContinuousChange`: "each land is a Swamp in addition to its other land
types", "nonbasic lands are Mountains" with 305.7's loss of rules-text abilities, "all
creatures lose all abilities and have base power and toughness 1/1", an Aura's or
Equipment's "enchanted land / equipped creature has "<ability>"", 113.1, the
ability the permanent's own while it is attached; "equipped creature gets +0/+1 and has "sacrifice this
creature: this creature deals 1 damage to any target."" (Mortarpod: the bonus and the
quoted ability together); an Aura's or Equipment's type
change of its permanent: "enchanted land is an Island" (305.7: its other land types
and their mana abilities go), "enchanted creature gets +4/+4, has flying and first
strike, and is an Angel in addition to its other types" (205.1b), "enchanted creature
loses all abilities [and is a blue Frog creature] with base power and toughness 1/1"
(205.1a: its other card and creature types go), Darksteel Mutation's "is an Insect
artifact creature with base power and toughness 0/1 and has indestructible, and it
loses all other abilities, card types, and creature types", Lignify's "is a Treefolk
with base power and toughness 0/4 and loses all abilities": the shape of a
:class:`~effects.Becomes` from a static, ``ContinuousChange.becomes``), with the
until-end-of-turn ones in one timestamp order per layer (613.7) and the dependency rule
(613.8: Blood Moon applies before Urborg, whose effect then no longer exists); layer 3
(text-changing effects) is not played: no supported card needs it; emblems (114: "you
get an emblem with <anthem>" or with one or two triggered abilities: of a step, "at the
beginning of each opponent's upkeep / your end step", or of an event, "whenever you
cast a creature spell", "whenever a creature you control enters", "whenever you gain
life", "whenever a card is put into your graveyard from anywhere, you may return it to
your hand" (114.4: they trigger from the command zone, controlled by the emblem's owner, the
emblem their source), or with "you have no maximum hand size" (402.2), in the command zone, owned by their player, listed in
``observation_for``'s ``emblems``; "that player" of a step trigger of each player /
each opponent is the player whose step it is); temporary triggered abilities (611.2a,
603.1, :class:`~effects.TemporaryTrigger`: "until your next turn, whenever a creature
an opponent controls attacks, it gets -1/-0 until end of turn", "until end of turn,
whenever a creature you control deals combat damage to a player, put a loyalty counter
on this"): they belong to no object and trigger like an emblem's, controlled by the
resolving ability's controller, "this" in them the ability's source even after it has
left; they end as their controller's next turn begins (or in the cleanup step, 514.2;
those of a player who left the game end, 800.4a), listed in ``observation_for``'s
``temporary_abilities``; the events such abilities of no object wait for are the steps,
the players' events, a permanent entering, dying, leaving, becoming tapped or being
sacrificed, attacking, a spell being cast, damage dealt by a permanent, and "whenever a
creature deals combat damage to this" (Vraska the Unseen: ``it`` is that creature); an
effect making a player lose the game (104.3e: "that player loses the game",
:class:`~effects.LoseGame`, applied with the state-based actions right after it, log
reason ``effect``); monstrosity (701.37: "monstrosity N", "when this
becomes monstrous"; monstrosity X, whose trigger's X is that X, 701.37c: Polukranos,
World Eater); "sacrifice it / this" (701.21); "as this enters, choose a color /
a creature type" (:class:`~effects.ChooseAsEnters`: a ``choose`` decision asked as soon
as it has entered and the spell or ability that put it there has finished resolving,
before state-based actions and triggers; a creature type is one of the 8 most common
among the chooser's own cards and the permanents on the battlefield, an automated
narrowing to the mode actions; "a color other than white", "this enters tapped. as
it enters, choose a color": the Thriving lands, "{T}: add {W} or one mana of the
chosen color"; "choose a player" / "an opponent", answered with the player actions,
and "this has protection from the chosen player", 702.16: no target, block, damage
or attachment from what that player controls; "choose khans or dragons", each
Siege ability triggering only for its word; the choice is public, ``chosen`` in
``observation_for``'s battlefield, event ``chosen`` with ``what``) read by
"creatures [you control] of the chosen type / color get +N/+N [and have ...]" and
"add one mana of the chosen color"; a spell's "choose a color. <creatures> gain
protection from the chosen color until end of turn" (Brave the Elements: chosen as
it resolves, like "the color of your choice") (*not* yet:
"this is the chosen type", spells or names of the chosen type other than Cavern of
Souls's spending restriction); filters by colour, type, supertype, a negated subtype
("target non-Angel creature you control"; the creature types are 205.3m's list as the
card data package ships it, with the pool's, so a manland's "Phyrexian Blinkmoth" is
read), "attacking or blocking", and mana value / power / toughness compared; state-based actions (ten poison
counters lose, 704.5c); the London mulligan.
"You may discard all the cards in your hand. if you do, draw that many cards"
(701.9a, Forgotten Creation: the whole hand, one card at a time, then the cards
discarded this way drawn).
"Whenever a land enchanted player controls enters" (303.4: a Curse's trigger on the
permanents of the player it enchants: Curse of the Restless Dead).
"Choose a creature type." as a spell resolves (608.2d, :class:`~effects.ChooseType`:
the same ``choose`` decision, ``resolving``), then the one counted or grouped filter
"of that type" of the next sentence (Distant Melody, Outbreak, Luminescent Rain).

Restricted mana (106.6): other restricted mana (a ritual's, a mana ability activated by
its player, a Powerstone's) goes to the pool, which keeps each mana's restriction
(``restricted_pool``, :class:`~effects.Spend`: the spells it may cast, the sources
whose abilities it may pay, other costs); payment spends it only for what it allows,
before the pool's other mana. A "{T}: add one mana of <options>. Spend this mana only
to cast a <quality> spell [of the chosen type][, and that spell can't be countered]" ability
(:attr:`~effects.AddMana.spend_only`, :attr:`~effects.CardDef.restricted_mana`) is
tapped by payment, automatic or by choice, only for a spell its restriction allows
(the spell's card types, colours, supertypes and the creature type chosen as the
source entered); its permanent is then a source of both its restricted and its other
mana ({T} is one cost). A spell paid with mana whose rider says it can't be countered
(106.6a) records so (``StackItem.uncounterable``; the ``cast`` event says
``uncounterable``) and a counter leaves it on the stack (event ``not_countered``).
Automated: the restricted mana is made only while paying a spell it may pay for
(there is no action to put it in the pool, where it could pay for nothing else), and
a source of both kinds that pays a symbol its restricted mana makes, or generic mana,
pays it with the restricted mana (its rider helps its player).

Alternative and additional costs (601.2b, 601.2f): a spell with overload (702.96)
asks its caster, after "cast", whether to pay the overload cost rather than its mana
cost (a ``yesno`` decision with ``"announce": "overload"``: "pay overload" / "pay mana
cost"); overloaded, its text says "each" for every "target" (the compiler keeps that
text as :class:`~effects.Overload`'s effect) and it targets nothing. A spell with
kicker (702.33) then asks "pay kicker" / "no kicker" (``"announce": "kicker"``),
again after each "pay kicker" for multikicker; the kicker's mana is added to the
cost (then increases and reductions, 601.2f) and its other parts (life, a sacrifice,
discards) are paid with the spell's additional cost. "If this was kicked" steps
(:class:`~effects.IfKicked`; their targets are chosen only when kicked), amounts
("it deals 4 damage instead", :class:`~effects.KickedAmount`), "enters with N
counters if it was kicked / for each time it was kicked"; a permanent remembers how
many times its spell was kicked (``Permanent.kicked``) and its "when this enters, if
it was kicked" triggers trigger only then (an intervening if, 603.4). Flashback
(702.34): a card with flashback in its owner's graveyard is cast with the "cast
graveyard slot" action (:data:`~actions.GRAVEYARD`: the graveyard's cards with
flashback, oldest first) at its normal timing, for its flashback cost (mana, life,
discards, a sacrifice) instead of its mana cost, kicker still allowed; it is exiled
instead of going anywhere else when it leaves the stack (resolved, countered, its
targets gone; event ``flashback_exiled``). "Each instant and sorcery card in your
graveyard gains flashback until end of turn; the flashback cost is equal to its mana
cost" (:class:`~effects.GainFlashback`, event ``gains_flashback``; or one targeted
card, Snapcaster Mage's "target instant or sorcery card in your graveyard gains
flashback ...") lasts until the cleanup step (514.2). The cast event names the alternative cost (``alt``) and the
times kicked. Other alternative costs (118.9, :class:`~effects.AltCost`, one a spell,
118.9a): "you may pay 1 life and exile a blue card from your hand rather than pay
this spell's mana cost" (Force of Will; the card, never the spell itself, chosen with
the ``cost_discard`` decision, ``"exile": True``, event ``cost_exiled`` with ``zone``
hand), "return an island you control to its owner's hand rather than ..." (Daze:
chosen with the ``cost_sacrifice`` decision, ``"bounce": True``, event
``cost_returned``), mana, life, sacrifices; and evoke (702.74a): asked like overload
("pay alternative cost" / "pay evoke" / "pay mana cost", ``"announce":
"alternative"`` / ``"evoke"``); an evoked permanent (``Permanent.evoked``) triggers
"when this enters, if its evoke cost was paid, sacrifice it" (an intervening if,
603.4). A trap's "if <condition>, you may pay {0} rather than pay this spell's mana
cost" (:attr:`~effects.AltCost.condition`) is offered only while the condition holds
(601.2b), read from ``MagicGame.turn_marks``, what happened to each player this turn:
"if an opponent searched their library this turn" (Archive Trap; 701.23, marked as a
player begins searching their own library), "if a creature spell you cast this turn
was countered by a spell or ability an opponent controlled" (Summoning Trap; 701.6).
"<Effect> if it's <quality>" (:class:`~effects.IfTargetIs`, Pyroblast's "counter
target spell if it's blue"): any object may be the target (601.2c); the effect
happens only if the target has the quality as it resolves (608.2c).
A permanent card's "as an additional cost to cast this spell, exile a creature card
from your graveyard / sacrifice a creature / discard a card" (601.2b,
:class:`~effects.AdditionalCost`, Stitched Drake) is paid like an instant's.
Domain: "the number of basic land types among lands you control" (305.6, a count:
Tribal Flames). Bestow (702.103): a creature card with "bestow <mana>" asks "pay bestow" /
"pay mana cost" (``"announce": "bestow"``); bestowed, the spell is an Aura spell
with enchant creature, not a creature, without its creature types
(:func:`~effects.bestowed`, 702.103b: its cast triggers see an Aura spell, heroic
triggers) and enters attached, its characteristics the bestowed ones (the
permanent's base, ``copy_def``) while attached; its "enchanted creature" lines are
read as an Aura's; unattached (its creature gone or illegal, 704.5m) it stays on the
battlefield and is an enchantment creature again (702.103f, event ``unbestowed``);
its target illegal as it resolves, it resolves as an enchantment creature spell
(702.103e) rather than doing nothing. Convoke (702.51) and delve (702.66) are ways to pay the spell's mana, part
of automatic payment (see the automated choices). A spell's own cost changes
(601.2f, :class:`~effects.SelfCost`): "this costs {1} less to cast for each creature
on the battlefield / if you control three or more artifacts", affinity for artifacts
(702.41a), counted as it is cast, with the reductions of :class:`~effects.CostChange`
(generic mana only). "When you cast this spell" (603.2, trigger event ``cast_self``):
the spell's own triggered abilities trigger as it becomes cast and go on the stack
above it (their source is the spell: no permanent; "if it was kicked" is an
intervening if; "it", the spell, and X are not read). Cascade (702.85a) is one: as it
resolves, its controller exiles cards from the top of their library until a nonland
card of lesser mana value (event ``cascade``); when that card can be cast (its
targets there), a ``yesno`` decision with ``"cascade"`` ("cast <card> without paying
its mana cost" / "don't cast <card>"); yes casts it from exile at once (``alt``
``"free"``: no mana cost, X 0, kicker still asked, cost increases paid), then the
other exiled cards go to the bottom of the library in a random order. "The next
sorcery spell you cast this turn can be cast as though it had flash" (Quicken,
:class:`~effects.SorceryFlash`, event ``sorcery_flash``): sorceries of that player's
hand (and graveyard, with flashback) are offered at instant speed until one is cast or
the turn ends; "you may cast spells this turn as though they had flash" (Alchemist's
Refuge): every spell until the turn ends.

Copies of spells and abilities (:mod:`~copies`, rule 707.10): "copy target instant
or sorcery spell [you control]" (Twincast, Reverberate, Dualcaster Mage, Nivix
Guildmage), "copy target [activated or] triggered ability you control" (Strionic
Resonator), storm (702.40a), "whenever you cast an instant or sorcery spell, you may
copy that spell" (Swarm Intelligence) and "when you next cast an instant or sorcery
spell this turn, copy that spell" (Chandra, the Firebrand: a temporary triggered
ability that triggers once, 603.7c, and ends in the cleanup step otherwise) and
Precursor Golem ("whenever a player casts an instant or sorcery spell that targets only
a single Golem, that player copies that spell for each other Golem that spell could
target": a condition of the event, ``targets_single``; the copies, the caster's, each
target another Golem, put on the stack in the Golems' timestamp order, an automated
order) put copies on the stack (:class:`~effects.CopySpell`,
event ``copy_spell``): each has the original's characteristics and choices (modes,
targets, X, kicker, the division of damage), is controlled by the player under whose
control it was put there, isn't cast (no cast triggers, not counted as a spell cast)
and ceases to exist when it leaves the stack (707.10a, 704.5e: resolved, countered or
with no legal target, no card moves). "You may choose new targets for the copy"
(707.10c) is its controller's decision, target by target: a ``target`` decision with
``retarget``, "done" ("keep the target") keeping it, a target action changing it to
another legal one (not asked when there is none). Casting a copy of a card (707.12):
"choose an instant or sorcery card exiled this way and copy it three times. you may
cast the copies without paying their mana costs" (Chandra, Pyromaster;
:class:`~effects.CastCopy`): the card is chosen among the kinds of matching cards
exiled (a ``hand_choice`` decision with ``copy_card``, its cards in ``looking``; none
asked for one kind), then each copy is offered (a ``yesno`` with ``cast_copy``, only
when it can be cast) and cast at once, kicker still asked: a copy cast is cast (cast
triggers, counted for storm; event ``cast`` ``from`` ``"copy"``) and ceases to exist
as it leaves the stack. Cards chosen among those an effect put into graveyards
("exile up to two creature cards put into graveyards this way", "you may exile a
creature card from among the cards milled this way": :class:`~effects.
MoveChosenCards`): a ``hand_choice`` decision with ``choose_cards`` per card, the
cards in ``looking``, "done" ending an "up to"; then "this becomes a copy of that
card, except it has this ability" (:class:`~effects.BecomesCopy`, 707.2: its copiable
values are replaced in layer 1, its counters and status stay) and "an X/X token,
where X is the total power of the cards exiled this way" (608.2h). *Not*: copies of
permanent spells, other cast copies ("copy
that card. you may cast the copy"),
a spell copied after it has left the stack (storm's spell countered in response to
its trigger: no copies), "except that the copy is red".

Libraries and hands (:mod:`~library`): scry (701.22), surveil (701.25) and "look at
the top N cards, then put them back in any order", one decision per card; "look at
the top N cards, [you may reveal] a [quality] card from among them and put it into
your hand [or onto the battlefield], the rest on the bottom (in any order: one
decision per card; or a random order) or into the graveyard", and "look at the top
card; if it's a [quality] card, you may put it into your hand"; "reveal the top N
cards of your library" (701.20a: every player sees them, event ``reveal_top``) then
"you may put a [quality] card from among them into your hand, put the rest ..." or
"put all [quality] cards revealed this way into your hand and the rest ..." (taken
at once: no choice); "<player> reveals the top card of their library. if it's a
[quality] card, that player puts it into their hand / <effect>" and "look at the top
card of your library. you may reveal that card. if an instant or sorcery card is
revealed this way, transform this" (:class:`~effects.RevealTop`; the effect names
neither the card nor a target), "reveal the top card of your library and put that
card into your hand. you lose life equal to its mana value" (Dark Confidant: "its"
is the card revealed, which every player has seen go to the hand); searching a
library (701.23) for a card or a card of a quality (types, subtypes, colours,
supertypes, a compared mana value or printed power/toughness, its own name), to the
hand (revealed or not), onto the battlefield (tapped or not), on
top after the shuffle, or one onto the battlefield and the rest into the hand
(Cultivate), "up to two basic land cards that share a land type" (Myriad Landscape:
each card found after the first shares a land type with those found), by its
controller or by another player ("its controller may search
their library", asked yes or no first); "done" finds nothing when the search states a
quality (701.23b);
shuffling with the game's dice (701.24); exiling a player's whole graveyard
(:class:`~effects.ExileGraveyard`: "exile target player's graveyard"); revealing a
hand (701.20) and "you choose a
[quality] card from it; that player discards that card" (the caster chooses, 701.9;
"<player> discards a card" stays the discarding player's choice); "... you choose a
[quality] card from it and exile that card" (Lifebane Zombie, Sin Collector: exiled
face up, not discarded, event ``hand_exiled``) and "look at target player's hand. you
may choose a nonland card from it. if you do, that player reveals the chosen card,
puts it on the bottom of their library, then draws a card" (Vendilion Clique: the
hand is shown to the chooser only, 400.2, event ``look_hand``; "done" chooses none;
event ``hand_to_bottom``; a determinization for the chooser keeps that hand while it
chooses). Piles of revealed cards (700.3,
:class:`~effects.RevealPiles`: Fact or Fiction, Sphinx of Uthuun): the top N cards
are revealed (every player sees them; they stay on top of the library, where
:meth:`MagicGame.determinize` keeps them, until a pile is taken); an opponent makes
the first pile one card at a time (a ``card_pile`` decision over the ``looking``
list, then "done"; either pile may be empty), the effect's controller takes one
pile into their hand (a ``pile_pick`` yes/no: yes the first) and the other goes
into their graveyard or on the bottom of their library in any order (a ``look``
decision, one card at a time); event ``card_piles``. *Automated*: the opponent who
separates the cards is the next one in turn order. "For each player, search that player's library for a
nonland card and exile it, then that player shuffles. You may cast those cards without
paying their mana costs" (Jace, Architect of Thought; :attr:`~effects.Search.whose`:
the controller searches each library in turn, a ``search`` decision of theirs over
another player's library, which :meth:`MagicGame.determinize` keeps for them while
they search it; the cards are exiled face up; :class:`~effects.PlayFree` of "those
cards" asks a ``play_free`` yes/no for each castable one and casts it from exile at
once; *automated*: the order, the order they were exiled in). "Reveal the top card of your library. If it's a land
card, put it onto the battlefield. Otherwise, put that card into your hand" (Coiling
Oracle: :attr:`~effects.RevealTop.else_hand`). "Look at the top three cards of your library. Put one of
those cards into your hand, one on top of your library, and one on the bottom of your
library" (Telling Time: a :class:`~effects.Dig` whose rest is ``"top_bottom"``, the
card for the bottom chosen with a ``look`` decision; *not*: the looker's knowledge
of the card left on top survives a determinization).

Amounts counted as the effect resolves (608.2h, :class:`~effects.Count`): "for each
[permanent you control / opponent you have / card in your hand]", "equal to the number
of ...", "where X is the number of ...", "your devotion to <colour>" (700.5: the
mana symbols of that colour among the mana costs of the permanents you control, a
hybrid symbol for each of its colours; Nykthos's "choose a color. add an amount of
mana of that color equal to your devotion to that color", whose ``colour`` decision
offers each colour with its amount), the counters of a kind on the source ("add
{C} for each charge counter on this"; charge counters, 122, have no rules of their
own; the observation's ``other_counters`` permanent feature counts them), times a unit ("you gain 3 life for each
artifact you control"); for draws, discards, mills, life, damage, counters, tokens,
mana ("add {G} for each creature you control": activated by its player, not tapped
automatically) and
until-end-of-turn pumps ("gets -1/-1 until end of turn for each Swamp you control",
"creatures you control gain trample and get +x/+x until end of turn, where x is
..."), tokens ("create a number of ... tokens equal to your devotion to blue");
per player ("deals damage to each opponent equal to the number of cards in that
player's hand": counted for each player the effect acts on); "the life lost this
way" (what the earlier steps of the same effect made players lose: Gray Merchant);
scaled amounts (107.1a, :class:`~effects.Scaled`: "mills twice x cards", "where x is
half the number of Zombies you control, rounded down"); "for each creature sacrificed
this way" (the permanents the earlier sacrifice steps of the same effect sacrificed:
Syphon Flesh, whose "each other player" is each opponent, 102.3);
"<effect> unless an opponent has 10 or less life" and fateful hour's "if you have 5
or less life, create five of those tokens instead" (:class:`~effects.IfAmount`);
Aura and Equipment bonuses counted continuously by their controller ("equipped
creature gets +1/+0 for each artifact you control", "+x/+x, where x is the number of
creature cards in all graveyards": :attr:`~effects.AttachedBonus.per`); the charge
counters of a source sacrificed to pay its ability's cost, as it last existed;
Valakut's "if you control at least five other Mountains" (other than the Mountain
that triggered it, checked as it triggers and resolves); "then <effect>." as a
sentence of its own; "remove a quest counter from this and sacrifice it" as a cost;
"destroy each nonland permanent with mana value equal to the number of charge
counters on this" (:attr:`~effects.Each.mana_value`); anthems "as long as this has
seven or more quest counters on it" (:attr:`~effects.Anthem.condition`); "each
green creature that entered this turn" (its object id is at least the turn's first
one: ids are timestamps); "a creature dealt damage this way can't be regenerated
this turn" (701.19c);
and the power, toughness or mana value of a permanent an earlier step targeted, as it
last existed if that step moved it (:class:`~effects.StatOf`: "exile target creature.
its controller gains life equal to its power"). A permanent other than the source
dealing damage equal to its own power (:class:`~effects.PowerDamage`, 120.3: it is the
damage's source, its lifelink and deathtouch apply): a trigger's object ("whenever a
creature you control enters, it deals damage equal to its power to any target": as it
last existed if it has left, 608.2h), a first target ("target creature you control
deals damage equal to its power to target creature you don't control", "target
creature deals damage to itself equal to its power"), or each legal target of the step
before ("each of those creatures deals damage equal to its power to this").
The power, toughness or mana value of the permanent sacrificed to pay the cost of a
spell or ability, as it last existed (608.2h, ``StatOf(..., "cost")``: "this deals
damage equal to the sacrificed creature's power to any target", "create x ... tokens,
where x is the sacrificed creature's toughness"), and a search for a card "with mana
value equal to 1 plus the sacrificed creature's mana value" (Birthing Pod).
A trigger's object's power, toughness or mana value before any target ("whenever a
creature you control enters, you gain life equal to its toughness", "you may draw cards
equal to its power"; as it last existed if it has left, 608.2h), an edict's creature
read by the next sentence ("target opponent sacrifices a creature of their choice. you
gain life equal to that creature's toughness"), and "that player" as the controller of
a triggering object an opponent controls ("whenever a creature an opponent controls
dies, that player loses 2 life") or as the player targeted just before ("this deals 2
damage to target player. that player discards two cards").
A permanent's own counted bonus ("this gets +1/+1 for each land card in your
graveyard", "... for each creature card in your opponents' graveyards", "... for each
artifact you control": :attr:`~effects.SelfBonus.per`, counted continuously, 611.3a).
Pumps by "x, where x is the greatest power among creatures you control" (counted once
as it resolves); "x plus 2 damage instead if ..." (:class:`~effects.Plus` in an
:class:`~effects.IfAmount`); a "target 1/1 creature" (its power and toughness now);
"... and each other creature with the same name as that creature".
Permanents "with a +1/+1 counter on it" (filter prop ``plus_counter``: "draw a card for
each creature you control with a +1/+1 counter on it. those creatures gain
indestructible until end of turn", "each creature you control with a +1/+1 counter on
it has trample").
"That player loses half their life, rounded up" (107.1a, a :class:`~effects.Count`
``half_life`` of each player the effect acts on: Quietus Spike, Blood Tribute).

Replacement and prevention effects (rules 614-616): entering tapped
(:class:`~effects.EntersTapped`), unless its controller controls enough permanents of
a kind as it enters (check lands count basic land types on any land, fast lands "two
or fewer other lands"; 614.12), has two or more opponents, sees a player at 13 or
less life, or pays the life it asks for (a shock land: a yes/no decision as it is
played; with too little life it enters tapped, 119.4), or reveals a card of a
basic land type from its hand (a reveal land, a snarl: revealed automatically when
the hand holds one, and every player has seen it); regeneration shields (701.19:
the next destruction this turn, by an effect or by lethal or deathtouch damage,
instead taps it, removes its damage and removes it from combat; not against "can't
be regenerated [this turn]" nor toughness 0); prevention effects until end of
turn (615: "prevent the next N damage" shields used up as they prevent, "prevent all
[combat] damage" to or by something or everywhere) and a permanent's static "prevent
all [combat] damage that would be dealt to [and dealt by] this / enchanted creature"
for as long as it is there, applied in the one place where
damage is dealt together with protection's prevention; "if it [or a creature dealt
damage this way] would die this turn, exile it instead" (614.6); spells that can't be
countered (101.2).

Attacking "as though it didn't have defender" (508.1c, :data:`~keywords.
IGNORES_DEFENDER`): granted until end of turn ("this can attack this turn as though it
didn't have defender", "this gets +3/-1 until end of turn and can ...") or by the
creature's own "as long as this is monstrous, it has trample and can ..."
(:class:`~effects.SelfBonus`); "this has first strike as long as it's attacking"
(a :class:`~effects.SelfBonus` condition ``source_attacking``).
Goad (701.38, :class:`~effects.Goad`: "goad target creature [an opponent controls]",
"goad all creatures you don't control", an Aura's or Equipment's "enchanted creature
[gets +2/+2 and] is goaded"): until the goading player's next turn (or while
attached) the creature attacks each combat if able ("done" is not offered while it can
and has not) and is offered only players other than its goaders when it can attack
one (event ``goaded``; *automated*: attacking a goader's planeswalker is not told
from attacking that player).
Ninjutsu (702.49): an ability of the card in its owner's hand (the "activate hand
ability" action of its hand slot, as cycling's), offered while an unblocked attacker
of theirs exists (after blockers are declared, 702.49c: the filter prop
``unblocked``); its cost returns that attacker to its owner's hand (chosen with the
``cost_sacrifice`` decision, ``"bounce"``, event ``cost_returned``), and as it
resolves the card, if still in the hand, enters tapped and attacking what the
returned creature attacked (event ``enters_attacking``; never declared, unblocked).
Creatures, tokens and combat: tokens created "that's attacking" (untapped: Brimaz) or
"that's blocking that creature" (506.3: blocking the creature their source blocks,
never declared; event ``enters_blocking``), "whenever this blocks a creature" (509.3c,
``it``: the creature blocked) and "whenever this becomes blocked by a creature"
(509.3d: once for each blocker, ``it``: that blocker); tokens created "tapped and attacking" (508.4:
attacking only when their controller is the attacking player during combat, 506.3;
never declared, so nothing "attacks"-triggers; event ``enters_attacking``; *automated
choice*: such a token attacks the player or planeswalker the creature whose ability
made it attacks, else the next opponent in turn order), "that token" / "it" after a
step that created one token, two kinds of token in one sentence (Wurmcoil Engine),
protection "from [quality A] and from [quality B]" (702.16: two protections) and from
multicolored; keywords read as the one triggered ability their rule defines
(:data:`~text.triggers._KEYWORD_TRIGGERS`: soulshift 702.46, afterlife 702.135, ingest
702.115, poisonous 702.70, frenzy 702.68, For Mirrodin! 702.163, job select, mobilize 1
702.181; mobilize 2 and more wait for "sacrifice them"); partner and "choose a
background" (702.124: deck construction only, nothing in a game; Mazerunner decks
name one commander, so pairs are not built); "partner with <name>" (702.124j: its
"when this enters, target player may search their library for a card named <name>,
reveal it, put it into their hand, then shuffle", the card filter prop ``named:``);
"whenever a creature dealt damage by this this turn dies" (120.1: each turn's
``(damaged, source)`` pairs of damage to permanents, the filter prop
``damaged_by_source``); "gain control of all <group> until end of turn. untap those
creatures. they gain haste until end of turn." (Mob Rule, 108.4: the group as it
resolves, "those" of the steps after it); costs that sacrifice several permanents
(118.3: "sacrifice two artifacts", "sacrifice this and thirteen Blood tokens",
:attr:`~effects.Cost.sacrifice_count`, chosen one at a time with the
``cost_sacrifice`` decision); "whenever one or more <group> attack" (508.1, trigger
event ``group_attacks``: once per declaration) and the other "one or more" batch
triggers (603.2c, :data:`~effects.BATCH_EVENTS`: die, enter, you sacrifice, you
discard, deal combat damage to a player, attack you, cards leave your graveyard or
are put into it): the first occurrence of an action's events triggers, the later
ones join its pending trigger (``that many``), and the batch closes at each
resolving step, each pass of state-based actions and when triggers are put on the
stack; "whenever a creature an opponent
controls dies, exile it ..." (400.7, 603.10a: ``Ref("died_card")``, the graveyard
object the creature became, remembered as it died only in games with such a card;
none once the card has left the graveyard); battle cry (702.91), undying (702.93) and persist (702.79) on a
card's own keyword line (their intervening "if" is :data:`~effects.OBJECT_CONDITIONS`,
checked on what it had as it died; the card returns if it is still in its owner's
graveyard: the engine tells a card's new objects there apart only by the zone; an
effect granting one of them is refused); a permanent's own "when this is put into a
graveyard from the battlefield, return it to its owner's hand" (Rancor:
``Ref("this_card")``; a noncreature's own such trigger triggers too); living weapon
(702.92); restrictions on an attacker's blockers (509.1b: "can't be blocked by
humans / creatures with power 2 or less", "except by creatures with flying or
reach", "except by three or more creatures", "by more than one creature"; an Aura's
or Equipment's "enchanted creature can't be blocked [except by walls]",
:attr:`~effects.AttachedBonus.blockers`); an Aura's "enchanted creature can't attack
you or planeswalkers you control" (508.1c: its controller is no attack option);
an Aura's bonus while its creature is of a kind and another while it isn't
("enchanted creature gets +2/+2 as long as it's a Human. Otherwise, it can't attack
or block", 611.3a: checked continuously, :attr:`~effects.AttachedBonus.host`);
an Aura's "enchanted creature [can't attack or block, and] its activated abilities
can't be activated" (Arrest, 602.5a: its mana abilities too, so it pays no mana,
:attr:`~effects.AttachedBonus.no_abilities`; "... unless they're mana abilities",
Faith's Fetters); "aura spells you cast cost {1} less" (601.2f: a bestowed spell's
bestow cost too);
attack taxes (508.1d, 508.1g-h, :class:`~effects.AttackTax`: "creatures can't attack
you [or planeswalkers you control] unless their controller pays {2} for each creature
they control that's attacking you": an attack is offered only while its player can
pay the taxes of every attacker declared so far and of it, counted as if it attacked
that player's planeswalker when that is dearer; the total is paid automatically, its
mana abilities activated, as "done" finishes the declaration, event ``attack_tax``; a
creature that attacks each combat if able need not be paid for, 508.1d); a
creature's own "this can block only creatures with flying" (509.1b), "this can't
attack unless defending player controls an island" (508.1c: that player is no attack
option) and "this can't attack [or block] unless <a condition of its controller>"
("unless you control four or more artifacts", :class:`~effects.ActivationCondition`);
characteristic-defining power and toughness (604.3, layer 7a, 613.4a:
:class:`~effects.DefinedPT`, counting permanents, cards in hand, cards or card
types in graveyards: Tarmogoyf, Pack Rat), under a base power and toughness set in
layer 7b; a creature's own "as long as <conditions>, this gets +N/+N and has
<keywords>" (611.3a, :class:`~effects.SelfBonus`: "you control a Mountain / three or
more artifacts", "this is monstrous", "you have 30 or more life", "an opponent has
10 or less life", threshold; protection "from each color" is five protections);
"the player or planeswalker it's attacking" (Hellrider); "tap those creatures" after
damage to each of them (Thundermaw Hellkite); evolve (702.100: its intervening "if"
is checked as it triggers and as it resolves while both creatures are on the
battlefield); unleash (702.98: a ``yesno`` decision with ``"unleash"`` as the spell
resolves; entering another way, it enters without the counter, an automated
choice); "if it was a creature card, ..." after moving a card (Scavenging Ooze,
:class:`~effects.IfMovedWas`); "other Goblin creatures you control attack each combat
if able" (508.1d, an anthem granting the requirement) and "creatures your opponents
control attack this turn if able" (granted until end of turn); "you untap all lands
you control" after "and"; "artifact creatures" as a
filter; a card returned to the battlefield is "it" for the rest of the ability (the
new permanent, 400.7), "it gains haste" with no duration lasts until it leaves
(611.2c), and "if it would leave the battlefield, exile it instead of putting it
anywhere else" (614.1a: Whip of Erebos).

**Planeswalkers and their lines** (rules 306, 606, 701.14): loyalty abilities as in
601-608 above; a planeswalker's text names it by its planeswalker type ("Ajani deals 3
damage"); fights ("target creature you control fights another target creature": the
first target is chosen for the fight, :class:`~effects.TargetOnly`); "put two cards from
your hand on top of your library in any order" (:class:`~effects.PutFromHand`: the
player chooses one card at a time with the ``bottom`` decision, whose ``put`` says
``"top"`` or ``"bottom"``; the last one chosen ends on top; the card is named to its
player only, the ``put_back`` event); "draw cards equal to the greatest power among
creatures you control"; "separate all permanents target player controls into two
piles. that player sacrifices all permanents in the pile of their choice" (701.21a,
:class:`~effects.SacrificePile`: the ability's controller makes the first pile with
``pile`` decisions, one permanent at a time and then "done", every other permanent of
that player being the second pile; that player answers a ``yesno`` with ``pile``: yes
sacrifices the first pile; the ``piles`` event names both); "look at the top card of
target player's library. you may put that card on the bottom" (:class:`~effects.
PeekTop`: a ``yesno`` with ``peek``, the card shown to the ability's controller only;
determinization does not keep it on top); explore (701.44a, :class:`~effects.Explore`:
the revealed card is public, a land goes to the hand, else a +1/+1 counter and a
``yesno`` with ``explore``: yes, the card into the graveyard; an empty library: the
counter); connive (701.50, :class:`~effects.Connive`: draw, discard, then a +1/+1
counter per nonland card discarded; a conniver that left still makes its controller
draw and discard, 701.50c); populate (701.36: a copy of a creature token its
controller controls, chosen with a ``copy`` decision when there are two or more;
none: nothing, 701.36b); backup N (702.165: an enters trigger putting N +1/+1
counters on target creature and, if it is another creature, granting it until end of
turn the keywords and abilities printed below backup); myriad (702.116: for each
other opponent, a token copy tapped and attacking that player, a ``yesno`` with
``myriad``, exiled at end of combat; *automated*: the copy attacks the player, never
a planeswalker of theirs); clash (the keyword action: both reveal the top
card, the higher mana value wins, then each in turn order puts theirs on top or at
the bottom with a ``yesno`` with ``clash``; "whenever you clash [and win]"
triggers); "exile all cards from target player's
library, then that player shuffles their hand into their library"; "target permanent
doesn't untap during its controller's next untap step" (:class:`~effects.
SkipNextUntap`, 502.3: the next untap step of whoever controls it then). The action
table addresses four activated abilities per permanent (``actions.MAX_ABILITIES``:
Jace, the Mind Sculptor's four loyalty abilities); a card with five or more (Morphling)
stays refused. A planeswalker that "becomes a legendary 4/4 red Dragon creature with
flying" until end of turn is only a creature until then (205.1a,
:attr:`~effects.Becomes.set_types`: the new types and subtypes replace its own; damage
is marked, no loyalty removed, no 704.5i); one that "becomes a 6/6 Human Soldier
creature that's still a planeswalker" is both (205.1b: damage removes loyalty and is
marked, 120.3c/e); "prevent all damage that would be dealt to him this turn"; "discard
your hand"; "draw two additional cards" (a draw step trigger's extra draws); "during
target opponent's next turn, creatures that player controls attack this if able" (508.1d,
:class:`~effects.MustAttackThis`, ``must_attack``: during that player's next turn, each
of their creatures able to attack is declared attacking that planeswalker, no "done"
before, while it stays on the battlefield under another player's control); "where x is
your life total" (608.2h: counted as the ability resolves).

**Creature mechanics** (rules 205, 506.4, 611, 613, 700.5, 702.16): a Theros god's "as
long as your devotion to blue (to white and black) is less than five (seven), this
isn't a creature" (:class:`~effects.ContinuousChange` with ``remove_types`` and
``devotion_below`` on the filter prop ``self``: layer 4, 205.1b; devotion 700.5a counts
a hybrid symbol once); a permanent that stops being a creature is removed from combat
(506.4); "this artifact becomes a 2/2 Bird artifact creature with flying until end of
turn" (:class:`~effects.Becomes` ``replace_types``: 205.1a) and "you may have this
become ..."; "that creature becomes a Vampire in addition to its other types"
(``in_addition``, ``lasting``: no duration, it stays until the permanent leaves,
611.2c); "gain control of target Vampire for as long as you control Olivia Voldaren"
(:class:`~effects.GainControl` ``while_controlled``, 611.2b: worked out again whenever
control is); "<player> gains control of this" (:class:`~effects.GiveControl`:
"that creature's controller gains control of this land" after "whenever a creature
deals combat damage to you", Contested War Zone; "target opponent gains control of
this", Humble Defector; lasting, layer 2); "gains protection from the color of your choice [or from artifacts]
until end of turn" (702.16, :attr:`~effects.Pump.keyword_choice`: its controller
chooses as it resolves with a ``choose`` decision whose ``path`` names the pump, event
``chosen``) and "gains your choice of vigilance, lifelink, or haste until end of turn"
(Butcher of the Horde, the same choice); "[you may] put an Equipment card from your hand onto the battlefield"
(:class:`~effects.PutFromHand` ``destination`` ``"battlefield"``: a ``bottom``
decision with ``put`` ``"battlefield"`` offers the matching hand slots, and "done"
when it is "up to"; "you may" asks only when a card matches; "it" is then the
permanent put, so Deathrender's "... and attach this Equipment to it"; event
``put_from_hand``; never an Aura card, 303.4f); battalion's "whenever this and at
least two other creatures attack" and "whenever an opponent casts a spell during your
turn" (:data:`~effects.OBJECT_CONDITIONS` ``battalion``, ``your_turn``, checked as the
ability triggers); "whenever <a> and when <b>, <effect>" (two triggers); a token whose
power and toughness a quoted characteristic-defining ability sets (Voice of
Resurgence's Elemental); "any opponent may sacrifice a creature of their choice. if a
player does, ..." (:class:`~effects.AnyOpponentMay`: the opponents in turn order from
the next seat, each asked a ``yesno`` with ``any_opponent`` only if they can, until
one says yes and chooses what to sacrifice; event ``opponent_does``); "remove two
+1/+1 counters from this: regenerate it" ("it" right after the cost is the source);
costs "discard a creature card" (:attr:`~effects.Cost.discard_filter`: only matching
cards are offered, and the ability only when enough are in hand, 118.3) and "put a
-0/-1 counter on this" (:attr:`~effects.Cost.add_counters`; a counter "+N/+M" adds to
power and toughness, 122.1a: Wall of Roots); "if the sacrificed creature was a
Human, ..." (:class:`~effects.IfSacrificedWas`: the permanents sacrificed for the
cost as they last existed, 608.2h, ``StackItem.sacrificed_as``).

**Instants, sorceries and mass effects.** Miracle (702.94a): the first card a player
draws in a turn (not an opening hand) that has miracle is revealed (event ``miracle``;
every player has seen it) and its triggered ability goes on the stack; as it resolves,
if the card is still in that player's hand, they are asked a ``yesno`` with
``"miracle"`` ("cast <card> for its miracle cost" / "don't cast <card>"); yes casts it
at once, whatever its timing, for its miracle cost (``alt`` ``"miracle"``, an ``{X}``
in it announced as usual, kicker still asked). *Automated*: the card is revealed
exactly when it could be cast for its miracle cost as it is drawn. "Put all creatures
on the bottom of their owners' libraries" (each owner's cards in timestamp order: an
automated 401.4 order); "destroy all other permanents except for lands and tokens";
"up to two target artifacts and/or enchantments" (115.1: either type); "the owner of
target permanent shuffles it into their library, then draws two cards / then reveals
the top card of their library. if it's a permanent card, they put it onto the
battlefield" and "shuffle this and your graveyard into their owner's library"
(:class:`~effects.ShuffleInto`, event ``shuffled_into``; :attr:`~effects.RevealTop.
to_battlefield`). "Exile up to three other target creatures from the battlefield and/or
creature cards from graveyards" (115.1, target kind ``battlefield_or_graveyard``: the
target decision offers the permanents by their slots and the cards by "choose hand
slot" as a graveyard target does; both are exiled with the source, 607.2a, and "return
the exiled cards to their owners' hands" returns them). "Distribute two +1/+1 counters
among one or two target creatures" (601.2d, :attr:`~effects.AddCounters.divided`:
divided as damage is, the ``divide`` decision's actions named "1 more counter on
..."); "X damage divided evenly, rounded down, among any number of targets" (at most
8; :attr:`~effects.DealDamage.evenly`: no decision) and "this spell costs {1} more to
cast for each target beyond the first" (601.2f, :attr:`~effects.SelfCost.
extra_targets`: X is announced first, then a further target is offered only while
the spell stays payable). "Each player discards their hand, then draws seven cards"
(each player's own hand counted, 701.9a) and "... then draws cards equal to the
greatest number of cards a player discarded this way" (Windfall: the amount
``"discarded_most"``); "each opponent sacrifices a creature with the greatest power
among creatures that player controls" (filter prop ``greatest_power``: ties are the
sacrificing player's choice); "if you cast this spell during your main phase, you may
exile up to one other target artifact or enchantment" (:class:`~effects.IfMainPhase`:
its target is chosen only then, 601.2c; a spell resolves in the step it was cast in);
"create X 1/1 ... tokens. if X is 5 or more, destroy all other creatures" (Martial
Coup: the condition ``x_at_least``, the creatures other than the tokens just made,
prop ``not_made_this_way``). "Deals damage to each opponent equal to the number of
lands that player controls" (a :class:`~effects.Count` of ``that_player``'s
permanents); "each other player discards a card. you draw a card for each card
discarded this way" (the amount ``"discarded_total"``).

Static replacement effects and restrictions (614-616; templates in
:mod:`~text.replacements`): a card's own "if a spell or ability an opponent controls
causes you to discard this, put it onto the battlefield [with two +1/+1 counters on
it] instead of putting it into your graveyard" (614.1a, from its owner's hand:
:class:`~effects.DiscardedToBattlefield`; Loxodon Smiter; the card is still
discarded, event ``discard`` with ``to`` ``battlefield``, and a discard for a cost or
in the cleanup step is not replaced); cards that would be put into a graveyard from
anywhere (a permanent dying or put there, a spell leaving the stack, a discard, a
mill, a surveil) exiled or revealed and shuffled into their owner's library instead
(614.1a, :class:`~effects.GraveyardInstead`, event ``replaced``: Rest in Peace's
"a card or token", Dryad Militant's "an instant or sorcery card", "an opponent's
graveyard", Anafenza's "a nontoken creature an opponent owns would die or a creature
card ..."; a permanent so exiled does not die; a card's own "if this would be put into
a graveyard from anywhere, reveal this and shuffle it into its owner's library
instead", Darksteel Colossus, Nexus of Fate, in every zone), collected with the
anthems so that a game without one pays one list test per card; "when this is put
into a graveyard from anywhere, its owner shuffles their graveyard into their
library" (603.6a, trigger event ``put_into_graveyard``: the Eldrazi titans; it
triggers from the graveyard, controlled by the card's owner). *Automated*: with
several such replacements on one card its owner would choose (616.1); the card's own
applies, else the first permanent's in timestamp order. Other permanents entering
tapped (614.1d, :class:`~effects.OthersEnterTapped`: "creatures your opponents control
enter tapped", Imposing Sovereign; "artifacts and creatures ...", "nonbasic lands
..."; the effect exists before they enter, 614.12) and spells that can't be countered
by a permanent's static (101.2, :class:`~effects.SpellsCantBeCountered`: "creature
spells you control can't be countered", "sliver spells can't be countered"; event
``not_countered``); both looked for only in a game whose cards have one
(:meth:`~objects.ObjectsMixin.static_kinds`). "At the beginning of each player's
draw step, if this is untapped, that player draws an additional card" (Howling Mine:
an intervening if about its source, 603.4, ``source_is`` untapped). Mana triggers
(106.12, trigger event ``tapped_for_mana``: a mana ability with {T} in its cost
activated, automatically or by its player): triggered mana abilities (106.12b,
605.1b: "whenever you tap a swamp for mana, add an additional {b}", Crypt Ghast;
"whenever enchanted land is tapped for mana, its controller adds an additional {g} /
one mana of any color / of the chosen color", Wild Growth, Verdant Haven, Utopia
Sprawl) add their mana to the pool at once, without the stack; "whenever you tap this
for mana, it deals 1 damage to each opponent" (Zhur-Taa Druid) uses the stack.
*Automated*: the additional mana is not counted by the payment plan that taps the
land (it goes to the pool, spent first by the next payment of the step, 106.4);
"one mana of any color" is the colour most pips of its player's hand ask for.
"<effect> unless you return <a permanent> you control to its owner's hand" (118.12,
:class:`~effects.Unless` with a :class:`~effects.ReturnChosen` price: Glint Hawk, the
Karoo lands, Waterspout Djinn, Tragic Lesson): the ``yesno`` decision with
``"unless"``, asked only when its controller controls one; yes returns it (chosen with
the ``sacrifice`` decision, ``dest`` ``"hand"``, when there are several).
"<effect on target opponent> unless that player sacrifices a creature of their
choice" (118.12, a :class:`~effects.Sacrifice` price: Demanding Dragon): the targeted
player gets the ``yesno`` ``"unless"`` decision, asked only when they control one.
"Counter each spell you don't control" (701.6a, :class:`~effects.CounterEach`:
Counterflux overloaded; the spells that can't be countered stay). "Prevent all damage
that would be dealt to you and creatures you control this turn" (615: Safe Passage;
the creatures as a group, ``["prevent", None, ["creatures_of", p], ...]``, so those
entering later this turn are covered too). The Urza lands' "{T}: add {C}. If you
control an Urza's Power-Plant and an Urza's Tower, add {C}{C} instead" (608.2h, an
:class:`~effects.IfAmount` amount with the condition ``control_each``): a mana
ability its player activates (the amount is not fixed, so payment does not tap it).
"Target spell with {X} in its mana cost" (115.1a, 107.3: the filter quality
:data:`~effects.X_COST`; Frontline Medic). "If you would gain life, you gain twice
that much life instead" (614.1a, :class:`~effects.DoubleLifeGain`: Rhox Faithmender;
each doubles again). "If a creature you control would deal damage to a permanent or
player, it deals double that damage instead" (614.1a, :class:`~effects.DoubleDamage`:
Gratuitous Violence; each doubles again; *automated*: doubled before prevention).

When things happen (:mod:`~text.timing`): "you may exile this. if you do, return it
to the battlefield under its owner's control at the beginning of your next upkeep. it
gains haste." (Obzedat, Ghost Council: the exile is the optional action, offered while
the permanent is still there, 608.2d; the sentence about "it" after a delayed return is
part of the delayed ability, 603.7, and names the permanent the return made, 400.7);
"return it to the battlefield tapped under its owner's control" at the beginning of
the next end step (Mystifying Maze); "exile this" in a permanent's ability run
from the battlefield exiles the permanent, and "return it ... at the beginning of the
next end step" returns that card (Aetherling, Argent Sphinx: 400.7, 603.7); "tap all creatures target player controls.
those creatures don't untap during that player's next untap step" (Sleep, 502.3);
detain (701.35a, :class:`~effects.Detain`: until its controller's next turn the
permanent can't attack or block and its activated abilities, mana abilities too,
can't be activated; event ``detained``); "untap up to four lands"
(:class:`~effects.UntapUpTo`; *automated*: the lands untapped are the controller's own
tapped lands, oldest first). Dredge (702.52a, :class:`~effects.Dredge`): each time
a player would draw a card (the draw step's draw, a :class:`~effects.Draw` effect's
draws, one card at a time) with a dredge card in their graveyard and at least N cards
in their library (702.52b), they are asked, one such card at a time, a ``yesno``
decision with ``"dredge"`` ("dredge <card> (mill N)" / "don't dredge it"); yes mills N
and returns that card to their hand instead of the draw (event ``dredge``; not a
draw: nothing "whenever you draw" triggers, no first-draw miracle); *automated*: a
seat the engine plays never dredges; *not*: dredge replacing the draw of "you may
draw a card. if you do" and of the opening hand. Split second (702.61a, a keyword of
:mod:`~keywords`): while a spell with it is on the stack, a player with priority may
only pass or take a special action (702.61b: turn a face-down permanent face up);
*automated*: mana abilities are not offered then either (mana is made while paying,
and no spell can be cast). Leylines (103.6, :class:`~effects.BeginOnBattlefield`):
after mulligans (or with the opening hands when there are none), starting with the
starting player and in turn order, each such card of a player's opening hand is a
``yesno`` decision with ``"opening_hand"`` ("begin the game with <card> on the
battlefield" / "keep <card> in hand"; event ``begin_on_battlefield``). Madness
(702.35a, :class:`~effects.MadnessCast`): a discarded card with madness goes to
exile instead (event ``discard`` with ``to`` ``exile``) and its triggered ability
asks its owner as it resolves (a ``yesno`` with ``"madness"``: "cast <card> for its
madness cost" / "don't cast <card>"; offered only when it can be cast, whatever its
timing, 608.2g) or it is put into the graveyard; *automated*: the discard into
exile is always taken. A permanent's :class:`~effects.GrantMadness` (Falkenrath
Gorger: the cards its controller owns outside the battlefield have madness for their
mana cost, 113.6) gives the trigger :data:`~effects.GRANTED_MADNESS`, locked in as the
card is discarded (it can still be cast so if the permanent has left); its question
is a ``yesno`` with ``"madness_mana_cost"``, asked after a "no" to the card's own
madness cost when it has both (the rules have the choice of madness ability made as
it is discarded: the same choices, asked later, with nothing in between). "Cast this only during the declare attackers step and only if
you've been attacked this step" (601.3, :class:`~effects.CastWhenAttacked`: a
creature attacks the caster or a planeswalker they control).

**Not implemented yet** (a card that needs one is unsupported, and the coverage report
names it): ward paid by sacrificing or by discarding a card of some quality, reflexive triggered abilities
after anything but an optional action ("when you do" after "you may pay {1}", exert,
a mandatory action), triggers on becoming untapped, the "one or more" batches
:data:`~effects.BATCH_EVENTS` does not list (counters you put, tokens you create,
"one or more" replacement effects), a
delayed return "with a +1/+1 counter on it", "look at the top card of target
player's library", protection from players, a keyword
that is a triggered ability granted by an effect to a permanent (prowess, exalted,
bushido and the rest of :data:`~keywords.OWN_ONLY`: the card is refused; a token
created with decayed, prowess, exalted or bushido has its ability),
banding, shadow, horsemanship, static replacement effects of a
permanent other than those of "Static replacement effects and restrictions" ("if
you would draw a card, ... instead", "if a source would deal damage, it deals double
that damage instead") and static prevention other than of all [combat]
damage to or by itself or its enchanted creature, "damage can't be prevented",
redirection, "the next time a source of your choice would deal damage", copies of
permanent spells (707.10b), casting a copy (707.12) but Chandra, Pyromaster's, "copy
that spell" triggers with other conditions ("your first instant or sorcery spell each
turn"),
"becomes a copy" of a permanent already on the battlefield, copy exceptions
other than added types, keywords, triggered abilities and "isn't legendary", a
permanent entering as a copy other than by resolving as a spell (put onto the
battlefield by an effect, it enters as itself), text-changing effects (layer 3),
colour changes and
characteristic-defining abilities from statics other than power and toughness, Opalescence-style "each other
enchantment is a creature", emblem and temporary triggers with an intervening "if",
"as long as this
is monstrous", switching power and toughness, exchanging control.

Linked abilities and cards outside the battlefield (:mod:`~linked`): a card in a
graveyard is an object with its own id (400.7: a new one each time it arrives there),
so "return target creature card from your graveyard to your hand / to the
battlefield", "exile target card from a graveyard" and "put target card from your
graveyard on top of your library" (:class:`~effects.MoveCards`) target it and
fizzle when it has left; the target decision offers the cards with "choose hand
slot" actions over the ``looking`` list (see the automated choices). "Whenever a
<quality> card is put into your / an opponent's / a graveyard from anywhere / from
your library" (``card_to_graveyard[_from_library]``, of permanents and emblems): once
for each card (a token is none, 111.1), from any zone (milled, surveilled, revealed
and put there, explored: from a library), permanents leaving with the card seeing it
(603.10a); "that player" is the card's owner, "return it to your hand" / "exile it"
act on the card in the graveyard (400.7); the batch form "one or more ... cards are
put" triggers once per batch (603.2c, with the other batch triggers). Mass returns
(:class:`~effects.GraveyardCards`, no target, 115.1): "return all Human creature
cards from your graveyard to the battlefield", "return each creature card with mana
value X from your graveyard ...", "put all creature cards from all graveyards onto
the battlefield under your control" (110.2a: a "put" without "under" is the
putting player's, a "return" the owner's); the cards enter at the same time and see
each other enter (603.6a); Aura cards put onto the battlefield this way (303.4f:
choosing what they enchant) are refused. Oblivion Ring
(607.2a): a card an ability of a permanent exiles is remembered as exiled with it
when its card names "the exiled card", and that ability returns it (the two
abilities are separate: a Ring that leaves before its enters ability resolves
returns nothing, then exiles for good). "Exile <it> until this leaves the
battlefield" (610.3): the card returns under its owner's control (610.3c) at once
when the source leaves, before anyone gets priority; nothing is exiled if the source
left first (610.3a-b). Flicker ("exile target creature you control, then return that
card to the battlefield under your control", 400.7): a new permanent, its enters
abilities trigger; "return that card to the battlefield under its owner's control at
the beginning of the next end step" (Flickerwisp) is a delayed triggered ability
(603.7) that remembers the card exiled just before. "Put target creature on top of /
on the bottom of its owner's library" (:class:`~effects.PutOnLibrary`; also a
permanent's own "draw a card, then put this on top of its owner's library": Sensei's
Divining Top; a spell putting itself there is refused). "Whenever this [enchanted land /
artifact] becomes tapped" (603.2) triggers when an untapped permanent is tapped for
mana, for a {T} cost, by attacking, by an effect or by regeneration. A token that
left the battlefield never moves again (111.8). "Exile target player's / each
opponent's graveyard" and "exile all creature cards from target player's graveyard"
(:class:`~effects.ExileGraveyard`). "Look at target player's hand"
(:class:`~effects.LookAtHand`, 400.2): the event ``look_hand`` names the cards to
the looking seat only (:meth:`MagicGame.event_for`); the observation vector has no
block for another player's hand, and :meth:`MagicGame.determinize` does not keep
what was seen. A reflexive triggered ability
(603.12, :class:`~effects.WhenYouDo`: "you may sacrifice an artifact. when you do,
<effect>") triggers when its player said yes to the action before it and the
action did something (it logged an event: a sacrifice with nothing to sacrifice does
not count); it is put on the stack the next time a player would receive priority, its
targets chosen then.

Face-down permanents (708): manifest (701.40) puts the top card of a library onto the
battlefield face down, cloak (701.58) the same with ward {2}; a card with morph
(702.37a), megamorph (702.37b) or disguise (702.168a, ward {2} while face down) may be
cast from its hand face down for {3} rather than its mana cost (an alternative cost
with the hand-ability action of its hand slot; a creature spell, at sorcery speed;
creature-spell cost changes apply, 601.2f); "when this dies, return it to the
battlefield face down under your control" (Ashcloud Phoenix: ``MoveCards.face_down``;
like a card cast face down, it turns up only for its morph cost, and
:meth:`MagicGame.determinize` resamples it among morph cards although its identity
was public). Face down, it is a 2/2 creature with no
name, text, subtypes or mana cost (mana value 0; :data:`~effects.FACE_DOWN`; a flag on
the permanent, so it is the same object throughout, 708.2). It has no abilities (no
triggers, statics, mana or activated abilities) but ward {2} where that applies, and is
never legendary; filters, triggers of other permanents and the state-based actions see
a 2/2 colourless creature. Its controller may turn it face up any time they have
priority (a special action, 116.2b, that does not use the stack: the action "activate
ability k" of its slot, ``k`` the k-th of :meth:`~objects.ObjectsMixin.face_up_ways`)
by paying its morph, megamorph or disguise cost (702.37e, 702.168d; mana and life;
megamorph adds a +1/+1 counter, 702.37b), or, if it was manifested or cloaked and is a
creature card with a mana cost, that cost (701.40b, 701.58c; a manifested card with
morph may use either, 701.40c). The payment is automatic. It keeps its counters,
damage, attachments, tapped, attacking and summoning-sick state, and has its card's
characteristics from then on; "when this is turned face up" triggers (708.8: turning
face up is not entering: no enters triggers, no devour). Its card is hidden from the
other players on the stack and on the battlefield (708.5-6) and revealed as it leaves
the battlefield or the stack. *Not*: morph costs other than mana and life ("morph—
reveal a blue card"), {X} in them, turning a permanent face down, "whenever a
permanent is turned face up", revealing face-down permanents at the game's end.
Manifest dread (701.60): the player looks at the top two cards of their library and
chooses which one to manifest (a decision: mode 0 the top card, mode 1 the second); the
other goes to their graveyard (one card left: it is manifested, no choice). After a
manifest, ``it`` in the same ability is the manifested permanent. Devour N (702.82):
as the creature enters from resolving, its controller chooses other permanents to
sacrifice (creatures, or the quality of "devour artifact 1"), one permanent-slot action
each, then "done"; they are sacrificed at once (their dies triggers trigger), then it
enters with N +1/+1 counters for each. A player at 0 or
less life, or who drew from an empty library, loses; the last player standing wins;
players who lose at the same moment as the last opponents make a draw.

Double-faced cards (rule 712, transform 701.28): a transforming double-faced card is
its front face in every zone but the battlefield (712.8a: cast, drawn, in a graveyard)
and enters front face up. Transforming (:class:`~effects.Transform`, "transform this"
of an activated or triggered ability) turns the permanent over: it is the same object,
keeping its counters, damage, attachments, tapped, attacking and summoning-sick state,
and has the characteristics of the face that is up (712.8e: the back face has no mana
cost, its mana value is the front face's, its colour its colour indicator's, 204);
it has its front face again once it leaves
the battlefield (event ``leaves`` names the face it left as). A face-down or
single-faced permanent does not transform (701.28c); an ability of a permanent that
would transform it does nothing if it transformed since the ability was put on the
stack (701.28f); "whenever this transforms into <this face>" triggers on the face it
becomes (701.28g). An ability on the stack stays the ability of the face it came from.
Werewolves: "at the beginning of each upkeep, if no spells were cast last turn" and
"if a player cast two or more spells last turn" are intervening ifs (603.4), checked as
the upkeep begins and again on resolution (event ``trigger_removed``, reason
``condition_false``); the game counts the spells each player cast this turn and last
turn. Day and night (rule 726, daybound and nightbound 702.145): the game is neither
until a daybound permanent appears (it becomes day) or a nightbound one (night); then,
as each turn begins (before the untap), day becomes night if the previous turn's
active player cast no spells, night becomes day if they cast two or more (event
``day_night``). As it becomes night every daybound permanent transforms, as it becomes
day every nightbound one, at once and without the stack; a daybound card enters
transformed at night; daybound and nightbound permanents transform by nothing else.
"If it's neither day nor night, it becomes day as this enters" (726.2,
:class:`~effects.DayAsEnters`), "it becomes day / night" (:class:`~effects.
BecomeDayNight`) and "whenever day becomes night or night becomes day" (726.3:
trigger event ``day_night_changes``, not as it first becomes day or night) are played.
(``observation_for`` says ``day_night``; the encoding has "day" and "night" globals.)
"Exile this, then return it to the battlefield transformed" and a dead creature's
"return it to the battlefield transformed" (712.14): the card returns as a new
object back face up (a card that is not a transforming double-faced card stays where
it is). *Not*: other "enters transformed" effects, disturb, melding, "more than
meets the eye".

Keywords about the turn's steps (:mod:`~text.upkeep`): echo (702.30a: at the beginning
of its controller's upkeep, if it came under their control since the beginning of
their last upkeep, ``Permanent.new_control``, set as it enters and as its control
changes and cleared once that player's upkeep has begun, sacrifice it unless they pay
the echo cost: the ``yesno`` decision with ``"unless"``, not asked when they can't
pay) and cumulative upkeep (702.24a: an age counter, then the same question for the
cost once per age counter on it, :attr:`~effects.PayCost.per_counter`), of mana or
life; *not*: other echo and upkeep costs (discards, sacrifices, snow mana).
Vanishing (702.63a: it enters with N time counters; at the beginning of its
controller's upkeep, if it has one, one is removed, :class:`~effects.RemoveCounters`;
when the last is removed, by any means, it is sacrificed: the trigger event
``last_time_counter_removed``) and fading (702.32a: N fade counters; each upkeep one
is removed, or it is sacrificed when it has none). Counters removed by an effect or a
cost are logged (``counters_removed``). Untapping (502.3): "you may choose not to
untap this during your untap step" (:class:`~effects.DoesntUntap` ``optional``) is
asked of its controller in the untap step, before anything untaps, one ``yesno``
decision with ``"stay_tapped"`` per such tapped permanent (yes: it stays tapped,
event ``stays_tapped``; *automated*: a seat the engine plays always untaps);
"<it> doesn't untap during its controller's untap step for as long as this remains
tapped" (611.2b, :class:`~effects.SkipNextUntap` ``while_tapped``: the effect ends as
the source becomes untapped, in an untap step or by an effect: Mole Worms, Amber
Prison); "this doesn't untap during your next untap step" (Cinder Marsh); stun
counters (122.1d: a permanent with one that would become untapped loses one
instead, in the untap step and by "untap" effects; "tap target creature and put a
stun counter on it"); "tap that creature and it doesn't untap during its
controller's next untap step" and "tap up to two target creatures. those creatures
don't untap during their controller's next untap step" (``TapOrUntap.hold``).
"[You may] tap or untap target permanent" (701.26, ``TapOrUntap.toggle``: Pestermite,
Vedalken Anatomist, Twiddle; automated: only the change that does something, tapping
an untapped one or untapping a tapped one, so the choice is the ``MayDo``'s yes/no).
Buyback (702.27a, :class:`~effects.Buyback`): after kicker, the caster is asked "pay
buyback" / "no buyback" (a ``yesno`` with ``"announce": "buyback"``, only when it can be
paid; the observation shows it as the generic "asked overload" context); its mana is
added to the spell's cost and its other parts (life, discards, a sacrifice) paid as
additional costs; a spell bought back goes to its owner's hand as it resolves (event
``bought_back``; countered or fizzled, to the graveyard; cast with flashback, exiled).
Soulfire Grand Master's "the next time you cast an instant or sorcery spell from your
hand this turn, put that card into your hand instead of into your graveyard as it
resolves" (614.1a, :class:`~effects.NextSpellToHand`: the next such spell cast from
the hand, 601.2i, is marked and returns as it resolves, event ``spell_card_to``) and
"instant and sorcery spells you control have lifelink / deathtouch"
(:class:`~effects.SpellsHave`, 702.15b, 702.2b: read as the spell deals damage).
"Creatures entering don't cause abilities to trigger" (Torpor Orb, Hushwing Gryff,
:class:`~effects.EnteringDontTrigger`, 603.2: no "enters" ability triggers for a
matching permanent entering, its own or another's; replacements still apply);
*not*: Hushbringer's "or dying", opponents-only or backup-only versions. "This
can't be the target of black or red spells your opponents control" (Fiendslayer
Paladin, :class:`~effects.CantBeTargetedBy`: such spells are not offered it as a
target, 115.4).

Blocking restrictions are checked as blockers are declared (509.1b): a creature is
offered to block only attackers it may block (flying and reach, "can't be blocked",
the evasion keywords), and "done" is not offered while an attacker with menace is
blocked by a single creature; "block with" that creature again withdraws its block
(event ``block_removed``), so the defending player always has a legal way to finish.
Blocking requirements (509.1c): "all creatures able to block this do so" (and Lure's
"... enchanted creature ..."), "this must be blocked if able", "this blocks each
combat if able", and the same granted until end of turn ("target creature must be
blocked this turn if able", "target creature blocks this turn if able", "all
creatures able to block target creature this turn do so"), and those naming the
attacker ("target creature blocks this this turn if able", provoke 702.39a:
:class:`~effects.MustBlock`, ``block_pairs`` until the turn ends). A declaration must obey
as many of them as a legal declaration can: "done" is offered only then, and a
block is offered only when the declaration can still get there (a depth-first
search over the undeclared creatures, only when some requirement exists; past
20,000 declarations it settles for the best found). *Automated*: nothing; *not
yet*: "can block an additional creature". "Creatures with power less than this's
power can't block it" (509.1b, the filter prop ``lesser_power``).

Combat damage is divided by the rules since the Foundations update (no damage
assignment order): an attacker blocked by two or more creatures asks its controller,
in the combat damage step, how to divide its damage among them (510.1c; decision
``assign_damage``, one action per part): "choose permanent" a blocker assigns it the
damage still lethal for it (toughness minus marked damage; 1 from deathtouch, 702.2c),
or one more point once it has that; "done" assigns the rest to the blocker chosen
last; with trample, once every blocker has lethal damage, choosing the player (or the
planeswalker) it attacks assigns it all the rest (702.19b). The division is logged
(``damage_assigned``) and all combat damage is then dealt at once.

Cleanup step (514.3): no player gets priority unless a state-based action is performed
or an ability triggers as damage and "until end of turn" effects end (a creature with
-1/-1 counters losing its pump, a discard trigger); then players get priority
(event ``cleanup_priority``) and, once all pass with the stack empty, another cleanup
step follows (514.3a).

Conceding (104.3a): :meth:`MagicGame.concede` lets a seat concede at any time,
whoever is deciding; it loses at once (event ``lose``, reason ``concede``) and leaves
the game as a player who loses does (800.4a, below): a spell it was casting or that
was resolving leaves with it, its own pending decision is dropped and play moves on
(a priority round its pass would have ended ends; its combat declarations end), and
another player's decision is asked again, or put back a step when what it was about
left (an attacker's target, a blocker's attacker; a spell whose targets can no longer
be chosen returns to its owner's hand uncast). The "concede" action
(:data:`~actions.CONCEDE`) is offered at every decision only in a game built with
``concede_action=True`` (an env option: learners are not offered it by default);
automatic passing looks past it.

Hand slots: a hand of more than 16 cards (the action table's hand slots) puts one
card of each definition in the slots first, then the other copies in the order they
arrived (:meth:`MagicGame.hand_slots`); copies in a hand are alike, so every card can
be played, discarded or chosen unless the hand holds more than 16 different cards
(those wait for a slot). A hand of 16 or fewer is addressed in arrival order.

Legend rule (704.5j): a player who controls two or more legendary permanents with the
same name chooses the one to keep (decision ``legend``, "choose permanent"; several
such choices are asked in APNAP order); the state-based actions are then performed
together and the others go to the graveyard (event ``legend_rule``).

**Choices the rules leave to a player that the engine automates** (each is a choice
a player could make, never a change to what is legal):

- Mana: payment is automatic (:mod:`~payment` explains which sources are tapped and
  that mana in the pool is spent first). A spell or ability is offered only when its
  cost can be paid (from the pool and the automatic sources) and every required
  target has a legal choice. Mana abilities that payment does not tap are activated
  while the player has priority, before casting (not in the middle of paying a cost,
  601.2g). With the ``pay_by_choice`` option (:meth:`MagicGame.new`, the Magic env's
  kwarg; off by default so learners keep automatic payment) the player chooses the
  sources instead (601.2h): after targets and the other costs, one ``pay_mana``
  decision per source ("choose permanent" its slot; its action name "pay with slot
  j"), offering only the automatic sources that keep the rest payable; each pays the
  owed pip it can pay with the fewest alternatives (a hybrid pip last), else generic
  mana, and mana it makes beyond what is owed goes to the pool. Still automatic with
  the option: mana already in the pool (spent first), costs with Phyrexian or
  ``{2/W}`` pips, "unless [a player] pays" taxes and ward, a seat that pays no
  mana.
- A flashback spell countered by a counterspell that would send it elsewhere
  ("exile it / put it into its owner's hand instead") is exiled by flashback's
  replacement: both apply and its controller would choose (616.1).
- "Exile N [quality] cards from your graveyard" as a cost exiles the oldest matching
  cards of that graveyard (the player's choice of which cards is automated).
- Convoke and delve (702.51, 702.66) are part of automatic payment (also with
  ``pay_by_choice``): delve exiles as many graveyard cards as the generic part
  allows (X included), cards without flashback first, oldest first (event
  ``cost_exiled``); convoke's creatures (untapped, summoning-sick ones too) are
  sources of one mana of their colours or {1}, tapped after the free mana sources
  and painlands and before sacrificed ones (Treasures), each coloured pip taking the
  least flexible source as always (event ``convoke``).
- Casting questions (601.2b): overload (and any other alternative cost, evoke) is
  asked only when both the mana cost and the overload cost can be paid (with every target the way needs); with one of them
  payable, that one is used. Kicker is asked only when the spell can be paid with
  one more kick (and its kicked targets exist); a seat that pays no mana (the
  Arcane Labyrinth) never kicks nor overloads. A card with its own flashback that
  also gained flashback ("equal to its mana cost") is cast for the cheaper of the
  two (a printed cost with more than mana counts as dearer). A card that gained
  flashback keeps it until the cleanup step even if it left the graveyard and came
  back the same turn (400.7 would make it a new object: rare, not tracked).
- A player whose only legal action is "pass" (or "done", or who has nothing to declare)
  passes automatically; that changes no outcome and keeps random games fast
  (``auto_pass``; :meth:`MagicGame.empty` turns it off for step-by-step tests).
- Costs other than mana are chosen after targets (rule 601.2h): which permanent to
  sacrifice and which cards to discard are decisions of the paying player; they are
  paid after the mana. Treasure-like sources (``{T}, sacrifice this: add mana``) are
  tapped only when nothing else can pay.
- Targets are chosen one decision per target after the spell or ability, modes before
  targets (rule 601.2b-c). The same object may not be chosen twice for one "target"
  word with a count above one.
- Triggered abilities waiting to be put on the stack go there in APNAP order (rule
  603.3b); one player's simultaneous triggers go in the order they triggered. Their
  targets are chosen then; a trigger with no legal target is removed. An optional
  trigger ("you may") asks its controller yes/no on resolution.
- Combat damage of an attacker blocked by one creature: all to it; with trample,
  lethal damage to it and the rest to the player or planeswalker it attacks (assigning
  it more than lethal instead is legal and never better here; :mod:`~combat`). A
  creature blocks one attacker only, so a blocker never divides its damage (510.1d).
- Blockers are declared one at a time (the blocker, then its attacker); a declared
  block is withdrawn ("block with" it again) only while it breaks a restriction, which
  still lets every legal set of blocks be declared; a blocker does not block again the
  attacker it withdrew from in the same declaration (so the declaration always ends).
- The legend rule offers only legendary permanents that have a permanent slot (see
  the 64-slot bullet); when none of the group has one, the newest stays.
- An automated seat (a variant's, such as the Arcane Labyrinth) divides combat damage
  among several blockers by :meth:`MagicGame.default_assignment`: lethal damage to
  each in the order declared, then the rest to the player with trample, else to the
  last blocker given damage.
- Order of prevention effects on one damage event (616.1): protection and "prevent
  all" first, then "prevent the next N" shields oldest first. The damage prevented
  now is the same in any order, and so are the shields left when no "prevent all"
  applies; "prevent all" first keeps the shields, which only a player wanting later
  damage to that recipient this turn would not choose (see
  :meth:`~objects.ObjectsMixin._after_prevention`). (When a
  regeneration shield and "exile it instead" both apply to a destruction, the order
  matters and its controller decides: a yes/no decision, yes for regeneration.)
- A land that asks for life as it enters ("you may pay 2 life") and is put onto the
  battlefield by anything but being played (a search, an Arcane Labyrinth reveal)
  enters tapped, its life not paid.
- A target in a graveyard is offered once per owner and card definition (cards alike
  in one graveyard are interchangeable), newest first, 16 to a page ("choose mode 0"
  turns the page); "choose hand slot ``i``" takes card ``i`` of ``looking``.
- A devour decision is skipped when its controller has nothing it could sacrifice;
  with automatic passing, the "done" after the last candidate is chosen is automatic.
- A manifest of several cards ("the top two cards") puts them onto the battlefield
  one at a time; a player with an empty library manifests nothing (it is not a draw).
- Cleanup (514.1): the active player discards down to 7, one chosen card at a time.
- London mulligan (103.5): in each round every player still deciding declares keep or
  mulligan in turn order from the starting player (one decision each); when all have
  declared, those who took a mulligan shuffle their hands away and draw new ones at
  once, then decide again in the next round. A player who keeps puts one card on the
  bottom per mulligan (one decision per card) before the next player declares; in a
  game of three or more players the first mulligan is free (103.5c); at most 7.
- Discard effects let the discarding player choose (one decision per card), unless at
  random or "you choose ... from it" (the caster chooses among the revealed cards);
  sacrifice effects let the sacrificing player choose when there are more
  candidates than the count; so do the effects that return permanents of yours
  chosen on resolution ("return a land you control to its owner's hand": the bounce
  lands, Whitemane Lion; :class:`~effects.ReturnChosen`), with the same ``sacrifice``
  decision (its ``dest`` is ``"hand"``; the actions read "return ... to its owner's
  hand").
- A search offers the distinct names of the matching cards (cards with one name are
  alike in a library), 16 to a page; a revealed hand is chosen from by its hand
  slots (see "Hand slots" above); a look at the top cards addresses at most 16. Cultivate with one land
  found lets the searcher put it onto the battlefield or into the hand.
- Power and toughness are computed on demand: printed values, then counters, static
  abilities and until-end-of-turn changes. Every modification the vocabulary has is
  an addition, so the timestamp order within layer 7c never changes the result.
- A "flying" condition in a filter reads the printed keywords and until-end-of-turn
  keywords, not keywords granted by static abilities (that would be circular).
- Step triggers (``upkeep``, ``end_step``) whose subject is ``Ref("self")`` or
  ``Ref("you")`` trigger in their controller's step only; ``Ref("each_opponent")`` in
  each opponent's step; any other subject, in every player's step.
- The starting player is chosen with the game's dice unless ``starting_player`` is
  given; in a two-player game it skips the draw of the first turn, in a game of three
  or more it draws (103.7c).
- A player who loses leaves the game: the objects they own leave (the engine puts their
  cards into that player's exile so that every card is still in one zone), creatures
  attacking them are removed from combat, and their turns are skipped. If the active
  player loses, the rest of the turn runs without them (rule 800.4).
- When all 64 permanent slots are taken, a new permanent has no slot: it cannot be
  targeted, attack, block or be activated until a slot frees (only happens on very
  large boards; game-state checks still count it).
- A game ends in truncation after ``max_turns`` turns (all players' turns counted) or
  ``max_actions`` actions; returns are then 0 for everyone. (An ability with no cost,
  "{0}: ...", may be activated any number of times, as the rules allow; random play
  can spend its actions there until ``max_actions``.)

**Hidden information.** The library is a list whose last element is the top card. The
``events`` log names the cards drawn and manifested (it is the full record of the game,
not a player's view); :meth:`MagicGame.observation_for` shows only what the seat may
see. A face-down permanent is "face-down creature" with the face-down characteristics
to every seat but its controller (in ``observation_for``, action names, targets on the
stack, the encoding and the text render); :meth:`MagicGame.determinize` resamples an
opponent's face-down cards with that opponent's hand and library. The two cards a
player looks at for manifest dread are named only in that player's action names.
The cards a player looks at for a library or hand decision (scry, surveil, a search,
a revealed hand) are named only to that player (``observation_for``'s ``looking``,
its action names, the ``to_bottom`` and unrevealed ``found`` events); a revealed hand
is public from then on (``determinize`` keeps it), and a player keeps the cards it
looks at on top and those it scried to the bottom.
"""

from __future__ import annotations

import copy
from functools import cache
from importlib import resources
from typing import Any

import numpy as np

from labyrinth_gym.envs.core.arguments import boolean, integer
from labyrinth_gym.envs.core.dice import Dice
from labyrinth_gym.envs.core.engine import DecisionGame
from labyrinth_gym.envs.magic.engine import actions as A
from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.casting import CastingMixin
from labyrinth_gym.envs.magic.engine.casting import with_x as with_x
from labyrinth_gym.envs.magic.engine.constants import COMBAT_STEPS as COMBAT_STEPS
from labyrinth_gym.envs.magic.engine.constants import GRANTED, STEPS, ZONES
from labyrinth_gym.envs.magic.engine.constants import HAND_LIMIT as HAND_LIMIT
from labyrinth_gym.envs.magic.engine.constants import MAIN_STEPS as MAIN_STEPS
from labyrinth_gym.envs.magic.engine.control import ControlMixin
from labyrinth_gym.envs.magic.engine.copies import CopiesMixin
from labyrinth_gym.envs.magic.engine.decisions import DecisionsMixin
from labyrinth_gym.envs.magic.engine.decisions import (
    battlefield_abilities as battlefield_abilities,
)
from labyrinth_gym.envs.magic.engine.decklist import parse_decklist
from labyrinth_gym.envs.magic.engine.elsewhere import ElsewhereMixin
from labyrinth_gym.envs.magic.engine.graveyard import ABILITY, GraveyardMixin
from labyrinth_gym.envs.magic.engine.layers import LayersMixin
from labyrinth_gym.envs.magic.engine.library import (
    LIBRARY_DECISIONS,
    LibraryMixin,
    hidden_card,
)
from labyrinth_gym.envs.magic.engine.linked import LinkedMixin
from labyrinth_gym.envs.magic.engine.objects import ObjectsMixin
from labyrinth_gym.envs.magic.engine.resolve import unresolvable
from labyrinth_gym.envs.magic.engine.state import (
    Permanent,
    StackItem,
    code_player,
    decode,
    encode,
)
from labyrinth_gym.envs.magic.engine.turns import TurnsMixin

DEFAULT_DECK = "red_green_midrange"
"""The default deck's name in ``data/decks``: 60 red-green cards, lands, keyword
creatures and simple spells."""


def default_deck() -> list[str]:
    """The card names of :data:`DEFAULT_DECK`, one per card."""
    return sample_deck(DEFAULT_DECK)


@cache
def _sample_text(name: str) -> str:
    if name not in sample_decks():  # never a path out of the data folder
        raise ValueError(f"no sample deck {name!r}; sample decks: {', '.join(sample_decks())}")
    path = resources.files("labyrinth_gym.envs.magic").joinpath("data", "decks", f"{name}.txt")
    if not path.is_file():
        raise ValueError(f"no sample deck {name!r}; sample decks: {', '.join(sample_decks())}")
    return path.read_text(encoding="utf-8")


def sample_decks() -> list[str]:
    """Names of the decklists shipped in ``data/decks``."""
    folder = resources.files("labyrinth_gym.envs.magic").joinpath("data", "decks")
    return sorted(p.name[:-4] for p in folder.iterdir() if p.name.endswith(".txt"))


def sample_deck(name: str) -> list[str]:
    """A shipped decklist's card names, one per card (``"red_burn"``...)."""
    return parse_decklist(_sample_text(name), f"{name}.txt").cards()


def table_arguments(max_turns: Any, max_actions: Any, mulligan: Any,
                    opening_hand: Any) -> tuple[int, int, bool, int]:
    """The caps and the opening every format on this engine takes, checked strictly
    (:mod:`labyrinth_gym.envs.core.arguments`): ``max_turns`` and ``max_actions`` at
    least 1, ``mulligan`` true or false, ``opening_hand`` 0 (hand-built positions)
    to 100 cards.

    Raises:
        ValueError: naming the first argument that is not what it takes.
    """
    return (integer("max_turns", max_turns, 1), integer("max_actions", max_actions, 1),
            boolean("mulligan", mulligan), integer("opening_hand", opening_hand, 0, 100))


def card_def(card: str | fx.CardDef) -> fx.CardDef:
    """See :func:`_card_def`; names are looked up once per process."""
    if isinstance(card, str):
        return _named_card_def(card)
    return _card_def(card)


@cache
def _named_card_def(name: str) -> fx.CardDef:
    return _card_def(name)


def _card_def(card: str | fx.CardDef) -> fx.CardDef:
    """A card by name from the compiled pool (or a :class:`CardDef` as it is).

    Raises:
        ValueError: The card is unknown or unsupported by the compiler, or uses
            something the engine cannot resolve (naming the card and the parts).
    """
    if isinstance(card, fx.CardDef):
        defn = card
    else:
        from labyrinth_gym.envs.magic.engine.compiler import compiled_pool

        pool = compiled_pool()
        if card not in pool.supported:
            why = pool.unsupported.get(card, "not in the card pool")
            raise ValueError(f"card {card!r} is not supported: {why}")
        defn = pool.supported[card]
    bad = unresolvable(defn)
    if bad:
        raise ValueError(f"card {defn.name!r} uses what the engine cannot resolve: "
                         + ", ".join(bad))
    return defn


class MagicGame(ObjectsMixin, LinkedMixin, ControlMixin, LayersMixin, CastingMixin,
                DecisionsMixin, LibraryMixin, TurnsMixin, ElsewhereMixin, GraveyardMixin,
                CopiesMixin, DecisionGame):
    """A game of Magic; build one with :func:`new_game` or :meth:`new`.

    This class holds set-up, the engine contract (:class:`~core.engine.Game`),
    views and serialisation; the rules are in its mixins:
    :class:`~objects.ObjectsMixin` (cards, zones, characteristics, damage,
    triggers, state-based actions), :class:`~casting.CastingMixin` (targets,
    costs and payment, casting, resolution), :class:`~decisions.DecisionsMixin`
    (legal actions and carrying them out) and :class:`~turns.TurnsMixin`
    (priority, steps, combat, mulligans, losing).
    """

    num_actions = A.NUM_ACTIONS
    #: Seats whose decisions the game makes itself (:meth:`_automatic_action`), never
    #: an agent: none in Magic; a variant with an automated opponent (the Arcane
    #: Labyrinth) names its seat.
    automated_seats: frozenset[int] = frozenset()
    #: ``chars()`` never lowers a permanent's toughness below its printed one unless
    #: counters, until-end-of-turn mods, anthems or attached bonuses do. State-based
    #: actions then skip ``chars()`` for an undamaged creature with none of those (the
    #: commonest case, and ``chars()`` is the dearest part of the check). A variant
    #: whose ``chars()`` can lower toughness otherwise sets this False.
    chars_lowers_only_by_effects: bool = True

    def _automatic_action(self) -> int:
        """The action an automated seat takes for the current decision (a subclass
        with :attr:`automated_seats` implements it; Magic has no automated seat)."""
        raise AssertionError(f"seat {self.decision['player']} is not automated")

    # ------------------------------------------------------------------ set-up
    @classmethod
    def new(cls, rng: np.random.Generator | int | None = None, *, num_players: int = 2,
            decks: list[list[str | fx.CardDef]] | None = None, life: int = 20,
            max_turns: int = 60, max_actions: int = 20000,
            starting_player: int | None = None, mulligan: bool = True,
            opening_hand: int = 7, concede_action: bool = False,
            pay_by_choice: bool = False) -> MagicGame:
        """A new game: decks shuffled, opening hands drawn, mulligans asked.

        Args:
            rng: Seed or generator for the game's dice.
            num_players: 2 to 4.
            decks: One list of card names (or definitions) per player; default
                :func:`default_deck` for everyone.
            life: Starting life total.
            max_turns, max_actions: Truncation limits.
            starting_player: Seat taking the first turn (default: a die roll).
            mulligan: Offer London mulligans (False: everyone keeps).
            opening_hand: Cards drawn at the start (0 for hand-built positions).
            concede_action: Offer the "concede" action (:data:`~actions.CONCEDE`)
                at every decision of a player (default: only :meth:`concede`).
            pay_by_choice: Players choose which mana sources pay each cost, one
                ``pay_mana`` decision per source (default: automatic payment).
        """
        num_players = integer("num_players", num_players, 2, A.MAX_PLAYERS)
        life = integer("life", life, 1)
        max_turns, max_actions, mulligan, opening_hand = table_arguments(
            max_turns, max_actions, mulligan, opening_hand)
        if starting_player is not None:
            starting_player = integer("starting_player", starting_player, 0,
                                      num_players - 1)
        if decks is None:
            decks = [default_deck() for _ in range(num_players)]
        if len(decks) != num_players:
            raise ValueError(f"{len(decks)} decks for {num_players} players")
        game = cls.__new__(cls)
        game._init_empty(Dice(rng), num_players, life, max_turns, max_actions)
        game.concede_action = boolean("concede_action", concede_action)
        game.pay_by_choice = boolean("pay_by_choice", pay_by_choice)
        for p, deck in enumerate(decks):
            for card in deck:
                game.library[p].append(game._new_card(card_def(card), p))
            game.dice.shuffle(game.library[p])
        if starting_player is None:
            starting_player = game.dice.index(num_players)
        game.active = game.starting = game.priority = int(starting_player)
        game.log("start", players=num_players, starting_player=game.starting)
        for p in game._turn_order(game.starting):
            for _ in range(opening_hand):
                game.draw(p, log=False)
            game.drew_empty[p] = False
        if mulligan and opening_hand:
            game._start_mulligans(game._turn_order(game.starting), opening_hand)
        elif opening_hand and any(isinstance(s, fx.BeginOnBattlefield)
                                  for d in game.defs for s in d.statics):
            game._start_mulligans([], opening_hand)  # (no mulligans: 103.6 only)
        else:
            game._begin_turn(first=True)
        game._run()
        return game

    @classmethod
    def empty(cls, rng: np.random.Generator | int | None = None, *,
              num_players: int = 2, life: int = 20, max_turns: int = 60,
              max_actions: int = 20000) -> MagicGame:
        """A game with every zone empty that has not started: build a position with
        :meth:`add_card` / :meth:`add_permanent`, then :meth:`start_at` a step.
        Automatic passing is off (every pass is an action) until turned on."""
        game = cls.__new__(cls)
        game._init_empty(Dice(rng), num_players, life, max_turns, max_actions)
        game.auto_pass = False
        game.stage = "setup"
        game.turn = 1
        return game

    def _init_empty(self, dice: Dice, num_players: int, life: int, max_turns: int,
                    max_actions: int) -> None:
        self.dice = dice
        self.num_players = num_players
        self.max_turns = max_turns
        self.max_actions = max_actions
        self.start_life = life
        self.events: list[dict[str, Any]] = []
        self.defs: list[fx.CardDef] = []
        self._def_index: dict[fx.CardDef, int] = {}
        self._def_by_id: dict[int, tuple[fx.CardDef, int]] = {}
        self.card_def: list[int] = []
        self.card_owner: list[int] = []
        self.card_token: list[bool] = []
        self.library: list[list[int]] = [[] for _ in range(num_players)]
        self.hand: list[list[int]] = [[] for _ in range(num_players)]
        self.graveyard: list[list[int]] = [[] for _ in range(num_players)]
        self.exile: list[list[int]] = [[] for _ in range(num_players)]
        self.life = [life] * num_players
        self.lost = [False] * num_players
        self.drew_empty = [False] * num_players
        #: An effect said the player loses the game (104.3e; applied with the
        #: state-based actions).
        self.effect_losses = [False] * num_players
        #: Poison counters per player (ten lose the game, 704.5c).
        self.poison = [0] * num_players
        #: Energy counters per player (122.1, 107.14: "you get {E}", "pay {E}").
        self.energy = [0] * num_players
        #: The monarch (724; None: no player is) and the card number of the
        #: designation's triggered abilities (:data:`~effects.MONARCH`), -1 until then.
        self.monarch: int | None = None
        self.monarch_card = -1
        #: Each player's mana pool (rule 106.4): mana symbols (``"B"``, ``"C"``) in
        #: the order they were added; emptied at the end of each step and phase.
        self.pool: list[list[str]] = [[] for _ in range(num_players)]
        #: Each player's coloured mana in the pool that a rider is linked to (607.2:
        #: Opal Palace), ``[symbol, source permanent id]``; spent before the pool's
        #: other mana of that symbol (automated), emptied with the pool.
        self.linked_mana: list[list[list[Any]]] = [[] for _ in range(num_players)]
        # mana kept in each pool until end of turn (KeepMana, 106.4)
        self.kept_mana: list[list[str]] = [[] for _ in range(num_players)]
        #: Each player's pool mana with a spending restriction (106.6), ``[symbol,
        #: Spend, kept]`` a mana (``kept``: until end of turn, KeepMana): units of
        #: ``pool`` too, spent only for what the restriction allows; emptied with it.
        self.restricted_pool: list[list[list[Any]]] = [[] for _ in range(num_players)]
        #: The sources of the linked mana the spell being paid spent (transient).
        self.linked_spent: list[int] = []
        self.battlefield: dict[int, Permanent] = {}
        self.slots: list[int] = [-1] * A.MAX_PERMANENTS
        self.stack: list[StackItem] = []
        self.next_id = 1
        self.turn = 0
        self.active = 0
        self.starting = 0
        self.step = "untap"
        self.stage = "priority"
        self.priority = 0
        self.passes = 0
        self.land_played = False
        #: Spells each player cast this turn and last turn (the werewolves'
        #: intervening "if", :meth:`~objects.ObjectsMixin.condition_holds`).
        self.spells_cast = [0] * num_players
        #: Creature spells each player cast this turn ("the second creature spell
        #: you cast this turn": Vengevine).
        self.creature_spells = [0] * num_players
        self.spells_last_turn = [0] * num_players
        #: Creatures that died this turn (morbid's "if a creature died this turn",
        #: :class:`~effects.IfAmount`).
        self.creatures_died = 0
        #: Whether the active player attacked with a creature this turn (raid).
        self.attacked_this_turn = 0  # (creatures that attacked this turn)
        #: The first object id of this turn: a permanent with this id or a later
        #: one entered the battlefield this turn (ids are timestamps).
        self.turn_first_id = 0
        #: Life each player lost this turn (119.3: "for each player who lost life
        #: this turn", :class:`~effects.Count`).
        self.life_lost_turn = [0] * num_players
        #: Whether each player was dealt damage this turn (bloodthirst's "if an
        #: opponent was dealt damage this turn", 702.54a).
        self.damaged_turn = [0] * num_players  # (damage dealt this turn)
        #: ``(damaged permanent, source permanent)`` pairs of this turn's damage
        #: ("whenever a creature dealt damage by this this turn dies", 120.1).
        self.damage_pairs: set[tuple[int, int]] = set()
        #: The graveyard object each creature that died became, by its permanent
        #: id (kept only in games whose cards say "exile it" of another's death).
        self.died_cards: dict[int, int] = {}
        self.face_down_exile: list[int] = []
        """Cards in exile face down (hideaway, 702.75a): only their owner may look
        at them (406.3); dropped as they leave exile."""
        #: Whether each player has the city's blessing (702.131c: for the rest of the
        #: game).
        self.blessed = [False] * num_players
        #: The cards each player drew this turn (702.94a: miracle's "first card").
        self.drawn_turn = [0] * num_players
        #: Whether a land entered the battlefield under each player's control this
        #: turn (landfall's "if you had a land enter ... this turn").
        self.land_entered = [False] * num_players
        #: What happened to each player this turn that a trap's alternative cost asks
        #: (``"searched"``: they searched their library, 701.23;
        #: ``"creature_countered"``: an opponent's spell or ability countered a
        #: creature spell they cast, 701.6).
        self.turn_marks: list[set[str]] = [set() for _ in range(num_players)]
        #: Additional lands each player may play this turn (305.2, Explore).
        self.extra_lands = [0] * num_players
        #: Lands the active player played this turn (305.2; :mod:`~elsewhere`).
        self.lands_this_turn = 0
        # "the next sorcery spell you cast this turn can be cast as though it had
        # flash" (SorceryFlash), per seat, until the turn ends or a sorcery is cast
        # (1); "you may cast spells this turn as though they had flash" (2)
        self.sorcery_flash = [0] * num_players
        #: "The next time you cast an instant or sorcery spell from your hand this
        #: turn, put that card into your hand" (:class:`~effects.NextSpellToHand`),
        #: per seat, until the turn ends or such a spell is cast.
        self.spell_to_hand = [False] * num_players
        #: Whether it is ``"day"`` or ``"night"`` (rule 726; None: neither yet).
        self.day_night: str | None = None
        #: Extra turns to take (500.7), by player, the most recently created last.
        self.extra_turns: list[int] = []
        #: Last known information (608.2h) of sources that left the battlefield
        #: while their spell or ability was pending, by permanent id: ``[power,
        #: toughness, mana value, counters, keywords, name, was a token, subtypes,
        #: copiable definition index (-1: face down)]`` (:meth:`remember_source`).
        self.source_lki: dict[int, list] = {}
        #: ``[pid, ability]`` of "once each turn" abilities activated this turn.
        self.activated_this_turn: list[list[int]] = []
        #: ``[pid, ability]`` of "this ability triggers only once each turn" triggered
        #: abilities that triggered this turn.
        self.triggered_this_turn: list[list[int]] = []
        #: Time counters on cards in exile (702.62b: suspended while it has one),
        #: by card id.
        self.time_counters: dict[int, int] = {}
        #: Foretold cards in exile (702.143a), by card id: the turn they were
        #: foretold (cast from exile for their foretell cost on a later turn).
        self.foretold: dict[int, int] = {}
        #: Foretold cards an effect made foretold with a foretell cost of their mana
        #: cost reduced by this much generic mana ("it becomes foretold. its foretell
        #: cost is its mana cost reduced by {2}"), by card id.
        self.foretold_reduced: dict[int, int] = {}
        self.first_turn = True
        self.attackers: dict[int, int] = {}
        #: The planeswalker an attacker attacks (rule 508.1b), by attacker; an attacker
        #: absent here attacks its defending player.
        self.attacking_pw: dict[int, int] = {}
        self.blocks: dict[int, list[int]] = {}
        self.blocking: dict[int, int] = {}
        self.blocked: list[int] = []
        self.blockers_to_declare: list[int] = []
        self.first_strike_step = False
        #: The creatures in combat that had first or double strike as the
        #: first-strike damage step began (rule 702.7c).
        self.first_strikers: list[int] = []
        #: The combat damage assigned so far in this combat damage step, while the
        #: attacking player divides an attacker's damage: ``[attacker, [[target code,
        #: amount], ...]]`` per attacker (None outside that turn-based action).
        self.combat_hits: list[list[Any]] | None = None
        self.pending_triggers: list[dict[str, Any]] = []
        #: Delayed triggered abilities waiting for their moment (rule 603.7).
        self.delayed: list[dict[str, Any]] = []
        #: Object ids of cards in graveyards offered as targets (rule 400.7), by
        #: card; a card leaving its graveyard loses its id (:mod:`~linked`).
        self.grave_ids: dict[int, int] = {}
        #: Cards exiled with a permanent (607.2a) or until it leaves (610.3):
        #: ``[source permanent id, card, until]`` (:mod:`~linked`).
        self.exiled_with: list[list[int]] = []
        #: Tokens created with a permanent (607.2a, "exile all tokens created with
        #: it"): ``[source permanent id, token id]`` (:mod:`~linked`).
        self.created_with: list[list[int]] = []
        #: Legendary permanents their controllers chose to keep (704.5j) for the
        #: state-based check under way; emptied when it is performed.
        self.legend_kept: list[int] = []
        #: Replacement and prevention effects that last until end of turn (rules
        #: 614-615; see :meth:`~objects.ObjectsMixin.add_prevention`).
        self.replacements: list[list[Any]] = []
        #: Permanents that don't untap during their controller's next untap step
        #: (:class:`~effects.SkipNextUntap`), by object id.
        self.skip_untap: list[int] = []
        #: Attack requirements (508.1d, :class:`~effects.MustAttackThis`): ``[seat,
        #: planeswalker id, turn made]``: during seat's first turn after that turn, its
        #: creatures attack that planeswalker if able.
        self.must_attack: list[list[int]] = []
        #: Blocking requirements naming an attacker (509.1c, :class:`~effects.
        #: MustBlock`): ``[blocker, attacker]`` until the turn ends.
        self.block_pairs: list[list[int]] = []
        #: Attack restrictions for this combat (508.1c, :class:`~effects.RollOff`):
        #: ``[attacker, seat]``: the creature can't attack that player or planeswalkers
        #: they control; cleared as combat ends.
        self.attack_barred: list[list[int]] = []
        #: The player who chooses which creatures block this turn and how (509.1,
        #: :class:`~effects.ChooseBlocks`: every defending player's declaration is
        #: asked of them, a ``block`` decision with ``defender``); -1: none.
        self.block_chooser = -1
        #: Permanents that don't untap during their controller's untap step for as
        #: long as a player controls a source (611.2b, :class:`~effects.SkipNextUntap`
        #: ``while_you_control``): ``[pid, source pid, that player]``; ``[pid, source pid,
        #: -1, 1]`` for as long as the source remains tapped (``while_tapped``).
        self.held_untapped: list[list[int]] = []
        #: This untap step's answers to "you may choose not to untap this" (502.3):
        #: ``[pid, 1 if it stays tapped]``.
        self.untap_answers: list[list[int]] = []
        #: Cards that gained flashback until end of turn (702.34a), by card id.
        self.flashback_grants: list[int] = []
        #: Cards in exile a player may play (601.3, :class:`~effects.MayPlay`):
        #: ``[card, player, duration index, turn granted]`` (:mod:`~elsewhere`).
        self.play_grants: list[list[int]] = []
        self.decision: dict[str, Any] | None = None
        self.casting: StackItem | None = None
        self.closed: list[str] = []
        self.res: dict[str, Any] | None = None
        self.mull: dict[str, Any] | None = None
        #: Cards in a hand that every player has seen go there (returned from the
        #: battlefield); ``determinize`` keeps them where they are.
        self.public_hand: list[int] = []
        #: Per player, how many cards at the bottom of its library it knows, in order
        #: (those it put there after a mulligan); a shuffle forgets them.
        self.known_bottom: list[int] = [0] * num_players
        self.actions_taken = 0
        #: Pass (or say "done") for a player with no other choice; tests of single
        #: steps turn it off.
        self.auto_pass = True
        #: Whether the "concede" action is offered (:meth:`concede` always works).
        self.concede_action = False
        #: Players choose the mana sources that pay each cost (decision ``pay_mana``)
        #: instead of the automatic payment of :mod:`~payment` (an option).
        self.pay_by_choice = False
        self.outcome: str | None = None
        self.winner: int | None = None
        self._legal: list[int] | None = None
        self._memo: dict[tuple, Any] | None = None
        self._bf_version = 0
        #: How many permanents carry a resolved control-changing effect or are
        #: controlled by another player than the one they entered under (0: control
        #: needs no work).
        self.controlled = 0
        # False whenever something happened since the last state-based check found
        # nothing to do: a pass that only moves priority changes nothing.
        self._sba_clean = False
        # A token left the battlefield since the last state-based check.
        self._token_left = False
        self._static_version = -1
        self._cost_version = -1
        self._play_version = -1
        self._play_mods: dict[int, list[Any]] = {}
        self._cost_mods: list[tuple[int, fx.CostChange]] = []
        self._tax_version = -1  # attack taxes (508.1d), worked out per battlefield
        self._taxes: list[tuple[int, fx.AttackTax]] = []
        self._trig_version = -1
        self._trig_index: dict[str, list[tuple[int, int, fx.Trigger]]] = {}
        #: The events cards of this game wait for from a graveyard, as of
        #: ``_grave_defs`` definitions (:mod:`~graveyard`).
        self._grave_defs = -1
        self._grave_gate: frozenset[str] = frozenset()
        #: The cards of this game whose statics function from their owner's graveyard
        #: (113.6), as of ``_grave_static_n`` cards, and those of them in it as of the
        #: last refresh of the statics (:meth:`~graveyard.GraveyardMixin.
        #: _grave_statics_moved`).
        self._grave_static_n = 0
        self._grave_static_cards: tuple[int, ...] = ()
        self._grave_static_in: tuple[int, ...] = ()
        self._anthems: list[tuple[int, int, fx.Anthem]] = []
        self._anthem_restrictions = False
        #: Aura and Equipment bonuses by the permanent they are attached to:
        #: ``(bonus, its source, that source's controller)``.
        self._bonuses: dict[int, list[tuple[fx.AttachedBonus, int, int]]] = {}
        #: Static prevention effects ("prevent all damage that would be dealt to
        #: this") by the permanent they are about (refreshed with the anthems).
        self._static_prevention: dict[int, list[fx.PreventDamage]] = {}
        self._player_rules: list[tuple[int, fx.PlayerRule]] = []
        #: :class:`~effects.GraveyardInstead` statics on the battlefield, with their
        #: controllers (refreshed with the anthems).
        self._graveyard_instead: list[tuple[int, fx.GraveyardInstead]] = []
        #: :class:`~effects.OthersEnterTapped` and :class:`~effects.
        #: SpellsCantBeCountered` statics on the battlefield, with their controllers.
        self._about_others: list[tuple[int, Any]] = []
        #: The classes of the statics of the game's definitions, as of
        #: ``_kinds_defs`` definitions (:meth:`static_kinds`).
        self._kinds_defs = -1
        self._static_kinds: frozenset[type] = frozenset()
        #: Permanents whose "as this enters, choose ..." is still to be asked.
        self.to_choose: list[int] = []
        #: Emblems (rule 114) in the command zone: ``[owner, definition index, card
        #: number]``.
        self.emblems: list[list[int]] = []
        #: Triggered abilities of no object that a resolved
        #: :class:`~effects.TemporaryTrigger` created (611.2a): ``[controller,
        #: definition index, its source's card, its source (None: none), the seat
        #: whose next turn ends it (-1: the turn's cleanup step ends it)]``.
        self.temporary_triggers: list[list[Any]] = []
        #: The until-end-of-turn effects :attr:`~state.Permanent.becomes` names.
        self.layer_nodes: list[Any] = []
        self._layer_node_index: dict[Any, int] = {}
        # Some permanent had a shape the last time the layers were worked out.
        self._layered = False
        # (base definition, effects applied) -> shape (:mod:`~layers`).
        self._layer_memo: dict[tuple, int] = {}

    # --------------------------------------------------- scripted positions
    # A test states a position in four calls: :meth:`empty`, then cards
    # (:meth:`add_card`, :meth:`add_permanent`, :meth:`set_library`), then life and
    # poison (plain attributes: ``game.life[p] = 3``, ``game.poison[p] = 9``), then
    # :meth:`start_at` a step (or :meth:`start_mulligans` before the first turn).
    def add_card(self, card: str | fx.CardDef, owner: int, zone: str = "hand") -> int:
        """Put a new card into ``owner``'s ``zone`` (library: on top); its card id."""
        cid = self._new_card(card_def(card), owner)
        getattr(self, zone)[owner].append(cid)
        self._legal = None
        return cid

    def set_library(self, owner: int, cards: list[str | fx.CardDef]) -> list[int]:
        """Replace ``owner``'s library with ``cards``, the first named on top (the
        next drawn); their card ids in that order."""
        ids = [self._new_card(card_def(c), owner) for c in cards]
        self.library[owner] = ids[::-1]
        self.known_bottom[owner] = 0
        self._legal = None
        return ids

    def add_permanent(self, card: str | fx.CardDef, controller: int, *,
                      sick: bool = False, tapped: bool = False,
                      attached_to: int | None = None,
                      counters: dict[str, int] | None = None,
                      damage: int = 0) -> int:
        """Put a new card onto the battlefield (no enters triggers), with ``counters``
        (``{"+1/+1": 2}``; a planeswalker's loyalty too) and ``damage`` marked on it;
        its object id."""
        cid = self._new_card(card_def(card), controller)
        pid = self._put_onto_battlefield(cid, controller, triggers=False)
        perm = self.battlefield[pid]
        perm.sick = sick
        perm.tapped = tapped
        perm.attached_to = attached_to
        perm.counters.update(counters or {})
        perm.damage = damage
        self._legal = None
        return pid

    def start_at(self, step: str, active: int, *, turn: int = 2) -> None:
        """Jump to the start of ``step`` of ``active``'s turn (for hand-built tests):
        no mulligans pending, nothing on the stack, turn-based actions of ``step``
        performed, then play runs to the next decision. ``turn=1`` is the game's first
        turn, with ``active`` the starting player (whose draw rule 103.7c governs)."""
        self.turn = turn
        self.active = self.priority = active
        self.first_turn = turn == 1
        if turn == 1:
            self.starting = active
        self.land_played = False
        self.land_entered = [False] * self.num_players  # (the position was built)
        self.turn_marks = [set() for _ in range(self.num_players)]
        self.mull = None
        self.decision = None
        self.step = step
        self.stage = "tba"
        self._legal = None
        self._sba_clean = False
        self._token_left = True
        self._run()

    def start_mulligans(self, starting: int, hand_size: int = 7) -> None:
        """Begin the game from the position built: each player draws ``hand_size``
        cards from its library (see :meth:`set_library`) and the London mulligans
        are asked in turn order from ``starting``; then ``starting`` takes turn 1."""
        self.active = self.starting = self.priority = starting
        for p in self._turn_order(starting):
            for _ in range(hand_size):
                self.draw(p, log=False)
        self.decision = None
        self._legal = None
        self._start_mulligans(self._turn_order(starting), hand_size)
        self._run()

    # ---------------------------------------------------------- engine contract
    def _apply(self, action: int) -> None:
        self._act(action)
        self.actions_taken += 1
        if self.outcome is None and self.actions_taken >= self.max_actions:
            self._finish(None, "max_actions")
            return
        self._run()

    def returns(self) -> list[float]:
        if self.outcome is None or self.winner is None:
            return [0.0] * self.num_players
        return [1.0 if p == self.winner else -1.0 for p in range(self.num_players)]

    # ------------------------------------------------------ names and views
    def action_to_string(self, action: int) -> str:
        kind, args = A.decode(int(action))
        p = self.decision["player"] if self.decision else self.active
        if kind == "concede":
            return kind
        if self.decision is not None and self.decision["kind"] in LIBRARY_DECISIONS:
            # only the deciding player is shown action names: it looks at the cards
            return self.library_action_name(action)
        if kind in ("yes", "no") and self.decision is not None and (
                "cascade" in self.decision or "rebound" in self.decision):
            # 702.85a, 702.88a
            name = self.name_of(self.decision.get("cascade",
                                                  self.decision.get("rebound")))
            return (f"cast {name} without paying its mana cost" if kind == "yes"
                    else f"don't cast {name}")
        if kind in ("yes", "no") and self.decision is not None and \
                "cast_copy" in self.decision:  # 707.12
            name = self.name_of(self.decision["cast_copy"])
            return (f"cast a copy of {name} without paying its mana cost"
                    if kind == "yes" else f"don't cast the copy of {name}")
        if kind in ("yes", "no") and self.decision is not None and \
                "play_free" in self.decision:  # hideaway (702.75a)
            name = self.name_of(self.decision["play_free"])
            verb = "play" if self._is_land(self.decision["play_free"]) else "cast"
            return (f"{verb} {name} without paying its mana cost" if kind == "yes"
                    else f"don't {verb} {name}")
        if kind in ("yes", "no") and self.decision is not None and \
                "opening_hand" in self.decision:  # 103.6
            name = self.name_of(self.decision["opening_hand"])
            return (f"begin the game with {name} on the battlefield" if kind == "yes"
                    else f"keep {name} in hand")
        if kind in ("yes", "no") and self.decision is not None and \
                "to_bottom" in self.decision:  # PutOnLibrary.owner_chooses
            name = self.name_of(self.battlefield[self.decision["to_bottom"]].card)
            return (f"put {name} on the bottom of your library" if kind == "yes"
                    else f"put {name} on top of your library")
        if kind in ("yes", "no") and self.decision is not None and \
                "dredge" in self.decision:  # 702.52a
            card = self.decision["dredge"]
            return (f"dredge {self.name_of(card)} (mill {self.cdef(card).dredge})"
                    if kind == "yes" else "don't dredge it")
        if kind in ("yes", "no") and self.decision is not None and \
                "madness" in self.decision:  # 702.35a
            name = self.name_of(self.decision["madness"])
            return (f"cast {name} for its madness cost" if kind == "yes"
                    else f"don't cast {name}")
        if kind in ("yes", "no") and self.decision is not None and \
                "madness_mana_cost" in self.decision:  # a granted madness (702.35a)
            name = self.name_of(self.decision["madness_mana_cost"])
            return (f"cast {name} for its mana cost (madness)" if kind == "yes"
                    else f"don't cast {name}")
        if kind in ("yes", "no") and self.decision is not None and \
                "miracle" in self.decision:  # 702.94a
            name = self.name_of(self.decision["miracle"])
            return (f"cast {name} for its miracle cost" if kind == "yes"
                    else f"don't cast {name}")
        if kind in ("yes", "no") and self.decision is not None and \
                "announce" in self.decision:
            what = self.decision["announce"]
            return {("yes", "kicker"): "pay kicker", ("no", "kicker"): "no kicker",
                    ("yes", "buyback"): "pay buyback", ("no", "buyback"): "no buyback",
                    ("yes", "overload"): "pay overload",
                    ("no", "overload"): "pay mana cost",
                    ("yes", "alternative"): "pay alternative cost",
                    ("no", "alternative"): "pay mana cost",
                    ("yes", "evoke"): "pay evoke", ("no", "evoke"): "pay mana cost",
                    ("yes", "bestow"): "pay bestow", ("no", "bestow"): "pay mana cost",
                    ("yes", "dash"): "pay dash", ("no", "dash"): "pay mana cost",
                    ("yes", "reveal"): "reveal a card for the additional cost",
                    ("no", "reveal"): "pay the additional cost",
                    ("yes", "granted_alt"): "pay alternative cost",
                    ("no", "granted_alt"): "pay mana cost",
                    }[kind, what]
        if kind in ("hand", "mode") and self.decision is not None and \
                self.grave_target(self.decision) is not None:
            return self.grave_action_name(action)
        if kind == "done" and self.decision is not None and "retarget" in self.decision:
            return "keep the target"  # 707.10c: of the copy being put on the stack
        if kind in ("pass", "done", "yes", "no", "keep", "mulligan"):
            return kind
        if kind == "graveyard":  # a card played from outside the hand (elsewhere)
            slots = self.zone_slots(p)
            i = args[0]
            if i >= len(slots):
                return f"cast graveyard {i} (?)"
            card, how = slots[i]
            if how.startswith(ABILITY):
                return f"activate graveyard {i} ({self.name_of(card)}) from the graveyard"
            verb = "play" if self._is_land(card) else "cast"
            own = self.cdef(card).flashback
            return f"{verb} graveyard {i} ({self.name_of(card)}) " + {
                "flashback": f"with {own.keyword if own is not None else 'flashback'}", "graveyard": "from the graveyard",
                GRANTED: "from the graveyard",
                "library": "from the top of the library", "exile": "from exile",
                "foretell": "foretold, from exile",
                "foretold_reduced": "foretold, for its mana cost reduced, from exile"}[how]
        if kind in ("cast", "hand", "hand_ability"):
            i = args[0]
            slots = self.hand_slots(p)
            name = self.name_of(slots[i]) if i < len(slots) else "?"
            if kind == "hand_ability":
                if i < len(slots) and self.cdef(slots[i]).face_down_cost is not None:
                    return f"cast hand {i} ({name}) face down"
                if i < len(slots) and self.cdef(slots[i]).suspend is not None:
                    return f"suspend hand {i} ({name})"
                if i < len(slots) and self.cdef(slots[i]).foretell is not None:
                    return f"foretell hand {i} ({name})"
                return f"activate hand {i} ({name}) from the hand"
            if kind == "hand":
                verb = (self.decision or {}).get("kind", "choose")
                return f"{verb} hand {i} ({name})"
            return f"{'play' if name != '?' and self._is_land(slots[i]) else 'cast'}" \
                   f" hand {i} ({name})"
        if kind == "player":
            return f"player {(p + args[0]) % self.num_players} (relative {args[0]})"
        if kind == "stack":
            s = args[0]
            name = self.item_name(self.stack[s], p) if s < len(self.stack) else "?"
            return f"stack {s} ({name})"
        if kind == "mode":
            if self.decision is not None and self.decision["kind"] == "x":
                values = self.decision.get("values", [])
                return f"X = {values[args[0]] if args[0] < len(values) else '?'}"
            if self.decision is not None and self.decision["kind"] == "colour":
                options = self.decision["options"]
                sym = options[args[0]] if args[0] < len(options) else "?"
                amounts = self.decision.get("amounts") or [self.decision["amount"]] * len(
                    options)
                n = amounts[args[0]] if args[0] < len(amounts) else 0
                return f"add {{{sym}}}" + (f" x{n}" if n != 1 else "")
            if self.decision is not None and self.decision["kind"] == "divide" and \
                    self.casting is not None:
                codes = self.casting.targets.get(self.decision["path"], [])
                code = codes[args[0]] if args[0] < len(codes) else None
                what = "?" if code is None else f"player {code_player(code)}" \
                    if code < 0 else self._slot_name(self.battlefield[code].slot, p) \
                    if code in self.battlefield else "?"
                node = self.node_at(self.effect_of(self.casting), self.decision["path"])
                unit = "counter on" if isinstance(node, fx.AddCounters) else "damage to"
                return f"1 more {unit} {what}"
            if self.decision is not None and self.decision["kind"] == "dread":
                # only the deciding player is shown action names: it looked at them
                library = self.library[p]
                if args[0] < 2 <= len(library):
                    kept, other = library[-1 - args[0]], library[-2 + args[0]]
                    where = "top" if args[0] == 0 else "second"
                    return (f"manifest {self.name_of(kept)} ({where} card), "
                            f"{self.name_of(other)} to the graveyard")
            return f"mode {args[0]}"
        name = self._slot_name(args[0], p)
        if kind == "activate":
            pid = self.slots[args[0]] if args[0] < len(self.slots) else -1
            if pid in self.battlefield and self.battlefield[pid].face_down:
                ways = self.face_up_ways(pid)
                way = ways[args[1]] if args[1] < len(ways) else "?"
                cost = self.face_up_cost(pid, way) if way != "?" else None
                paid = "its mana cost" if way == "mana" else f"its {way} cost"
                parts = [] if cost is None else [str(cost.mana)] * (
                    cost.mana is not None) + [f"{cost.pay_life} life"] * bool(
                    cost.pay_life)
                return f"turn {name} face up for {paid}" + (
                    f" ({', '.join(parts)})" if parts else "")
            return f"activate {name} ability {args[1]}"
        if kind == "permanent":
            if self.decision is not None and self.decision["kind"] == "pay_mana":
                return f"pay with {name}"
            if self.decision is not None and self.decision.get("dest") == "hand":
                return f"return {name} to its owner's hand"
            return f"permanent {name}"
        if kind == "attack":
            return f"attack with {name} -> player {(p + args[1]) % self.num_players}"
        pid = self.slots[args[0]] if args[0] < len(self.slots) else -1
        if pid in self.blocking:
            return f"withdraw the block of {name}"
        return f"block with {name}"

    def _is_land(self, card: int) -> bool:
        return "Land" in self.cdef(card).types

    def _slot_name(self, slot: int, viewer: int | None = None) -> str:
        pid = self.slots[slot] if slot < len(self.slots) else -1
        if pid < 0 or pid not in self.battlefield:
            return f"slot {slot} (empty)"
        return f"slot {slot} ({self.perm_name(pid, viewer)})"

    def _perm_view(self, pid: int, viewer: int) -> dict[str, Any]:
        perm = self.battlefield[pid]
        d = self.pdef(pid)
        view: dict[str, Any] = {
            "id": pid, "slot": perm.slot, "card": d.name, "controller": perm.controller,
            "types": list(d.types), "tapped": perm.tapped, "sick": perm.sick,
            "counters": {k: v for k, v in perm.counters.items() if v},
            "attached_to": perm.attached_to, "token": self.card_token[perm.card],
            "face_down": perm.face_down,
        }
        if perm.chosen:  # "as this enters, choose ..." (614.12c): public
            view["chosen"] = perm.chosen
        if perm.face_down and viewer == perm.controller:
            view["card"] = self.name_of(perm.card)  # its controller may look at it
        if "Creature" in d.types:
            power, tough, kws = self.chars(pid)
            view.update(power=power, toughness=tough, damage=perm.damage,
                        keywords=sorted(kws), attacking=self.attackers.get(pid),
                        blocking=self.blocking.get(pid))
            if pid in self.attacking_pw:
                view["attacking_planeswalker"] = self.attacking_pw[pid]
        if d.is_planeswalker:
            view["loyalty"] = perm.counters.get("loyalty", 0)
        return view

    def hidden_item(self, item: StackItem) -> bool:
        """Whether stack object ``item`` hides its card: a face-down spell (708.4) or
        an ability of a face-down permanent (its ward, 702.168b)."""
        return item.alt == "face_down" or (
            item.shape >= 0 and self.defs[item.shape].name == fx.FACE_DOWN.name)

    def item_name(self, item: StackItem, viewer: int | None = None) -> str:
        """A stack object's card name as seat ``viewer`` sees it: a face-down spell
        (708.4) or its ability is ``"face-down creature"`` to every seat but its
        controller, who sees ``"face-down <card>"`` (708.5); None: the full
        record."""
        if viewer is None or not self.hidden_item(item):
            return self.name_of(item.card)
        if viewer == item.controller:
            return f"face-down {self.name_of(item.card)}"
        return fx.FACE_DOWN.name

    def _item_view(self, item: StackItem, viewer: int) -> dict[str, Any]:
        return {"id": item.sid, "kind": item.kind, "card": self.item_name(item, viewer),
                "controller": item.controller,
                "targets": self._target_names(item, viewer),
                "modes": {k: list(v) for k, v in item.modes.items()}}

    def event_for(self, event: dict[str, Any], player: int) -> dict[str, Any]:
        """The log as seat ``player`` may see it: a card drawn or manifested is named
        to its player only, and a face-down permanent (marked by
        :meth:`face_down_marks` when the event was logged) is a "face-down creature"
        to every seat but its controller, in whichever field names it (``card``, a
        damage ``source``, a spell's ``targets``). It is named again once it turns
        face up or leaves the battlefield, as the rules reveal it."""
        kind = event["type"]
        if kind in ("draw", "manifest", "put_back", "foretell") and "card" in event and \
                event["player"] != player:
            return {k: v for k, v in event.items() if k != "card"}
        if kind == "peek" and event["player"] != player:
            return {k: v for k, v in event.items() if k != "card"}  # (its looker's)
        if kind == "look_hand" and event["player"] != player:
            return {k: v for k, v in event.items() if k != "cards"}  # (its looker's)
        if kind in ("to_bottom", "found") and hidden_card(event, player):
            return {k: v for k, v in event.items() if k != "card"}

        def hidden(fields: dict[str, Any], prefix: str = "") -> bool:
            return bool(fields.get(prefix + "face_down")) and fields.get(
                prefix + "controller", fields.get("player")) != player

        out = event
        if hidden(event) and "card" in event:
            out = {**out, "card": fx.FACE_DOWN.name}
        if hidden(event, "source_"):
            out = {**out, "source": fx.FACE_DOWN.name}
        targets = event.get("targets")
        if targets and any(isinstance(t, dict) and "controller" in t and hidden(t)
                           for t in targets):
            out = {**out, "targets": [
                {**t, "card": fx.FACE_DOWN.name}
                if isinstance(t, dict) and "controller" in t and hidden(t) else t
                for t in targets]}
        return out

    def observation_for(self, player: int) -> dict[str, Any]:
        decision = None
        if self.decision is not None:
            decision = {k: v for k, v in self.decision.items()}
            if "options" in decision:
                decision["options"] = list(decision["options"])
        return {
            "player": player,
            "turn": self.turn,
            "active": self.active,
            "step": self.step,
            "to_act": None if self.outcome else self.current_player(),
            "decision": decision,
            "casting": self._item_view(self.casting, player) if self.casting else None,
            "life": list(self.life),
            "poison": list(self.poison),
            "energy": list(self.energy),
            "monarch": self.monarch,  # (724: the seat that is the monarch, or None)
            "lost": list(self.lost),
            "hand": [self.name_of(c) for c in self.hand[player]],
            # the cards this seat looks at for its decision (what its "choose hand
            # slot" actions address): scry, a search, a revealed hand...
            "looking": [self.name_of(c) for c in self.looking_at(player)],
            "hand_sizes": [len(h) for h in self.hand],
            "library_sizes": [len(lib) for lib in self.library],
            "graveyards": [[self.name_of(c) for c in g] for g in self.graveyard],
            # (a card exiled face down is named to its owner only, 406.3, and to
            # a player an effect lets look at it)
            "exiles": [[self.name_of(c) if q == player or c not in self.face_down_exile
                        or self.may_look_at(player, c) else "face-down card" for c in e]
                       for q, e in enumerate(self.exile)],
            "battlefield": [self._perm_view(pid, player) for pid in self.battlefield],
            # emblems in the command zone (rule 114), public
            "emblems": [{"owner": e[0], "name": self.defs[e[1]].name}
                        for e in self.emblems],
            # triggered abilities lasting until a turn ends or begins (611.2a)
            "temporary_abilities": [
                {"controller": owner, "source": self.name_of(card),
                 "ends": "end_of_turn" if until < 0 else "next_turn_of",
                 **({"seat": until} if until >= 0 else {})}
                for owner, _, card, _, until in self.temporary_triggers],
            "mana_available": [self._mana_view(p) for p in range(self.num_players)],
            "stack": [self._item_view(s, player) for s in self.stack],
            "land_played": self.land_played,
            # per player, the top card of its library if this seat sees it (401.5)
            "library_tops": self.library_tops(player),
            "day_night": self.day_night,
            "outcome": self.outcome,
            "winner": self.winner,
            "returns": self.returns(),
            "legal_actions": self.legal_actions_named(player),
        }

    def _mana_view(self, p: int) -> dict[str, Any]:
        """What ``p``'s mana pool holds and its untapped automatic mana sources can add
        now (public: the permanents are): ``{"total": mana, "colours": "WUBRG" letters
        and C, "pool": "{B}{B}"}`` (total and colours count the pool)."""
        sources = self._compute_sources(p, None)
        colours = set().union(*(s.colours for s in sources)) if sources else set()
        return {"total": sum(s.units or 1 for s in sources),
                "colours": "".join(c for c in "WUBRGC" if c in colours),
                "pool": "".join(f"{{{s}}}" for s in self.pool[p])}

    # ---------------------------------------------------- copies and views
    def clone(self) -> MagicGame:
        new = type(self).__new__(type(self))
        new.__dict__.update(self.__dict__)
        new.dice = self.dice.copy()
        new.events = self.events[:]
        new.card_def = self.card_def[:]
        new.card_owner = self.card_owner[:]
        new.card_token = self.card_token[:]
        new.defs = self.defs[:]
        new._def_index = dict(self._def_index)
        new._def_by_id = dict(self._def_by_id)
        new.emblems = [e[:] for e in self.emblems]
        new.temporary_triggers = [e[:] for e in self.temporary_triggers]
        new.to_choose = self.to_choose[:]
        new.layer_nodes = self.layer_nodes[:]
        new._layer_node_index = dict(self._layer_node_index)
        new._layer_memo = dict(self._layer_memo)
        for zone in ZONES:
            setattr(new, zone, [pile[:] for pile in getattr(self, zone)])
        new.life = self.life[:]
        new.lost = self.lost[:]
        new.drew_empty = self.drew_empty[:]
        new.effect_losses = self.effect_losses[:]
        new.poison = self.poison[:]
        new.energy = self.energy[:]
        new.spells_cast = self.spells_cast[:]
        new.creature_spells = self.creature_spells[:]
        new.life_lost_turn = self.life_lost_turn[:]
        new.damaged_turn = self.damaged_turn[:]
        new.damage_pairs = set(self.damage_pairs)
        new.died_cards = dict(self.died_cards)
        new.face_down_exile = self.face_down_exile[:]
        new.blessed = self.blessed[:]
        new.drawn_turn = self.drawn_turn[:]
        new.extra_lands = self.extra_lands[:]
        new.land_entered = self.land_entered[:]
        new.turn_marks = [set(m) for m in self.turn_marks]
        new.sorcery_flash = self.sorcery_flash[:]
        new.spell_to_hand = self.spell_to_hand[:]
        new.spells_last_turn = self.spells_last_turn[:]
        new.extra_turns = self.extra_turns[:]
        new.source_lki = dict(self.source_lki)
        new.pool = [pool[:] for pool in self.pool]
        new.linked_mana = [[e[:] for e in linked] for linked in self.linked_mana]
        new.kept_mana = [kept[:] for kept in self.kept_mana]
        new.restricted_pool = [[e[:] for e in r] for r in self.restricted_pool]
        new.linked_spent = self.linked_spent[:]
        new.battlefield = {pid: perm.copy() for pid, perm in self.battlefield.items()}
        new.slots = self.slots[:]
        new.activated_this_turn = [x[:] for x in self.activated_this_turn]
        new.triggered_this_turn = [x[:] for x in self.triggered_this_turn]
        new.time_counters = dict(self.time_counters)
        new.foretold = dict(self.foretold)
        new.foretold_reduced = dict(self.foretold_reduced)
        new.stack = [s.copy() for s in self.stack]
        new.attackers = dict(self.attackers)
        new.attacking_pw = dict(self.attacking_pw)
        new.blocks = {k: v[:] for k, v in self.blocks.items()}
        new.blocking = dict(self.blocking)
        new.blocked = self.blocked[:]
        new.blockers_to_declare = self.blockers_to_declare[:]
        new.first_strikers = self.first_strikers[:]
        new.pending_triggers = [dict(t) for t in self.pending_triggers]
        new.delayed = [dict(d) for d in self.delayed]
        new.grave_ids = dict(self.grave_ids)
        new.exiled_with = [e[:] for e in self.exiled_with]
        new.created_with = [e[:] for e in self.created_with]
        new.legend_kept = self.legend_kept[:]
        new.combat_hits = copy.deepcopy(self.combat_hits)
        new.replacements = [r[:] for r in self.replacements]
        new.skip_untap = self.skip_untap[:]
        new.must_attack = [e[:] for e in self.must_attack]
        new.block_pairs = [e[:] for e in self.block_pairs]
        new.attack_barred = [e[:] for e in self.attack_barred]
        new.held_untapped = [h[:] for h in self.held_untapped]
        new.untap_answers = [a[:] for a in self.untap_answers]
        new.flashback_grants = self.flashback_grants[:]
        new.play_grants = [g[:] for g in self.play_grants]
        new.decision = copy.deepcopy(self.decision)
        new.casting = self.casting.copy() if self.casting else None
        new.closed = self.closed[:]
        if self.res is not None:
            res = copy.deepcopy({k: v for k, v in self.res.items() if k != "item"})
            res["item"] = self.res["item"].copy()
            new.res = res
        new.mull = copy.deepcopy(self.mull)
        new.public_hand = self.public_hand[:]
        new.known_bottom = self.known_bottom[:]
        new._legal = None
        new._static_version = -1
        new._trig_version = -1
        return new

    def determinize(self, player: int, rng: np.random.Generator) -> MagicGame:
        """Resample what ``player`` cannot see: the order of its own library, and each
        opponent's hand, library and face-down permanents' and face-down spells' cards
        from that opponent's cards in them (sizes kept; a face-down permanent stays the
        same object with another card under it; one cast face down gets a card with
        morph or megamorph, or with disguise if it was disguised).

        What ``player`` saw stays put: a card returned from the battlefield to a hand
        (every player saw it go there: :attr:`public_hand`), the cards it put on the
        bottom of its own library after a mulligan or a scry (:attr:`known_bottom`),
        and the cards on top of its library it is looking at (manifest dread, scry,
        surveil); a revealed hand (:attr:`public_hand`).
        """
        new = self.clone()
        new.dice = Dice(np.random.default_rng(int(rng.integers(2**63))))
        own = new.library[player]
        looking = max(new.looking_on_top(player), int(new.sees_top(player, player)),
                      new.revealed_on_top(player))
        bottom = min(new.known_bottom[player], len(own) - looking)
        rest = own[bottom:len(own) - looking]
        new.dice.shuffle(rest)
        own[bottom:len(own) - looking] = rest
        # Cards an opponent is using right now (cycling it, discarding it for a cost)
        # have been shown: they stay in that hand.
        shown: set[int] = set(new.public_hand)
        if new.casting is not None:
            shown.update([new.casting.card, *new.casting.discarded])
        if new.decision is not None and "enter" in new.decision:
            shown.add(new.decision["enter"])  # a land being played
        if new.decision is not None and new.decision["kind"] == "hand_choice" and \
                new.decision["player"] == player and "cards" not in new.decision and not {
                    "copy_card", "grave_choice", "cost_exile"} & set(new.decision):
            # the hand it chooses from (not cards in exile or graveyards)
            shown.update(new.hand[new.res["asks"][0][4]])
        for q in range(new.num_players):
            if q == player:
                continue
            kept = [c for c in new.hand[q] if c in shown]
            hidden = [perm for perm in new.battlefield.values()
                      if perm.face_down and perm.controller == q
                      and self.card_owner[perm.card] == q]
            # a card cast face down (a spell, or a permanent it became) has morph
            # or disguise: it is resampled among such cards (702.37c, 702.168a)
            cast_down: list[Any] = [perm for perm in hidden if perm.cast_face_down] + [
                s for s in new.stack if s.alt == "face_down" and s.controller == q
                and self.card_owner[s.card] == q and s.card not in shown]
            hidden = [perm for perm in hidden if not perm.cast_face_down]
            searched = new.decision is not None and new.decision["kind"] == "search" \
                and new.decision["player"] == player \
                and new.res["asks"][0][1] == q  # it is looking through that library
            on_top = len(new.library[q]) if searched else max(
                self._known_on_top(q),  # (kept in place)
                int(self.sees_top(player, q)),  # a revealed top (401.5)
                self.revealed_on_top(q))  # cards revealed for piles
            library = new.library[q]
            top = library[len(library) - on_top:]
            # cards it exiled face down (hideaway, 406.3): only q has seen them
            face_down = [c for c in new.exile[q] if c in new.face_down_exile
                         and not self.may_look_at(player, c)] \
                if new.face_down_exile else []
            pool = [c for c in new.hand[q] if c not in shown] + \
                library[:len(library) - on_top] + [perm.card for perm in hidden] + \
                [obj.card for obj in cast_down] + face_down
            new.dice.shuffle(pool)
            for obj in cast_down:  # (its own card is one such card: one is found)
                ward = self.cdef(obj.card).face_down_cost.kind == "disguise"  # type: ignore[union-attr]
                i = next(i for i, c in enumerate(pool)
                         if (fdc := self.cdef(c).face_down_cost) is not None
                         and (fdc.kind == "disguise") == ward)
                obj.card = pool.pop(i)
            k = len(new.hand[q]) - len(kept)
            new.hand[q] = kept + pool[:k]
            for i, perm in enumerate(hidden):
                perm.card = pool[k + i]
            k += len(hidden)
            if face_down:
                swap = dict(zip(face_down, pool[k:k + len(face_down)], strict=True))
                new.exile[q] = [swap.get(c, c) for c in new.exile[q]]
                new.face_down_exile = [swap.get(c, c) for c in new.face_down_exile]
                new.exiled_with = [[s, swap.get(c, c), u]
                                   for s, c, u in new.exiled_with]
                new.play_grants = [[swap.get(g[0], g[0]), *g[1:]]
                                   for g in new.play_grants]
                new.foretold = {swap.get(c, c): t for c, t in new.foretold.items()}
                new.foretold_reduced = {swap.get(c, c): n for c, n in
                                        new.foretold_reduced.items()}
            new.library[q] = pool[k + len(face_down):] + top
        new._legal = None
        return new

    def _known_on_top(self, player: int) -> int:
        """How many cards on top of ``player``'s library every player knows (kept in
        place by :meth:`determinize`); a variant that puts cards there in view says
        so."""
        return 0

    # ---------------------------------------------------------- serialising
    def to_dict(self) -> dict[str, Any]:
        from labyrinth_gym.envs.magic.engine.compiler import compiled_pool

        pool = compiled_pool().supported
        defs = [{"pool": d.name} if pool.get(d.name) == d else {"def": encode(d)}
                for d in self.defs]
        res = None
        if self.res is not None:
            res = {k: v for k, v in self.res.items() if k != "item"}
            res["item"] = _item_dict(self.res["item"])
        return copy.deepcopy({
            "num_players": self.num_players, "max_turns": self.max_turns,
            "max_actions": self.max_actions, "start_life": self.start_life,
            "dice": self.dice.state(), "events": self.events, "defs": defs,
            "card_def": self.card_def, "card_owner": self.card_owner,
            "card_token": self.card_token,
            **{zone: getattr(self, zone) for zone in ZONES},
            "life": self.life, "lost": self.lost, "drew_empty": self.drew_empty,
            "poison": self.poison, "energy": self.energy, "pool": self.pool,
            "linked_mana": self.linked_mana, "kept_mana": self.kept_mana,
            "restricted_pool": [[[sym, encode(spend), kept] for sym, spend, kept in r]
                                for r in self.restricted_pool],
            "monarch": self.monarch, "monarch_card": self.monarch_card,
            "effect_losses": self.effect_losses,
            "spells_cast": self.spells_cast, "spells_last_turn": self.spells_last_turn,
            "creature_spells": self.creature_spells,
            "creatures_died": self.creatures_died, "extra_lands": self.extra_lands,
            "attacked_this_turn": self.attacked_this_turn,
            "turn_first_id": self.turn_first_id,
            "life_lost_turn": self.life_lost_turn,
            "damaged_turn": self.damaged_turn,
            "damage_pairs": sorted(self.damage_pairs),
            "died_cards": [[k, v] for k, v in self.died_cards.items()],
            "face_down_exile": self.face_down_exile,
            "blessed": self.blessed,
            "drawn_turn": self.drawn_turn,
            "lands_this_turn": self.lands_this_turn,
            "land_entered": self.land_entered,
            "turn_marks": [sorted(m) for m in self.turn_marks],
            "sorcery_flash": self.sorcery_flash,
            "spell_to_hand": self.spell_to_hand,
            "day_night": self.day_night, "extra_turns": self.extra_turns,
            "source_lki": [[pid, *v] for pid, v in self.source_lki.items()],
            "battlefield": [_perm_dict(p) for p in self.battlefield.values()],
            "slots": self.slots, "stack": [_item_dict(s) for s in self.stack],
            "next_id": self.next_id, "turn": self.turn, "active": self.active,
            "starting": self.starting, "step": self.step, "stage": self.stage,
            "priority": self.priority, "passes": self.passes,
            "land_played": self.land_played, "first_turn": self.first_turn,
            "activated_this_turn": self.activated_this_turn,
            "triggered_this_turn": self.triggered_this_turn,
            "time_counters": [[c, n] for c, n in self.time_counters.items()],
            "foretold": [[c, n] for c, n in self.foretold.items()],
            "foretold_reduced": [[c, n] for c, n in self.foretold_reduced.items()],
            "attackers": [[k, v] for k, v in self.attackers.items()],
            "attacking_pw": [[k, v] for k, v in self.attacking_pw.items()],
            "blocks": [[k, v] for k, v in self.blocks.items()],
            "blocking": [[k, v] for k, v in self.blocking.items()],
            "blocked": self.blocked, "blockers_to_declare": self.blockers_to_declare,
            "first_strike_step": self.first_strike_step,
            "first_strikers": self.first_strikers,
            "pending_triggers": self.pending_triggers, "delayed": self.delayed,
            "grave_ids": [[k, v] for k, v in self.grave_ids.items()],
            "exiled_with": self.exiled_with, "created_with": self.created_with,
            "decision": self.decision,
            "legend_kept": self.legend_kept, "combat_hits": self.combat_hits,
            "replacements": self.replacements, "skip_untap": self.skip_untap,
            "must_attack": self.must_attack, "block_pairs": self.block_pairs,
            "attack_barred": self.attack_barred, "block_chooser": self.block_chooser,
            "held_untapped": self.held_untapped,
            "untap_answers": self.untap_answers,
            "flashback_grants": self.flashback_grants,
            "play_grants": self.play_grants,
            "emblems": self.emblems, "to_choose": self.to_choose,
            "temporary_triggers": self.temporary_triggers,
            "layer_nodes": [encode(n) for n in self.layer_nodes],
            "casting": _item_dict(self.casting) if self.casting else None,
            "closed": self.closed, "res": res, "mull": self.mull,
            "public_hand": self.public_hand, "known_bottom": self.known_bottom,
            "actions_taken": self.actions_taken, "auto_pass": self.auto_pass,
            "concede_action": self.concede_action,
            "pay_by_choice": self.pay_by_choice,
            "outcome": self.outcome,
            "winner": self.winner,
        })

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> MagicGame:
        from labyrinth_gym.envs.magic.engine.compiler import compiled_pool

        data = copy.deepcopy(data)
        game = cls.__new__(cls)
        game._init_empty(Dice.from_state(data["dice"]), data["num_players"],
                         data["start_life"], data["max_turns"], data["max_actions"])
        game.events = data["events"]
        game._token_left = True  # cheap: the next check looks for tokens once
        for entry in data["defs"]:
            d = compiled_pool().supported[entry["pool"]] if "pool" in entry \
                else decode(entry["def"])
            game._def_index[d] = len(game.defs)
            game.defs.append(d)
        for key in ("card_def", "card_owner", "card_token", *ZONES, "life", "lost",
                    "drew_empty", "slots", "next_id", "turn", "active", "starting",
                    "step", "stage", "priority", "passes", "land_played", "first_turn",
                    "activated_this_turn",
                    "blocked", "blockers_to_declare", "first_strike_step",
                    "pending_triggers", "decision", "closed", "mull", "actions_taken",
                    "outcome", "winner", "auto_pass"):
            setattr(game, key, data[key])
        game.public_hand = data.get("public_hand", [])  # (states written before them)
        game.triggered_this_turn = data.get("triggered_this_turn", [])
        game.time_counters = {c: n for c, n in data.get("time_counters", [])}
        game.foretold = {c: n for c, n in data.get("foretold", [])}
        game.foretold_reduced = {c: n for c, n in data.get("foretold_reduced", [])}
        game.known_bottom = data.get("known_bottom", [0] * game.num_players)
        game.first_strikers = data.get("first_strikers", [])
        game.legend_kept = data.get("legend_kept", [])
        game.concede_action = data.get("concede_action", False)
        game.pay_by_choice = data.get("pay_by_choice", False)
        game.combat_hits = data.get("combat_hits")
        game.poison = data.get("poison", [0] * game.num_players)
        game.energy = data.get("energy", [0] * game.num_players)
        game.monarch = data.get("monarch")
        game.monarch_card = data.get("monarch_card", -1)
        game.spells_cast = data.get("spells_cast", [0] * game.num_players)
        game.creature_spells = data.get("creature_spells", [0] * game.num_players)
        game.spells_last_turn = data.get("spells_last_turn", [0] * game.num_players)
        game.creatures_died = data.get("creatures_died", 0)
        game.attacked_this_turn = data.get("attacked_this_turn", False)
        game.turn_first_id = data.get("turn_first_id", 0)
        game.life_lost_turn = data.get("life_lost_turn", [0] * game.num_players)
        game.damaged_turn = data.get("damaged_turn", [0] * game.num_players)
        game.damage_pairs = {(a, b) for a, b in data.get("damage_pairs", ())}
        game.died_cards = {k: v for k, v in data.get("died_cards", ())}
        game.face_down_exile = data.get("face_down_exile", [])
        game.blessed = data.get("blessed", [False] * game.num_players)
        game.drawn_turn = data.get("drawn_turn", [0] * game.num_players)
        game.land_entered = data.get("land_entered", [False] * game.num_players)
        game.turn_marks = [set(m) for m in data.get(
            "turn_marks", [[] for _ in range(game.num_players)])]
        game.extra_lands = data.get("extra_lands", [0] * game.num_players)
        game.lands_this_turn = data.get("lands_this_turn", int(game.land_played))
        game.sorcery_flash = data.get("sorcery_flash", [0] * game.num_players)
        game.spell_to_hand = data.get("spell_to_hand", [False] * game.num_players)
        game.day_night = data.get("day_night")
        game.extra_turns = data.get("extra_turns", [])
        game.source_lki = {row[0]: list(row[1:]) for row in data.get("source_lki", [])}
        game.replacements = data.get("replacements", [])
        game.skip_untap = data.get("skip_untap", [])
        game.must_attack = data.get("must_attack", [])
        game.block_pairs = data.get("block_pairs", [])
        game.attack_barred = data.get("attack_barred", [])
        game.block_chooser = data.get("block_chooser", -1)
        game.held_untapped = data.get("held_untapped", [])
        game.untap_answers = data.get("untap_answers", [])
        game.flashback_grants = data.get("flashback_grants", [])
        game.play_grants = data.get("play_grants", [])
        game.delayed = data.get("delayed", [])
        game.grave_ids = {k: v for k, v in data.get("grave_ids", [])}
        game.exiled_with = data.get("exiled_with", [])
        game.created_with = data.get("created_with", [])
        game.pool = data.get("pool", [[] for _ in range(game.num_players)])
        game.linked_mana = data.get("linked_mana", [[] for _ in range(game.num_players)])
        game.kept_mana = data.get("kept_mana", [[] for _ in range(game.num_players)])
        game.restricted_pool = [[[sym, decode(spend), kept] for sym, spend, kept in r]
                                for r in data.get("restricted_pool", [[]] * game.num_players)]
        game.battlefield = {p["pid"]: Permanent(**p) for p in data["battlefield"]}
        game.emblems = data.get("emblems", [])
        game.effect_losses = data.get("effect_losses", [False] * game.num_players)
        game.temporary_triggers = data.get("temporary_triggers", [])
        game.to_choose = data.get("to_choose", [])
        for node in data.get("layer_nodes", []):
            game._layer_node(decode(node))
        game._layered = any(p.shape >= 0 for p in game.battlefield.values())
        game.controlled = sum(
            bool(p.control) or p.controller != (
                p.base if p.base >= 0 else game.card_owner[p.card])
            for p in game.battlefield.values())
        game.stack = [StackItem(**s) for s in data["stack"]]
        game.attackers = {k: v for k, v in data["attackers"]}
        game.attacking_pw = {k: v for k, v in data["attacking_pw"]}
        game.blocks = {k: v for k, v in data["blocks"]}
        game.blocking = {k: v for k, v in data["blocking"]}
        game.casting = StackItem(**data["casting"]) if data["casting"] else None
        if data["res"] is not None:
            res = data["res"]
            res["item"] = StackItem(**res["item"])
            game.res = res
        return game


def _perm_dict(perm: Permanent) -> dict[str, Any]:
    return dict(perm.copy().__dict__)


def _item_dict(item: StackItem) -> dict[str, Any]:
    return dict(item.copy().__dict__)


def new_game(rng: np.random.Generator | int | None = None, num_players: int = 2,
             decks: list[list[str | fx.CardDef]] | None = None,
             **kwargs: Any) -> MagicGame:
    """A new game (see :meth:`MagicGame.new` for the keyword arguments)."""
    return MagicGame.new(rng, num_players=num_players, decks=decks, **kwargs)


__all__ = ["DEFAULT_DECK", "STEPS", "MagicGame", "card_def", "default_deck", "new_game",
           "sample_deck", "sample_decks", "table_arguments"]
