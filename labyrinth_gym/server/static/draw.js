// Drawing a seat's view (the engine's observation_for JSON) as SVG, one function per
// game and a plain one for any other game.
"use strict";

const SVGNS = "http://www.w3.org/2000/svg";
const SEAT_COLOURS = ["#1971c2", "#c92a2a", "#2f9e44", "#e67700", "#7048e8", "#0c8599"];

function el(parent, tag, attrs, text) {
  const node = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  parent.append(node);
  return node;
}

function clip(text, n) {
  text = String(text);
  return text.length > n ? text.slice(0, n - 1) + "…" : text;
}

// Shapes with data-target="row 5 col 6" (a board cell) can be clicked: the table
// plays the legal move naming that cell, or lists the moves that do. Shapes with
// data-card="Lightning Bolt" show that card's text when hovered.
function drawTable(svg, game, obs, seat, legal) {
  svg.innerHTML = "";
  el(svg, "rect", { x: 0, y: 0, width: 640, height: 480, fill: "#fffdf8" });
  const draw = DRAWERS[game] || drawPlain;
  draw(svg, obs, seat, legal || []);
}

// The cells the legal moves name ("row 5 col 6", "square 9,10", "slot 0,1").
function namedCells(legal, pattern) {
  const cells = new Map();
  for (const a of legal) {
    const m = a.name.match(pattern);
    if (m) cells.set(m[0], m.slice(1).map(Number));
  }
  return cells;
}

// Two lines of a name in a box of `width` pixels at font size `size`.
function nameLines(g, x, y, name, width, size, attrs) {
  const per = Math.max(4, Math.floor(width / (size * 0.55)));
  const words = String(name).split(" ");
  const lines = [""];
  for (const w of words) {
    const line = lines[lines.length - 1];
    if ((line + " " + w).trim().length > per && line) lines.push(w);
    else lines[lines.length - 1] = (line + " " + w).trim();
  }
  lines.slice(0, 2).forEach((text, i) => el(g, "text", {
    x, y: y + i * (size + 1), "font-size": size, ...(attrs || {}) },
    clip(text, per)));
}

// ------------------------------------------------------------ Dungeon Crawler
const TERRAIN = ["#5c5f66", "#efe6cf", "#343a40", "#e8590c", "#a5d8ff", "#1c7ed6", "#fab005"];

function drawDungeon(svg, obs, seat, legal) {
  const grid = obs.board.terrain;
  const n = grid.length;
  const c = Math.floor(455 / n);
  const g = el(svg, "g", { transform: "translate(20,20)", class: "board" });
  // the coordinates the moves name: "square ROW,COLUMN"
  for (let i = 0; i < n; i++) {
    el(svg, "text", { x: 20 + i * c + c / 2, y: 14, "text-anchor": "middle",
                      "font-size": 8, fill: "#868e96", class: "axis" }, i);
    el(svg, "text", { x: 15, y: 20 + i * c + c * 0.7, "text-anchor": "end",
                      "font-size": 8, fill: "#868e96", class: "axis" }, i);
  }
  grid.forEach((row, r) => row.forEach((t, k) => el(g, "rect", {
    x: k * c, y: r * c, width: c, height: c, fill: TERRAIN[t] || "#fff", stroke: "#ddd",
    "stroke-width": 0.5 })));
  for (const [r, k, num] of obs.board.spawns)
    el(g, "text", { x: k * c + c / 2, y: r * c + c * 0.7, "text-anchor": "middle",
                    "font-size": c * 0.6, fill: "#868e96" }, num);
  for (const [r, k] of obs.board.piles)
    el(g, "text", { x: k * c + c / 2, y: r * c + c * 0.75, "text-anchor": "middle",
                    "font-size": c * 0.8, fill: "#e67700" }, "X");
  for (const f of obs.figures) {
    const [r, k] = f.square;
    const colour = SEAT_COLOURS[f.owner % SEAT_COLOURS.length];
    if (f.kind === "adventurer") {
      el(g, "circle", { cx: k * c + c / 2, cy: r * c + c / 2, r: c * 0.45, fill: colour,
                        stroke: "#000" });
    } else {
      el(g, "rect", { x: k * c + c * 0.15, y: r * c + c * 0.15, width: c * 0.7,
                      height: c * 0.7, fill: "#fff", stroke: colour, "stroke-width": 2 });
    }
    el(g, "text", { x: k * c + c / 2, y: r * c + c * 0.68, "text-anchor": "middle",
                    "font-size": c * 0.45, fill: f.kind === "adventurer" ? "#fff" : colour },
       f.name[0]);
  }
  // the squares a move may name: outlined, and a click plays (or lists) the move
  for (const [target, [r, k]] of namedCells(legal, /square (\d+),(\d+)/)) {
    el(g, "rect", { x: k * c + 1, y: r * c + 1, width: c - 2, height: c - 2,
                    fill: "#fab005", "fill-opacity": 0.25, stroke: "#e67700",
                    "stroke-width": 1.5, class: "target", "data-target": target });
  }
  const side = el(svg, "g", { transform: "translate(485,20)" });
  let y = 0;
  obs.seats.forEach((s, p) => {
    el(side, "text", { x: 0, y, fill: SEAT_COLOURS[p % 6], "font-size": 12 },
       `${p === seat ? "you" : "seat " + p}: ${clip(s.adventurer || "-", 12)} (${s.hand_size})`);
    y += 16;
  });
  el(side, "text", { x: 0, y: y + 10, "font-size": 12 }, `round ${obs.round}`);
  (obs.hand || []).forEach((card, i) =>
    el(side, "text", { x: 0, y: y + 30 + 14 * i, "font-size": 11 }, clip(card, 24)));
}

