#!/usr/bin/env python3
"""Build ``envs/mazerunner/data/banlist.toml``: the card names Mazerunner bans (rule 2e).

Rule 2e bans three lists of cards:

  (i)   the Reserved List (Scryfall ``is:reserved``), read from MTGJSON card data: every
        card with ``isReserved: true``;
  (ii)  the Commander ban list (Scryfall ``banned:commander``), read either
          * from MTGJSON card data (``legalities.commander == "Banned"``), or
          * from XMage's deck validators (github.com/magefree/mage): the named Commander
            bans in ``Commander.java`` plus the bans shared by every constructed format
            in ``Constructed.java`` (Conspiracy, dexterity, sub-game, ante and offensive
            cards); the Acorn-stamp and Gleemox sections are left out, as Scryfall marks
            those cards "not legal" (Un-/funny cards), not "banned"; companion-only bans
            (``bannedCompanion``, e.g. Lutri since 2026-02-09) are not bans of the card;
  (iii) the nine Mazerunner bans (fixed here).

Only names are written, never card text. Multi-face cards use their full
``Front // Back`` name, as MTGJSON, Scryfall and labyrinth-gym's card pool do.

Inputs (all read offline):

  --mtgjson PATH   MTGJSON data: AtomicCards.json, AllPrintings.json (optionally .gz/.xz/.bz2),
                   or a folder of per-set files (LEA.json, ...). Needed for the Reserved List
                   and for the full names of multi-face cards.
  --xmage GITDIR   a git directory of github.com/magefree/mage (read with ``git show``), or
  --xmage-commander FILE --xmage-constructed FILE   the two Java files themselves.

  --commander-from {xmage,mtgjson}   which source gives list (ii) (default: xmage if an XMage
                   source is given, else mtgjson). The other one, when given, is diffed
                   against it and the differences are printed (not written).

  (Scryfall data works too: a bulk "oracle_cards"/"default_cards" file or saved search pages
  for ``is:reserved`` / ``banned:commander``, given as --mtgjson FILE or a folder of them.)

Refresh (with network): download https://mtgjson.com/api/v5/AtomicCards.json.xz and run

    python -m labyrinth_gym.envs.mazerunner.make_banlist --mtgjson AtomicCards.json.xz --commander-from mtgjson --pool \\
        --out envs/mazerunner/data/banlist.toml

The MTGJSON ``meta`` (version, date) gives each table's ``date`` and ``source`` unless
--mtgjson-date/--mtgjson-source say otherwise. ``--pool`` lists, in a comment, the names that
labyrinth-gym's card pool does not hold. Review the printed cross-source differences and the
HEADER text below before committing the result.
"""

from __future__ import annotations

import argparse
import bz2
import glob
import gzip
import json
import lzma
import os
import re
import subprocess
import sys
from datetime import date

MAZERUNNER = ["Ancient Tomb", "Chrome Mox", "Demonic Consultation", "Karn, the Great Creator",
              "Mana Vault", "Mox Amber", "Sol Ring", "Tainted Pact", "The One Ring"]
MAZERUNNER_DATE = "2026-11-23"
MAZERUNNER_SOURCE = "Mazerunner Comprehensive Rules, rule 2e.iii"

XMAGE_COMMANDER = "Mage.Server.Plugins/Mage.Deck.Constructed/src/mage/deck/Commander.java"
XMAGE_CONSTRUCTED = "Mage/src/main/java/mage/cards/decks/Constructed.java"
# Sections of Constructed.java (by their comment line) that Scryfall shows as "banned" in Commander.
CONSTRUCTED_SECTIONS = ("conspiracy", "dexterity", "sub-game", "ante", "offensive")
# Sections it does not: Acorn-stamp cards and Gleemox are "not_legal" (funny) on Scryfall.
CONSTRUCTED_SKIPPED = ("acorn", "gleemox")

