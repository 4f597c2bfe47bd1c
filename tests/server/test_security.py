"""The server as an attacker and a crowd meet it, over real HTTP and WebSocket on
loopback: seat secrets, no file system through the API, no freezes, limits that hold,
one error shape and no 5xx."""

from __future__ import annotations

import asyncio
import json
import signal
import socket
import sys
import threading
import time

import httpx
import pytest

from labyrinth_gym.server.app import create_app
from labyrinth_gym.server.bench import _Server, _ServerProcess

CARDS = {"game": "labyrinth_cards", "kwargs": {"num_players": 2}}


@pytest.fixture(scope="module")
def base():
    app = create_app(max_sessions=200, search_simulations=4, max_body=100_000,
                     max_events=400)
    with _Server(app) as url:
        yield url


@pytest.fixture
def http(base):
    with httpx.Client(base_url=base, timeout=60) as client:
        yield client


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def new(http, seats, **body):
    r = http.post("/v1/sessions", json={**CARDS, "seats": seats, **body})
    assert r.status_code == 200, r.text
    return r.json()


def wait(predicate, timeout=60.0):
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


# ------------------------------------------------------------------ seat secrets
def test_every_seat_specific_request_needs_that_seats_secret(http):
    out = new(http, ["human", "human"], seed=7)
    sid, tokens = out["id"], out["tokens"]
    assert set(tokens) == {"0", "1"} and tokens["0"] != tokens["1"]
    assert len(sid) >= 20 and min(len(t) for t in tokens.values()) >= 40
    acting = out["view"]["to_act"]
    other = 1 - acting
    view = f"/v1/sessions/{sid}/view"
    r = http.get(view, params={"seat": other})
    assert r.status_code == 401 and "secret" in r.json()["error"]
    r = http.get(view, params={"seat": other}, headers=bearer(tokens[str(acting)]))
    assert r.status_code == 403
    r = http.get(view, params={"seat": other}, headers=bearer("forged" * 8))
    assert r.status_code == 403
    mine = http.get(view, params={"seat": other}, headers=bearer(tokens[str(other)]))
    assert mine.status_code == 200 and mine.json()["seat"] == other

    # moving for a seat needs its secret too
    acting_view = http.get(view, params={"seat": acting},
                           headers=bearer(tokens[str(acting)])).json()
    action = acting_view["legal_actions"][0]["action"]
    url = f"/v1/sessions/{sid}/actions"
    assert http.post(url, json={"seat": acting, "action": action}).status_code == 401
    r = http.post(url, json={"seat": acting, "action": action},
                  headers=bearer(tokens[str(other)]))
    assert r.status_code == 403
    r = http.post(url, json={"seat": acting, "action": action},
                  headers=bearer(tokens[str(acting)]))
    assert r.status_code == 200


def test_a_running_games_replay_is_the_seats_own_log(http):
    # Magic: the log names the cards each seat draws
    r = http.post("/v1/sessions", json={"game": "magic", "seed": 3,
                                        "seats": ["human", "magic/heuristic"]})
    out = r.json()
    sid, token = out["id"], out["tokens"]["0"]
    url = f"/v1/sessions/{sid}/replay"
    assert http.get(url).status_code == 401
    assert http.get(url, headers=bearer("x" * 43)).status_code == 403
    view = out["view"]
    for _ in range(12):  # some moves, so that the other seat drew cards
        view = http.post(f"/v1/sessions/{sid}/actions", headers=bearer(token), json={
            "seat": 0, "action": view["legal_actions"][0]["action"]}).json()
    running = http.get(url, headers=bearer(token)).json()
    assert running["finished"] is False and not view["terminal"]
    assert "seed" not in running and "actions" not in running and "kwargs" not in running
    view = http.get(f"/v1/sessions/{sid}/view", params={"seat": 0},
                    headers=bearer(token)).json()
    assert running["events"] == view["events"]
    while not view["terminal"]:
        view = http.post(f"/v1/sessions/{sid}/actions", headers=bearer(token), json={
            "seat": 0, "action": view["legal_actions"][0]["action"]}).json()
    over = http.get(url, headers=bearer(token)).json()
    assert over["finished"] is True and over["seed"] == 3 and over["actions"]
    # the running replay had the other seat's hidden cards taken out
    assert running["events"] != over["events"][:len(running["events"])]