// ------------------------------------------------------------ the card game
function drawPath(g, x, y, size, openings, fill) {
  el(g, "rect", { x, y, width: size, height: size, fill, stroke: "#868e96" });
  const m = size / 2;
  const ends = { N: [m, 0], E: [size, m], S: [m, size], W: [0, m] };
  for (const side of openings || "") {
    const [ex, ey] = ends[side];
    el(g, "line", { x1: x + m, y1: y + m, x2: x + ex, y2: y + ey, stroke: "#5f3dc4",
                    "stroke-width": Math.max(2, size / 6) });
  }
}

function drawCards(svg, obs, seat, legal) {
  const table = obs.table;
  const targets = namedCells(legal, /row (\d+) col (\d+)/);
  const cells = [...table.map((t) => [t.row, t.col]), ...targets.values()];
  const rows = cells.map(([r]) => r), cols = cells.map(([, c]) => c);
  const r0 = Math.min(...rows), c0 = Math.min(...cols);
  const span = Math.max(Math.max(...rows) - r0, Math.max(...cols) - c0, 3) + 1;
  const size = Math.min(60, Math.floor(425 / span));
  const g = el(svg, "g", { transform: "translate(28,24)", class: "board" });
  // the coordinates the moves name: "row R col C"
  el(svg, "text", { x: 2, y: 16, "font-size": 9, fill: "#868e96" }, "row\\col");
  for (let i = 0; i < span; i++) {
    el(svg, "text", { x: 28 + i * size + size / 2, y: 16, "text-anchor": "middle",
                      "font-size": 10, fill: "#868e96", class: "axis" }, c0 + i);
    el(svg, "text", { x: 24, y: 24 + i * size + size / 2 + 3, "text-anchor": "end",
                      "font-size": 10, fill: "#868e96", class: "axis" }, r0 + i);
  }
  for (const [target, [r, c]] of targets) {
    el(g, "rect", { x: (c - c0) * size + 1, y: (r - r0) * size + 1, width: size - 2,
                    height: size - 2, fill: "#d3f9d8", stroke: "#2f9e44",
                    "stroke-dasharray": "4 2", class: "target", "data-target": target });
  }
  for (const t of table) {
    const x = (t.col - c0) * size, y = (t.row - r0) * size;
    drawPath(g, x, y, size, t.openings, t.played_this_turn ? "#fff3bf" : "#f1f3f5");
    if (t.card.treasures.length)
      el(g, "text", { x: x + 2, y: y + size - 3, "font-size": Math.max(7, size / 6) },
         t.card.treasures.map((s) => s[0]).join(""));
  }
  const side = el(svg, "g", { transform: "translate(470,10)" });
  el(side, "text", { x: 0, y: 12, "font-size": 12 }, `deck ${obs.deck_size}`);
  obs.players.forEach((p, i) => el(side, "text", {
    x: 0, y: 30 + 16 * i, "font-size": 12, fill: SEAT_COLOURS[i % 6] },
  `${p.seat === seat ? "you" : "seat " + p.seat}: score ${p.score}, ${p.hand_size} in hand`));
  (obs.hand || []).forEach((card, i) => {
    drawPath(side, 0 + (i % 3) * 50, 40 + 16 * obs.players.length + Math.floor(i / 3) * 50,
             44, card.openings, "#e7f5ff");
  });
}