# The explanation written at the top of banlist.toml. Update it when the sources change.
HEADER = r"""# The cards Mazerunner bans (rule 2e). A card is banned in Mazerunner if its name is in any of
# the three lists below:
#   [reserved_list]      2e.i   The Reserved List: the cards Wizards of the Coast promised never
#                               to reprint (Scryfall search `is:reserved`). The list is closed
#                               ("no cards will be added"), so an older snapshot is complete;
#                               only an Oracle rename could make a name stale.
#   [commander_banlist]  2e.ii  The Commander format's ban list (Scryfall `banned:commander`): the
#                               individually banned cards plus the categories banned in every
#                               Wizards format: Conspiracy-type cards, ante cards, the dexterity
#                               cards Chaos Orb and Falling Star, the sub-game card Shahrazad and
#                               the seven cards removed in 2020 for racist content. Not listed:
#                               Lutri, the Spellchaser (since 2026-02-09 banned only as a
#                               companion; legal in a deck), Acorn-stamp cards and Gleemox
#                               (Scryfall: "not legal", not "banned"), Alchemy "A-" cards.
#   [mazerunner]         2e.iii Mazerunner's own nine bans.
# Names are Oracle names as MTGJSON, Scryfall and labyrinth-gym's card pool
# (labyrinth_gym.envs.magic.engine.cards.card_pool) spell them, accents included ("Juzám
# Djinn"); a multi-face card is listed by its full "Front // Back" name ("Erayo, Soratami
# Ascendant // Erayo's Essence"). Names only, sorted; no card text.
#
# Sources (read offline from public GitHub snapshots; see each table's `source`):
#   reserved_list: MTGJSON 5.2.0+20220425 per-set files, cards with `isReserved: true`
#     (github.com/AUTRE04216/jsonSets; its CMR.json is missing from the snapshot, and Commander
#     Legends has no Reserved List card). Cross-check: XMage's Eternal.java ban list (Reserved
#     List + Legacy bans; last changed 2019) holds all 571, up to accents ("Juzam Djinn") and
#     Plateau, which it lists under two artist-tagged names.
#   commander_banlist: XMage's deck validators, Commander.java (last changed 2026-02-09,
#     "update commander ban list") + the shared bans of Constructed.java. Cross-check: MTGJSON
#     2022-04-25 (`legalities.commander == "Banned"`); every difference is a dated change:
#     banned 2024-09-23 Dockside Extortionist, Jeweled Lotus, Mana Crypt, Nadu, Winged Wisdom;
#     unbanned 2025-04-22 Braids, Cabal Minion, Coalition Victory, Gifts Ungiven, Panoptic
#     Mirror, Sway of the Stars; 2026-02-09 Biorhythm unbanned and Lutri banned as a companion
#     only (Hullbreacher is absent from that data only because CMR.json is). Also agrees with
#     taw/magic-search-engine's ban_list/commander.rb up to 2024-09-23. A change announced
#     after the XMage snapshot (2026-08-22) is not in this file.
#
# Refresh: on a machine with network, download MTGJSON's AtomicCards
# (https://mtgjson.com/api/v5/AtomicCards.json.xz; or Scryfall bulk "oracle_cards", or the
# search pages for `is:reserved` and `banned:commander`) and run
#   python -m labyrinth_gym.envs.mazerunner.make_banlist --mtgjson AtomicCards.json.xz --commander-from mtgjson --pool \
#       --out envs/mazerunner/data/banlist.toml
# adding `--xmage <git dir of github.com/magefree/mage>` prints how the two sources differ.
# Check that output, then update this header (the HEADER text in make_banlist.py).
"""


# ---------------------------------------------------------------------------- MTGJSON

def _open(path: str):
    if path.endswith(".gz"):
        return gzip.open(path, "rt", encoding="utf-8")
    if path.endswith(".xz"):
        return lzma.open(path, "rt", encoding="utf-8")
    if path.endswith(".bz2"):
        return bz2.open(path, "rt", encoding="utf-8")
    return open(path, encoding="utf-8")


