// The browser table: pick a game and who sits where, then play through the server's
// API (views, legal moves as buttons, the log, the result and the replay link).
"use strict";

const PRESETS = {  // starting options per game (any game works with {})
  maze_party: { party: 3 },
  labyrinth_cards: { num_players: 2 },
  magic: { num_players: 2 },
  dungeon_crawler: { num_players: 2, max_rounds: 20 },
};
const $ = (id) => document.getElementById(id);
let session = null;  // {id, seats, game, tokens}: tokens[seat] is that seat's secret
let log = { seat: null, events: [], next: 0 };  // the log of the seat shown

function since(seat) { return seat === log.seat ? log.next : 0; }

// A seat's requests carry its secret (the server answers 401/403 without it).
function auth(seat) {
  const token = session && session.tokens[String(seat)];
  return token ? { authorization: `Bearer ${token}` } : {};
}

async function api(method, path, body, headers = {}) {
  const r = await fetch(path, {
    method, headers: { ...(body ? { "content-type": "application/json" } : {}), ...headers },
    body: body ? JSON.stringify(body) : undefined,
  });
  const data = await r.json();
  if (!r.ok) throw new Error(data.error || JSON.stringify(data.detail || data));
  return data;
}

async function loadGames() {
  const { games } = await api("GET", "/v1/games");
  for (const g of games) $("game").add(new Option(g, g));
  $("game").onchange = () => { $("kwargs").value = JSON.stringify(PRESETS[$("game").value] || {}); seatRows(); };
  $("kwargs").onchange = seatRows;
  $("game").onchange();
}

let seatRequest = 0;  // only the latest seat list is shown (games switched quickly)
let seatsShown = Promise.resolve();  // Start waits for the latest list

function seatRows() {
  seatsShown = showSeatRows();
  return seatsShown;
}

async function showSeatRows() {
  const game = $("game").value;
  const mine = ++seatRequest;
  $("setup-error").textContent = "";
  try {
    const kwargs = JSON.parse($("kwargs").value || "{}");
    const [{ seats }, { agents }] = await Promise.all([
      api("GET", `/v1/games/${game}/seats?kwargs=${encodeURIComponent(JSON.stringify(kwargs))}`),
      api("GET", `/v1/agents?game=${game}`)]);
    if (mine !== seatRequest) return;  // a later choice is being answered
    const box = $("seats");
    box.dataset.game = game;
    box.innerHTML = "";
    for (let s = 0; s < seats; s++) {
      const sel = document.createElement("select");
      sel.id = `seat-${s}`;
      sel.add(new Option("human", "human"));
      for (const a of agents) sel.add(new Option(a, a));
      if (s > 0) sel.value = agents.find((a) => a.endsWith("/heuristic")) || agents[0];
      const label = document.createElement("label");
      label.append(`seat ${s} `, sel);
      box.append(label);
    }
  } catch (e) { if (mine === seatRequest) $("setup-error").textContent = e.message; }
}

async function start() {
  await seatsShown;  // (options just changed: their seat list first)
  $("setup-error").textContent = "";
  try {
    const game = $("game").value;
    const seats = [...document.querySelectorAll("#seats select")].map((s) => s.value);
    const body = { game, seats, kwargs: JSON.parse($("kwargs").value || "{}") };
    if ($("seed").value !== "") body.seed = Number($("seed").value);  // else the server draws one
    const out = await api("POST", "/v1/sessions", body);
    session = { id: out.id, seats, game, tokens: out.tokens };
    log = { seat: null, events: [], next: 0 };
    $("setup").hidden = true;
    $("play").hidden = false;
    $("replay").href = `/v1/sessions/${out.id}/replay`;
    $("replay").onclick = openReplay;
    show(out.view);
    if (!seats.includes("human")) watch();  // agents only: they play in the background
  } catch (e) { $("setup-error").textContent = e.message; }
}

function seatToShow(view) {
  // the human seat to act, else the first human seat (hot-seat play)
  if (view.to_act !== null && session.seats[view.to_act] === "human") return view.to_act;
  const first = session.seats.indexOf("human");
  return first >= 0 ? first : 0;
}

async function refresh(seat) {
  show(await api("GET", `/v1/sessions/${session.id}/view?seat=${seat}&since=${since(seat)}`,
                 undefined, auth(seat)));
}

function watch() {
  // every seat is an agent: the server pushes each new view of seat 0
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${scheme}://${location.host}/v1/sessions/${session.id}/ws?seat=0`);
  log = { seat: 0, events: [], next: 0 };
  ws.onmessage = (m) => { const view = JSON.parse(m.data); if (!view.error) show(view); };
}

async function openReplay(e) {
  // the replay needs a seat's secret, which a plain link cannot send
  e.preventDefault();
  const seat = session.seats.indexOf("human");
  const data = await api("GET", `/v1/sessions/${session.id}/replay`, undefined,
                         auth(seat >= 0 ? seat : 0));
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: "application/json" });
  window.open(URL.createObjectURL(blob), "_blank");
}