// ------------------------------------------------------------ Magic
const STEPS = { untap: "untap", upkeep: "upkeep", draw: "draw", main1: "first main phase",
  begin_combat: "beginning of combat", declare_attackers: "declare attackers",
  declare_blockers: "declare blockers", first_strike_damage: "first-strike damage",
  combat_damage: "combat damage", end_combat: "end of combat", main2: "second main phase",
  end: "end step", cleanup: "cleanup" };

// Magic, Arcane Labyrinth and Mazerunner's pods: a band per seat (life, hand, library,
// graveyard, exile, untapped lands, and `extra(p)`'s line), its permanents with full
// names, power/toughness and counters; the stack and the viewer's hand below.
function drawMagic(svg, obs, seat, legal, extra, names) {
  const n = obs.life.length;
  const top = 18, bottom = 60;
  const band = (480 - top - bottom) / n;
  const who = names || ((p) => (p === seat ? "you" : `seat ${p}`));
  el(svg, "text", { x: 6, y: 13, "font-size": 12, class: "status" },
     `turn ${obs.turn} · ${STEPS[obs.step] || obs.step || ""} · ` +
     `${obs.active === seat ? "your turn" : who(obs.active) + "'s turn"}`);
  obs.life.forEach((life, p) => {
    const y0 = top + p * band;
    const g = el(svg, "g", { transform: `translate(5,${y0})`, class: "board" });
    el(g, "rect", { x: 0, y: 0, width: 630, height: band - 4, rx: 4,
                    fill: p === seat ? "#e7f5ff" : "#f8f9fa", stroke: SEAT_COLOURS[p % 6] });
    const mine = obs.battlefield.filter((b) => b.controller === p);
    const lands = mine.filter((b) => b.types.includes("Land"));
    const mana = (obs.mana_available || [])[p];
    const out = obs.lost[p] ? " · OUT" : "";
    const poison = obs.poison && obs.poison[p] ? ` · poison ${obs.poison[p]}` : "";
    el(g, "text", { x: 6, y: 14, "font-size": 12, fill: SEAT_COLOURS[p % 6],
                    "font-weight": obs.active === p ? "bold" : "normal" },
       `${who(p)}: life ${life}${poison} · hand ${obs.hand_sizes[p]} · library ` +
       `${obs.library_sizes[p]} · mana available ` +
       `${mana ? mana.total + (mana.colours ? " (" + mana.colours + ")" : "") : "?"}${out}`);
    // the public zones: each graveyard's and exile's cards, the newest last
    const zones = [["graveyard", obs.graveyards[p]], ["exile", obs.exiles[p]]]
      .map(([zone, cards]) => `${zone} ${cards.length}` +
           (cards.length ? `: ${clip(cards.slice(-3).reverse().join(", "), 40)}` : ""))
      .join(" · ");
    const more = [extra ? extra(p) : "", zones].filter(Boolean).join(" · ");
    if (more) el(g, "text", { x: 6, y: 27, "font-size": 10.5, fill: "#495057" },
                 clip(more, 110));
    const first = more ? 32 : 20;
    const shown = [...mine.filter((b) => !b.types.includes("Land")), ...lands];
    const per = 8, w = 74, h = Math.min(46, band - first - 6);
    shown.forEach((b, i) => {
      const x = 6 + (i % per) * (w + 4), y = first + Math.floor(i / per) * (h + 3);
      if (y + h > band - 4) return;
      const card = el(g, "g", { "data-card": b.card, class: "card" });
      el(card, "rect", { x, y, width: w, height: h, rx: 4,
                         fill: b.tapped ? "#dee2e6" : "#fff",
                         stroke: b.attacking != null ? "#e03131"
                           : b.blocking != null ? "#1971c2" : "#495057" });
      nameLines(card, x + 3, y + 10, b.card, w - 6, 8.5);
      const bits = [];
      if (b.power !== undefined) bits.push(`${b.power}/${b.toughness - (b.damage || 0)}`);
      for (const [k, v] of Object.entries(b.counters || {})) bits.push(`${v} ${k}`);
      if (b.tapped) bits.push("tapped");
      if (bits.length)
        el(card, "text", { x: x + 3, y: y + h - 4, "font-size": 8.5 }, clip(bits.join(" · "), 18));
    });
  });
  const stack = (obs.stack || []).map((s) => s.card || s.name || s.source || JSON.stringify(s));
  el(svg, "text", { x: 8, y: 480 - bottom + 14, "font-size": 11 },
     "stack: " + (stack.length ? clip(stack.join(" ← "), 95) : "empty"));
  const hand = el(svg, "g", { class: "hand" });
  el(hand, "text", { x: 8, y: 480 - bottom + 30, "font-size": 11 }, "your hand:");
  let x = 72;
  for (const name of obs.hand || []) {
    if (x > 600) break;  // (the terminal player and the log name the rest)
    const label = clip(name, 24);
    el(hand, "text", { x, y: 480 - bottom + 30, "font-size": 11, "data-card": name,
                       class: "card", fill: "#1864ab" }, label);
    x += label.length * 6.6 + 18;
  }
}