def _card_records(doc: dict):
    """Yield (card dict) from an AtomicCards, AllPrintings or per-set MTGJSON document."""
    data = doc.get("data", {})
    if isinstance(data, dict) and "cards" in data and isinstance(data["cards"], list):
        yield from data["cards"]  # one set file
        return
    for value in data.values():
        if isinstance(value, list):  # AtomicCards: name -> [faces]
            yield from value
        elif isinstance(value, dict) and isinstance(value.get("cards"), list):  # AllPrintings
            yield from value["cards"]


class Mtgjson:
    """The parts of MTGJSON data this script needs."""

    def __init__(self, path: str):
        files = sorted(glob.glob(os.path.join(path, "*.json"))) if os.path.isdir(path) else [path]
        self.reserved: set[str] = set()
        self.commander_banned: set[str] = set()
        self.full_name: dict[str, str] = {}  # face name -> full name of a multi-face card
        self.names: set[str] = set()
        self.meta: dict[str, int] = {}
        self.skipped: list[str] = []
        for f in files:
            try:
                with _open(f) as fh:
                    doc = json.load(fh)
            except (ValueError, OSError) as err:
                self.skipped.append(f"{os.path.basename(f)} ({err.__class__.__name__})")
                continue
            if isinstance(doc, list) or (isinstance(doc, dict) and doc.get("object") == "list"):
                self._scryfall(doc if isinstance(doc, list) else doc.get("data", []), f)
                continue
            if not isinstance(doc, dict) or "data" not in doc:
                self.skipped.append(os.path.basename(f))
                continue
            meta = doc.get("meta", {})
            key = f"MTGJSON {meta.get('version', '?')} ({meta.get('date', '?')})"
            self.meta[key] = self.meta.get(key, 0) + 1
            for card in _card_records(doc):
                name = card.get("name")
                if not name:
                    continue
                self.names.add(name)
                if card.get("faceName"):
                    self.full_name.setdefault(card["faceName"], name)
                if " // " in name:
                    self.full_name.setdefault(name.split(" // ")[0], name)
                if card.get("isReserved"):
                    self.reserved.add(name)
                if (card.get("legalities") or {}).get("commander") == "Banned":
                    self.commander_banned.add(name)

    def _scryfall(self, cards: list, path: str) -> None:
        """Scryfall bulk data (a list of cards) or a search-result page (``object: list``)."""
        key = f"Scryfall ({os.path.basename(path)})"
        self.meta[key] = self.meta.get(key, 0) + 1
        for card in cards:
            name = card.get("name")
            if not name:
                continue
            self.names.add(name)
            for face in card.get("card_faces") or ():
                if face.get("name") and face["name"] != name:
                    self.full_name.setdefault(face["name"], name)
            if card.get("reserved"):
                self.reserved.add(name)
            if (card.get("legalities") or {}).get("commander") == "banned":
                self.commander_banned.add(name)

    @property
    def date(self) -> str:
        dates = sorted({k.rsplit("(", 1)[1].rstrip(")") for k in self.meta
                        if re.search(r"\(\d{4}-\d\d-\d\d\)$", k)})
        return dates[-1] if dates else "?"

    def normalise(self, name: str) -> str:
        """A card's full name: itself if it is one, else the multi-face card it is a face of."""
        return name if name in self.names else self.full_name.get(name, name)


# ---------------------------------------------------------------------------- XMage

_ADD = re.compile(r'^\s*(banned|bannedCompanion)\.add\("((?:[^"\\]|\\.)*)"\);')


def _unescape(java: str) -> str:
    return java.replace('\\"', '"').replace("\\\\", "\\")