def test_unknown_sessions_list_nothing_and_ids_are_unguessable(http):
    ids = {new(http, ["human", "human"])["id"] for _ in range(5)}
    assert len(ids) == 5
    r = http.get("/v1/sessions/0-0000/view", params={"seat": 0})
    assert r.status_code == 404
    assert not any(i in r.text for i in ids) and "sessions" not in r.json()


def test_the_websocket_needs_the_seats_secret(base, http):
    import websockets.sync.client as ws_client

    out = new(http, ["human", "labyrinth_cards/heuristic"], seed=2)
    sid, token = out["id"], out["tokens"]["0"]
    url = base.replace("http", "ws") + f"/v1/sessions/{sid}/ws?seat=0"
    with ws_client.connect(url) as ws:
        refused = json.loads(ws.recv(timeout=10))
        assert refused["status"] == 401 and "observation" not in refused
    with ws_client.connect(url + "&token=" + "x" * 43) as ws:
        assert json.loads(ws.recv(timeout=10))["status"] == 403
    with ws_client.connect(url + "&token=" + token) as ws:
        assert json.loads(ws.recv(timeout=10))["seat"] == 0
    with ws_client.connect(url, additional_headers=bearer(token)) as ws:
        assert json.loads(ws.recv(timeout=10))["seat"] == 0


def test_a_session_without_a_person_is_open_to_whoever_holds_its_id(http):
    out = new(http, ["labyrinth_cards/random", "labyrinth_cards/random"], seed=1)
    assert out["tokens"] == {}
    sid = out["id"]
    wait(lambda: http.get(f"/v1/sessions/{sid}/view",
                          params={"seat": 1}).json()["terminal"])
    assert http.get(f"/v1/sessions/{sid}/replay").json()["seed"] == 1


# ------------------------------------------------------------------ no files
@pytest.mark.parametrize("kwargs, field", [
    ({"decks": ["/etc/passwd", "/etc/passwd"]}, "kwargs.decks"),
    ({"decks": ["passwd", "red_burn"]}, "kwargs.decks"),
    ({"decks": ["x" * 300, "red_burn"]}, "kwargs.decks"),
    ({"decks": ["../../../../../../etc/passwd", "red_burn"]}, "kwargs.decks"),
])
def test_magic_decks_never_read_a_file(http, kwargs, field):
    r = http.post("/v1/sessions", json={"game": "magic", "seats": ["human", "human"],
                                        "kwargs": kwargs})
    assert r.status_code == 422, r.text
    body = r.json()
    assert body["field"] == field and "root:" not in r.text and "path" in body["error"]


@pytest.mark.parametrize("key", ["hero", "labyrinth"])
def test_arcane_kits_never_read_a_file(http, key):
    r = http.post("/v1/sessions", json={"game": "arcane_labyrinth",
                                        "seats": ["human", "human"],
                                        "kwargs": {key: "/etc/passwd"}})
    assert r.status_code == 422 and r.json()["field"] == f"kwargs.{key}"
    assert "root:" not in r.text


def test_mazerunner_decks_never_read_a_file_and_are_bounded(http):
    r = http.post("/v1/sessions", json={"game": "mazerunner", "seats": ["human"] * 4,
                                        "kwargs": {"decks": ["/etc/hostname"] * 4}})
    assert r.status_code == 422 and r.json()["field"] == "kwargs.decks"
    start = time.monotonic()
    text = "Commander\n1 Atraxa, Praetors' Voice\nDeck\n100000000000 Mountain\n"
    r = http.post("/v1/sessions", json={"game": "mazerunner", "seats": ["human"] * 4,
                                        "kwargs": {"decks": [text] * 4}})
    assert r.status_code == 422 and "250" in r.json()["error"]
    assert time.monotonic() - start < 20  # refused, not expanded