function show(view) {
  const seat = seatToShow(view);
  if (view.seat !== seat) return refresh(seat);
  if (view.seat !== log.seat) log = { seat: view.seat, events: [], next: 0 };
  if (view.next_event - view.events.length !== log.next) return;  // an old push
  // (the view holds the events from log.next on, and their sentences for this seat)
  log.events.push(...(view.log ?? view.events.map(describe)));
  log.next = view.next_event;
  $("info").textContent = `${view.game} · session ${view.session} · you see seat ${seat}`;
  drawTable($("table"), view.game, { ...view.observation, league: view.league }, seat,
            view.legal_actions);
  const list = $("log");
  list.innerHTML = "";
  for (const e of log.events.slice(-200)) {
    const li = document.createElement("li");
    li.textContent = e;
    list.append(li);
  }
  list.scrollTop = list.scrollHeight;
  const moves = $("moves");
  moves.innerHTML = "";
  if (view.terminal) {
    $("prompt").textContent = "Game over";
    $("result").textContent = outcomeText(view, seat);
    $("status").textContent = "over";
    return;
  }
  $("prompt").textContent = view.legal_actions.length
    ? `Your move (seat ${seat}): ${decisionText(view.observation.decision)}`
    : `Waiting for seat ${view.to_act}`;
  view.legal_actions.forEach((a, i) => {
    const b = document.createElement("button");
    b.textContent = a.name;
    b.className = "move";
    b.dataset.action = a.action;
    b.id = `move-${i}`;
    b.onclick = () => play(seat, a.action);
    moves.append(b);
  });
  shown = { seat, legal: view.legal_actions };
  $("status").textContent = `turn ${view.observation.turn ?? ""}`;
}

let shown = { seat: null, legal: [] };  // the moves now on the board

// The decision being asked, in words ("block: choose your blockers").
function decisionText(decision) {
  if (!decision) return "choose a move";
  if (typeof decision === "string") return decision;
  const kind = String(decision.kind || "").replaceAll("_", " ");
  const rest = Object.entries(decision)
    .filter(([k, v]) => k !== "kind" && k !== "player" && v !== null && v !== ""
            && typeof v !== "object")
    .map(([k, v]) => `${k.replaceAll("_", " ")} ${v}`);
  return rest.length ? `${kind} (${rest.join(", ")})` : kind;
}

// A click on the board: the legal move naming that cell is played; several are
// listed (the others hidden until the next move).
function boardClick(event) {
  const cell = event.target.closest("[data-target]");
  if (!cell || !shown.legal.length) return;
  const target = cell.dataset.target;
  const pattern = new RegExp(target.replace(/[.*+?^${}()|[\]\\]/g, "\\$&") + "(?!\\d)");
  const matching = shown.legal.filter((a) => pattern.test(a.name));
  if (matching.length === 1) return play(shown.seat, matching[0].action);
  for (const b of document.querySelectorAll("#moves button"))
    b.hidden = matching.length > 0 && !pattern.test(b.textContent);
  $("prompt").textContent = `${matching.length} moves at ${target}: pick one`;
}

// Hovering a card shows its cost, type, power/toughness and text, read by the server
// from the card data package.
const cardText = new Map();
async function cardHover(event) {
  const node = event.target.closest("[data-card]");
  if (!node) return;
  const name = node.dataset.card;
  if (!cardText.has(name)) {
    const r = await fetch(`/v1/cards/${encodeURIComponent(name)}`);
    cardText.set(name, r.ok ? await r.json() : { name, text: "" });
  }
  const c = cardText.get(name);
  const pt = c.power != null ? ` · ${c.power}/${c.toughness}` : (c.loyalty ? ` · loyalty ${c.loyalty}` : "");
  $("card").hidden = false;
  $("card-name").textContent = `${c.name}${c.cost ? "  " + c.cost : ""}`;
  $("card-type").textContent = `${c.type_line || ""}${pt}`;
  $("card-text").textContent = c.text || "";
}

async function play(seat, action) {
  for (const b of document.querySelectorAll("#moves button")) b.disabled = true;
  try {
    show(await api("POST", `/v1/sessions/${session.id}/actions`,
                   { seat, action, since: since(seat) }, auth(seat)));
  }
  catch (e) { $("result").textContent = e.message; await refresh(seat); }
}

// The result said from the viewer's side: "You won", "You lost", "Seat 2 won".
function outcomeText(view, seat) {
  const returns = view.returns || [];
  const best = Math.max(...returns);
  const winners = returns.map((r, i) => (r === best ? i : -1)).filter((i) => i >= 0);
  const person = session.seats[seat] === "human";
  const scores = ` (returns ${JSON.stringify(returns)})`;
  if (view.outcome === "truncated") return `Cut off at the turn limit: nobody won${scores}`;
  if (returns.length && winners.length === returns.length)
    return (best > 0 ? "Everyone won" : (person ? "You lost" : "Nobody won")) + scores;
  if (!person) return `Seat ${winners.join(", ")} won${scores}`;
  if (winners.includes(seat)) return (winners.length > 1 ? "You won, with seat " +
    winners.filter((w) => w !== seat).join(", ") : "You won") + scores;
  return `You lost: seat ${winners.join(", ")} won${scores}`;
}

// An event as its raw record, for a server whose views carry no "log" sentences.
function describe(e) {
  const rest = Object.entries(e).filter(([k]) => k !== "turn" && k !== "type")
    .map(([k, v]) => `${k}=${typeof v === "object" ? JSON.stringify(v) : v}`).join(", ");
  return `${e.type}${rest ? ": " + rest : ""}`;
}

$("start").onclick = start;
$("table").addEventListener("click", boardClick);
$("table").addEventListener("mouseover", cardHover);
loadGames();