def xmage_commander(commander_java: str, constructed_java: str) -> tuple[set[str], set[str], dict]:
    """(banned names, companion-only bans, {section: names}) from XMage's validators."""
    banned, companion = set(), set()
    for line in commander_java.splitlines():
        m = _ADD.match(line)
        if m:
            (banned if m.group(1) == "banned" else companion).add(_unescape(m.group(2)))
    sections: dict[str, set[str]] = {}
    current = None
    for line in constructed_java.splitlines():
        stripped = line.strip()
        if stripped.startswith("//") and "banned" in stripped.lower():
            label = stripped.lstrip("/ ").lower()
            current = next((s for s in CONSTRUCTED_SECTIONS + CONSTRUCTED_SKIPPED if s in label), label)
            sections.setdefault(current, set())
            continue
        m = _ADD.match(line)
        if m and current is not None:
            sections[current].add(_unescape(m.group(2)))
    unknown = set(sections) - set(CONSTRUCTED_SECTIONS) - set(CONSTRUCTED_SKIPPED)
    if unknown:
        print(f"warning: unknown Constructed.java ban sections {sorted(unknown)}; left out",
              file=sys.stderr)
    for s in CONSTRUCTED_SECTIONS:
        if s in sections:
            banned |= sections[s]
        else:
            print(f"warning: no '{s}' section found in Constructed.java", file=sys.stderr)
    return banned, companion, sections


def _git_show(gitdir: str, rev: str, path: str) -> str:
    return subprocess.run(["git", f"--git-dir={gitdir}", "show", f"{rev}:{path}"],
                          check=True, capture_output=True, text=True).stdout


def _git_log(gitdir: str, rev: str, path: str | None = None) -> str:
    cmd = ["git", f"--git-dir={gitdir}", "log", "-1", "--format=%H %cs", rev]
    if path:
        cmd += ["--", path]
    return subprocess.run(cmd, check=True, capture_output=True, text=True).stdout.strip()


# ---------------------------------------------------------------------------- output

def toml_str(s: str) -> str:
    return json.dumps(s, ensure_ascii=False)  # a JSON string is a valid TOML basic string


def toml_names(names) -> str:
    items = sorted(names)
    if len(items) <= 12:
        return "[" + ", ".join(toml_str(n) for n in items) + "]"
    return "[\n" + "".join(f"    {toml_str(n)},\n" for n in items) + "]"