// Arcane Labyrinth: the Magic table (the Hero against the Labyrinth), and the
// dungeon's own state: round, boss, Labyrinth library, shop, next encounter.
function drawArcane(svg, obs, seat, legal) {
  const a = obs.arcane;
  const names = (p) => (p === 0 ? "the Hero (you)" : "the Labyrinth");
  drawMagic(svg, obs, seat, legal, (p) => (p === 0 && a.hero_exhausted ? "exhausted" : ""),
            names);
  const boss = a.boss_on_battlefield ? `${a.boss} is on the battlefield`
    : `boss ${a.boss} (arrived ${a.boss_arrivals} times)`;
  el(svg, "text", { x: 8, y: 480 - 60 + 44, "font-size": 11, class: "arcane" },
     clip(`Hero ${a.hero} · round ${a.round} · safe turns left ${a.safe_turns_left} · ` +
          `next encounter round ${a.next_encounter_round}`, 105));
  el(svg, "text", { x: 8, y: 480 - 60 + 57, "font-size": 11, class: "arcane" },
     clip(`${boss} · Labyrinth library ${a.labyrinth_library} · shop ${a.shop_size} ` +
          `cards${a.shop_opens ? " (open)" : ""}`, 105));
}

// Mazerunner's Commander pods: each seat's commanders, their tax and the commander
// damage it has taken.
function drawPod(svg, obs, seat, legal) {
  drawMagic(svg, obs, seat, legal, (p) => {
    const zone = (obs.command_zone[p] || []).join(", ") || "none";
    const tax = (obs.commander_tax[p] || []).join("/");
    const taken = Object.entries(obs.commander_damage[p] || {})
      .map(([c, d]) => `${d} from ${c}`).join(", ");
    const league = obs.league ? `league points ${obs.league.points[p]} · ` : "";
    return `${league}command zone: ${clip(zone, 36)} (tax ${tax})` +
           (taken ? ` · commander damage taken: ${clip(taken, 30)}` : "");
  });
}

// ------------------------------------------------------------ the maze party
function drawMaze(svg, obs) {
  const g = el(svg, "g", { transform: "translate(10,10)", class: "board" });
  el(g, "text", { x: 0, y: 14, "font-size": 14 }, `${obs.maze.name} · round ${obs.round}`);
  obs.river.forEach((slot, i) => {
    const x = 10 + i * 120;
    el(g, "rect", { x, y: 30, width: 100, height: 140, rx: 8,
                    fill: slot.state === "face_down" ? "#495057" : "#fff9db", stroke: "#212529" });
    el(g, "text", { x: x + 50, y: 105, "text-anchor": "middle", "font-size": 12,
                    fill: slot.state === "face_down" ? "#fff" : "#212529" },
       clip(slot.card || slot.state, 14));
  });
  el(g, "text", { x: 400, y: 60, "font-size": 12 }, `deck ${obs.deck.size} · discard ${obs.discard.size}`);
  obs.party.forEach((m, i) => {
    const y = 200 + i * 44;
    el(g, "text", { x: 0, y: y + 12, "font-size": 12, fill: m.acting ? "#c92a2a" : "#212529" },
       `${clip(m.name, 24)}${m.down ? " (down)" : ""}`);
    el(g, "rect", { x: 200, y, width: 200, height: 14, fill: "#e9ecef" });
    el(g, "rect", { x: 200, y, width: 200 * Math.max(m.hp, 0) / m.max_hp, height: 14, fill: "#2f9e44" });
    el(g, "text", { x: 410, y: y + 12, "font-size": 12 }, `${m.hp}/${m.max_hp}`);
  });
}

// ------------------------------------------------------------ any other game
function drawPlain(svg, obs) {
  let y = 20;
  for (const [k, v] of Object.entries(obs)) {
    if (k === "legal_actions" || y > 470) continue;
    el(svg, "text", { x: 10, y, "font-size": 12 }, clip(`${k}: ${JSON.stringify(v)}`, 95));
    y += 16;
  }
}

const DRAWERS = {
  dungeon_crawler: drawDungeon, labyrinth_cards: drawCards, magic: drawMagic,
  arcane_labyrinth: drawArcane, maze_party: drawMaze, mazerunner: drawPod,
};
