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

function drawTable(svg, game, obs, seat) {
  svg.innerHTML = "";
  el(svg, "rect", { x: 0, y: 0, width: 640, height: 480, fill: "#fffdf8" });
  const draw = DRAWERS[game] || drawPlain;
  draw(svg, obs, seat);
}

// ------------------------------------------------------------ Dungeon Crawler
const TERRAIN = ["#5c5f66", "#efe6cf", "#343a40", "#e8590c", "#a5d8ff", "#1c7ed6", "#fab005"];

function drawDungeon(svg, obs) {
  const grid = obs.board.terrain;
  const n = grid.length;
  const c = Math.floor(470 / n);
  const g = el(svg, "g", { transform: "translate(5,5)", class: "board" });
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
  const side = el(svg, "g", { transform: "translate(485,20)" });
  let y = 0;
  obs.seats.forEach((s, p) => {
    el(side, "text", { x: 0, y, fill: SEAT_COLOURS[p % 6], "font-size": 12 },
       `${p}: ${clip(s.adventurer || "-", 13)} (${s.hand_size})`);
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

function drawCards(svg, obs) {
  const table = obs.table;
  const rows = table.map((t) => t.row), cols = table.map((t) => t.col);
  const r0 = Math.min(...rows, 0), c0 = Math.min(...cols, 0);
  const span = Math.max(Math.max(...rows, 0) - r0, Math.max(...cols, 0) - c0, 3) + 1;
  const size = Math.min(60, Math.floor(440 / span));
  const g = el(svg, "g", { transform: "translate(10,10)", class: "board" });
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
  `seat ${p.seat}: score ${p.score}, ${p.hand_size} in hand`));
  (obs.hand || []).forEach((card, i) => {
    drawPath(side, 0 + (i % 3) * 50, 40 + 16 * obs.players.length + Math.floor(i / 3) * 50,
             44, card.openings, "#e7f5ff");
  });
}

// ------------------------------------------------------------ Magic
function drawMagic(svg, obs, seat) {
  const n = obs.life.length;
  const band = 440 / n;
  obs.life.forEach((life, p) => {
    const y0 = 5 + p * band;
    const g = el(svg, "g", { transform: `translate(5,${y0})`, class: "board" });
    el(g, "rect", { x: 0, y: 0, width: 630, height: band - 6, fill: p === seat ? "#e7f5ff" : "#f8f9fa",
                    stroke: SEAT_COLOURS[p % 6] });
    el(g, "text", { x: 6, y: 16, "font-size": 13, fill: SEAT_COLOURS[p % 6] },
       `seat ${p}: life ${life} · hand ${obs.hand_sizes[p]} · library ${obs.library_sizes[p]}` +
       (obs.active === p ? " · active" : ""));
    const mine = obs.battlefield.filter((b) => b.controller === p);
    mine.forEach((b, i) => {
      const x = 6 + (i % 9) * 69, y = 24 + Math.floor(i / 9) * 48;
      if (y + 44 > band) return;
      el(g, "rect", { x, y, width: 64, height: 44, rx: 4, fill: b.tapped ? "#dee2e6" : "#fff",
                      stroke: b.attacking !== null && b.attacking !== undefined ? "#e03131" : "#495057" });
      el(g, "text", { x: x + 3, y: y + 12, "font-size": 9 }, clip(b.card, 13));
      if (b.power !== undefined)
        el(g, "text", { x: x + 3, y: y + 38, "font-size": 10 }, `${b.power}/${b.toughness - (b.damage || 0)}`);
    });
  });
  el(svg, "text", { x: 8, y: 472, "font-size": 11 },
     "hand: " + clip((obs.hand || []).join(" · "), 100));
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
  arcane_labyrinth: drawMagic, maze_party: drawMaze,
};