def test_unknown_cards_are_echoed_bounded(http):
    names = [f"Nonexistent Card {i}" for i in range(60)]
    start = time.monotonic()
    r = http.post("/v1/sessions", json={"game": "magic", "seats": ["human", "human"],
                                        "kwargs": {"decks": [names, "red_burn"]}})
    assert r.status_code == 422 and len(r.text) < 3000
    assert time.monotonic() - start < 20


# ------------------------------------------------------------------ limits
def test_a_chunked_body_over_the_limit_is_refused(base):
    def chunks():
        for _ in range(100):
            yield b" " * 10_000  # 1 MB in all, the limit is 100 kB

    with httpx.Client(base_url=base, timeout=30) as client:
        r = client.post("/v1/sessions", content=chunks(),
                        headers={"content-type": "application/json"})
    assert r.status_code == 413 and "error" in r.json()


@pytest.mark.parametrize("body, field", [
    (b'{"game": "labyrinth_cards", "seats": ["human", "human"], "seed": 1e400}', "seed"),
    (b'{"game": "labyrinth_cards", "seats": ["human", "human"], "seed": -1}', "seed"),
    (b'{"game": "labyrinth_cards", "seats": ["human", "human"], "seed": 99999999999999999999999}', "seed"),
    (b'{"game": "labyrinth_cards", "seats": "human"}', "seats"),
    (b'{"game": "labyrinth_cards", "seats": ["human", "human"], "kwargs": {"max_turns": 1e9}}',
     "kwargs.max_turns"),
    (b'{"game": "labyrinth_cards", "seats": ["human", "human"], "kwargs": {"num_players": 2.5}}',
     "kwargs"),
    (b'{"game": "dungeon_crawler", "seats": ["human", "human"], "kwargs": {"hard": "maybe"}}',
     "kwargs"),
    (b'[' * 5000 + b']' * 5000, None),
    (b'{"game": 5, "seats": []}', "game"),
])
def test_every_refusal_has_one_shape_and_no_input_gives_a_5xx(http, body, field):
    r = http.post("/v1/sessions", content=body, headers={"content-type": "application/json"})
    assert 400 <= r.status_code < 500, r.text
    out = r.json()
    assert set(out) >= {"error"} and "detail" not in out
    if field is not None:
        assert out["field"] == field


def test_hostile_requests_get_4xx(http):
    for method, url, kwargs in [
        ("GET", "/v1/agents", {"params": {"game": "x" * 1000}}),
        ("GET", "/v1/games/chess/seats", {}),
        ("GET", "/v1/games/magic/seats", {"params": {"kwargs": "[" * 3000}}),
        ("GET", "/v1/games/magic/seats", {"params": {"kwargs": '{"decks": 5}'}}),
        ("POST", "/v1/act", {"json": {"game": "magic", "agent": "magic/random",
                                      "state": {"turn": "x"}, "seat": 0}}),
        ("GET", "/v1/sessions/x/view", {"params": {"seat": 10**30}}),
        ("GET", "/nothing", {}),
        ("DELETE", "/v1/games", {}),
    ]:
        r = http.request(method, url, **kwargs)
        assert 400 <= r.status_code < 500, (url, r.status_code, r.text)
        assert "error" in r.json(), (url, r.text)