def pool_missing(names) -> list[str] | None:
    try:
        from labyrinth_gym.envs.magic.engine.cards import card_pool
    except ImportError:
        return None
    pool = card_pool()
    return sorted(n for n in names if n not in pool)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--mtgjson", required=True)
    ap.add_argument("--mtgjson-date", help="date of the MTGJSON data (default: its meta.date)")
    ap.add_argument("--mtgjson-source", help="provenance text for the MTGJSON data")
    ap.add_argument("--xmage", help="git directory of magefree/mage")
    ap.add_argument("--xmage-rev", default="HEAD")
    ap.add_argument("--xmage-commander")
    ap.add_argument("--xmage-constructed")
    ap.add_argument("--xmage-date", help="date of the XMage source (default: its commit date)")
    ap.add_argument("--xmage-source", help="provenance text for the XMage source")
    ap.add_argument("--commander-from", choices=("xmage", "mtgjson"))
    ap.add_argument("--pool", action="store_true", help="list names missing from the card pool")
    ap.add_argument("--header", help="file whose text replaces the generated explanation")
    ap.add_argument("--out", default="-")
    args = ap.parse_args(argv)

    mj = Mtgjson(args.mtgjson)
    print(f"MTGJSON: {sum(mj.meta.values())} files {mj.meta}; skipped {mj.skipped}", file=sys.stderr)
    mj_date = args.mtgjson_date or mj.date
    mj_source = args.mtgjson_source or f"{', '.join(mj.meta)}: {args.mtgjson}"

    xm = None
    if args.xmage or (args.xmage_commander and args.xmage_constructed):
        if args.xmage:
            cmd_java = _git_show(args.xmage, args.xmage_rev, XMAGE_COMMANDER)
            con_java = _git_show(args.xmage, args.xmage_rev, XMAGE_CONSTRUCTED)
            head = _git_log(args.xmage, args.xmage_rev)
            last = _git_log(args.xmage, args.xmage_rev, XMAGE_COMMANDER)
            xm_date = args.xmage_date or head.split()[1]
            xm_source = args.xmage_source or (
                f"XMage (github.com/magefree/mage) commit {head.split()[0]} ({head.split()[1]}): "
                f"{XMAGE_COMMANDER} (last changed {last.split()[0][:10]}, {last.split()[1]}) "
                f"+ {XMAGE_CONSTRUCTED}")
        else:
            cmd_java = open(args.xmage_commander, encoding="utf-8").read()
            con_java = open(args.xmage_constructed, encoding="utf-8").read()
            xm_date = args.xmage_date or "?"
            xm_source = args.xmage_source or f"XMage {args.xmage_commander} + {args.xmage_constructed}"
        banned, companion, sections = xmage_commander(cmd_java, con_java)
        xm = {mj.normalise(n) for n in banned}
        print(f"XMage: {len(xm)} banned; companion-only {sorted(companion)}; "
              f"left out {', '.join(f'{s} ({len(sections.get(s, ()))})' for s in CONSTRUCTED_SKIPPED)}",
              file=sys.stderr)

    source_choice = args.commander_from or ("xmage" if xm is not None else "mtgjson")
    if source_choice == "xmage":
        if xm is None:
            ap.error("--commander-from xmage needs --xmage or the two Java files")
        commander, c_date, c_source = xm, xm_date, xm_source
        other, other_name = mj.commander_banned, f"MTGJSON ({mj_date})"
    else:
        commander, c_date, c_source = mj.commander_banned, mj_date, mj_source
        other, other_name = xm, "XMage"
    if other:
        print(f"commander: {source_choice} vs {other_name}: only in {source_choice}: "
              f"{sorted(commander - other)}; only in {other_name}: {sorted(other - commander)}",
              file=sys.stderr)
    unknown = sorted(n for n in commander if n not in mj.names)
    if unknown:
        print(f"warning: commander names not in the MTGJSON data: {unknown}", file=sys.stderr)

    reserved = mj.reserved
    print(f"reserved {len(reserved)}, commander {len(commander)}, mazerunner {len(MAZERUNNER)}",
          file=sys.stderr)

    lines: list[str] = []
    if args.header:
        lines += open(args.header, encoding="utf-8").read().rstrip("\n").split("\n")
    else:
        lines += HEADER.rstrip("\n").split("\n")
    if args.pool:
        lists = {"reserved_list": reserved, "commander_banlist": commander, "mazerunner": MAZERUNNER}
        missing = {k: pool_missing(v) for k, v in lists.items()}
        lines.append("#")
        if any(m is None for m in missing.values()):
            lines.append("# (labyrinth_gym not importable: card-pool check skipped)")
        else:
            lines.append("# Names not in labyrinth-gym's card pool (card_pool(); kept in the lists anyway):")
            for k, m in missing.items():
                lines.append(f"#   {k}: " + ("none" if not m else "; ".join(m)))
    lines.append(f"# Generated {date.today().isoformat()}.")
    lines.append("")
    for table, d, src, names in (
            ("reserved_list", mj_date, mj_source, reserved),
            ("commander_banlist", c_date, c_source, commander),
            ("mazerunner", MAZERUNNER_DATE, MAZERUNNER_SOURCE, MAZERUNNER)):
        lines.append(f"[{table}]")
        lines.append(f"date = {toml_str(d)}")
        lines.append(f"source = {toml_str(src)}")
        lines.append(f"names = {toml_names(names)}")
        lines.append("")
    text = "\n".join(lines).rstrip("\n") + "\n"

    try:
        import tomllib
        parsed = tomllib.loads(text)
        assert len(parsed["reserved_list"]["names"]) == len(reserved)
        assert len(parsed["commander_banlist"]["names"]) == len(commander)
    except ImportError:
        pass

    if args.out == "-":
        sys.stdout.write(text)
    else:
        os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
        with open(args.out, "w", encoding="utf-8") as fh:
            fh.write(text)
        print(f"wrote {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