def test_a_sessions_event_log_is_bounded():
    app = create_app(max_events=40)
    with _Server(app) as url, httpx.Client(base_url=url, timeout=60) as http:
        out = new(http, ["human", "human"], seed=0)
        sid, tokens = out["id"], out["tokens"]
        view, moves = out["view"], 0
        while not view["stopped"]:
            assert not view["terminal"] and moves < 200
            seat = view["to_act"]
            view = http.get(f"/v1/sessions/{sid}/view", params={"seat": seat},
                            headers=bearer(tokens[str(seat)])).json()
            r = http.post(f"/v1/sessions/{sid}/actions",
                          headers=bearer(tokens[str(seat)]),
                          json={"seat": seat,
                                "action": view["legal_actions"][-1]["action"]})
            assert r.status_code == 200, r.text
            view, moves = r.json(), moves + 1
        assert view["legal_actions"] == [] and "event log" in view["stopped"]
        assert view["next_event"] <= 40 + 20  # the move that passed the limit
        r = http.post(f"/v1/sessions/{sid}/actions", headers=bearer(tokens["0"]),
                      json={"seat": 0, "action": 0})
        assert r.status_code == 409 and "stopped" in r.json()["error"]


# ------------------------------------------------------------------ no freezes
def test_search_agents_do_not_freeze_the_server(base, http):
    # agents-only sessions of search agents play in the background: creating them
    # returns at once, and the cheap endpoints answer while they think
    seats = ["dungeon_crawler/search"] * 2
    start = time.monotonic()
    ids = []
    for i in range(12):
        r = http.post("/v1/sessions", json={"game": "dungeon_crawler", "seats": seats,
                                            "seed": i, "kwargs": {"num_players": 2}})
        assert r.status_code == 200
        ids.append(r.json()["id"])
    created = time.monotonic() - start
    latencies = []
    for _ in range(10):
        t = time.monotonic()
        assert http.get("/v1/games").status_code == 200
        latencies.append(time.monotonic() - t)
        t = time.monotonic()
        view = http.get(f"/v1/sessions/{ids[0]}/view", params={"seat": 0})
        assert view.status_code == 200
        latencies.append(time.monotonic() - t)
    assert created < 30, created
    assert max(latencies) < 3.0, latencies  # a search move takes seconds here


def test_a_socket_open_while_an_agent_thinks_stalls_no_one(base, http):
    import websockets.sync.client as ws_client

    out = http.post("/v1/sessions", json={"game": "dungeon_crawler",
                                          "seats": ["dungeon_crawler/search"] * 2,
                                          "kwargs": {"num_players": 2}}).json()
    url = base.replace("http", "ws") + f"/v1/sessions/{out['id']}/ws?seat=0"
    with ws_client.connect(url) as ws:
        json.loads(ws.recv(timeout=10))
        t = time.monotonic()
        assert http.get("/v1/games").status_code == 200
        assert time.monotonic() - t < 3.0


def test_a_client_that_leaves_cancels_its_agents_pending_moves():
    # a person against three slow search agents: the client sends the move that ends
    # its turn and leaves; the agents stop after the move being thought, instead of
    # playing on until the person is to act again
    app = create_app(search_simulations=60, agent_threads=1)
    with _Server(app) as url, httpx.Client(base_url=url, timeout=120) as http:
        out = http.post("/v1/sessions", json={
            "game": "labyrinth_cards", "seats": ["human"] + ["labyrinth_cards/search"] * 3,
            "seed": 0, "kwargs": {"num_players": 4}}).json()
        sid, token = out["id"], out["tokens"]["0"]
        session = app.state.store.get(sid)
        assert out["view"]["to_act"] == 0

        def ends_the_turn(action: int) -> bool:
            probe = session.game.clone()
            probe.apply_action(action)
            return probe.current_player() != 0

        view = out["view"]
        while True:  # the person's moves until one ends its turn
            legal = [a["action"] for a in view["legal_actions"]]
            last = next((a for a in legal if ends_the_turn(a)), None)
            if last is not None:
                break
            view = http.post(f"/v1/sessions/{sid}/actions", headers=bearer(token),
                             json={"seat": 0, "action": legal[0]}).json()
        before = len(session.actions)
        body = json.dumps({"seat": 0, "action": last}).encode()
        request = (f"POST /v1/sessions/{sid}/actions HTTP/1.1\r\nHost: x\r\n"
                   f"Authorization: Bearer {token}\r\n"
                   "Content-Type: application/json\r\n"
                   f"Content-Length: {len(body)}\r\n\r\n").encode() + body
        port = int(url.rsplit(":", 1)[1])
        with socket.create_connection(("127.0.0.1", port)) as s:
            s.sendall(request)
            wait(lambda: len(session.actions) > before, timeout=10)
        # the connection is closed: the client left
        wait(lambda: not app.state.runners[sid].busy(), timeout=120)
        # the agents stopped early: it is still an agent's turn, not the person's
        assert session.game.current_player() != 0 and not session.game.is_terminal()
        # and they go on with the session's next request (the server's shutdown, at
        # the end of this block, stops them again)
        stopped_at = len(session.actions)
        http.get(f"/v1/sessions/{sid}/view", params={"seat": 0}, headers=bearer(token))
        wait(lambda: len(session.actions) > stopped_at, timeout=120)


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_sigterm_stops_a_busy_server_within_seconds():
    server = _ServerProcess(max_sessions=100)
    url = server.__enter__()
    try:
        with httpx.Client(base_url=url, timeout=30) as http:
            for i in range(6):  # search agents thinking in every agent thread
                r = http.post("/v1/sessions", json={
                    "game": "dungeon_crawler", "seats": ["dungeon_crawler/search"] * 2,
                    "seed": i, "kwargs": {"num_players": 2}})
                assert r.status_code == 200
            # a person waiting for a search agent's reply, and a watching socket
            out = http.post("/v1/sessions", json={
                "game": "labyrinth_cards", "seed": 0, "kwargs": {"num_players": 2},
                "seats": ["human", "labyrinth_cards/search"]}).json()
            sid, token = out["id"], out["tokens"]["0"]
        import websockets.sync.client as ws_client

        socket_open = ws_client.connect(
            url.replace("http", "ws") + f"/v1/sessions/{sid}/ws?seat=0&token={token}")
        socket_open.recv(timeout=10)

        def wait_for_reply() -> None:
            with httpx.Client(base_url=url, timeout=60) as client:
                try:
                    client.post(f"/v1/sessions/{sid}/actions", headers=bearer(token),
                                json={"seat": 0, "action": out["view"]["legal_actions"][
                                    0]["action"]})
                except httpx.HTTPError:
                    pass

        waiting = threading.Thread(target=wait_for_reply, daemon=True)
        waiting.start()
        time.sleep(1.0)
        start = time.monotonic()
        server.proc.send_signal(signal.SIGTERM)
        server.proc.wait(timeout=30)
        assert time.monotonic() - start < 10
        socket_open.close()
    finally:
        if server.proc.poll() is None:
            server.proc.kill()


def test_background_sessions_keep_the_event_loop_free():
    # the asyncio view of it: many clients at once all get answers
    app = create_app(agent_threads=2, search_simulations=8)

    async def crowd(url: str) -> list[int]:
        async with httpx.AsyncClient(base_url=url, timeout=60) as client:
            creations = [client.post("/v1/sessions", json={
                "game": "labyrinth_cards", "seats": ["labyrinth_cards/search"] * 2,
                "seed": i, "kwargs": {"num_players": 2}}) for i in range(40)]
            replies = await asyncio.gather(*creations)
            games = await asyncio.wait_for(client.get("/v1/games"), timeout=5)
            return [r.status_code for r in replies] + [games.status_code]

    with _Server(app) as url:
        codes = asyncio.run(crowd(url))
    assert set(codes) == {200}


def test_server_threads_are_daemons():
    create_app(agent_threads=3)
    agents = [t for t in threading.enumerate() if t.name.startswith("agents-")]
    assert agents and all(t.daemon for t in agents)

