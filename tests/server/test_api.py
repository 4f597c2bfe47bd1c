"""The game server's API through FastAPI's test client: every endpoint, every error,
what a seat may see, served games equal to local ones, replays, the WebSocket."""

from __future__ import annotations

import json

import numpy as np
import pytest
from fastapi.testclient import TestClient

from labyrinth_gym.envs import game_names, game_spec
from labyrinth_gym.evaluation.matches import new_game
from labyrinth_gym.server.app import create_app
from labyrinth_gym.server.sessions import SessionStore

SMALL = {  # quick configurations of every game
    "maze_party": {"maze": "enchanted_forest", "party": 2},
    "labyrinth_cards": {"num_players": 2},
    "magic": {},
    "arcane_labyrinth": {},
    "dungeon_crawler": {"num_players": 2, "max_rounds": 3},
    "mazerunner": {"num_players": 2, "max_turns": 6},
}


@pytest.fixture
def client():
    with TestClient(create_app(max_sessions=50, search_simulations=2,
                               max_body=200_000)) as c:
        yield c


def state_of(game) -> str:
    """The full state but its dice (which a determinization reseeds anyway)."""
    return json.dumps({k: v for k, v in game.to_dict().items() if k != "dice"},
                      sort_keys=True)


def seats_of(name: str, kwargs: dict) -> int:
    return new_game(game_spec(name), 0, kwargs).num_players


TOKENS: dict[str, dict[str, str]] = {}  # session id -> seat -> secret


def create(client, game, seats, seed=0, kwargs=None):
    r = client.post("/v1/sessions", json={"game": game, "seats": seats, "seed": seed,
                                          "kwargs": kwargs or {}})
    assert r.status_code == 200, r.text
    out = r.json()
    TOKENS[out["id"]] = out["tokens"]
    return out


def auth(sid, seat):
    """The header that opens ``seat`` of session ``sid``."""
    return {"Authorization": f"Bearer {TOKENS[sid][str(seat)]}"}


def get_view(client, sid, seat, **params):
    r = client.get(f"/v1/sessions/{sid}/view", params={"seat": seat, **params},
                   headers=auth(sid, seat))
    assert r.status_code == 200, r.text
    return r.json()


def move(client, sid, seat, action, **body):
    return client.post(f"/v1/sessions/{sid}/actions",
                       json={"seat": seat, "action": action, **body},
                       headers=auth(sid, seat))


def wait_until_over(client, sid, timeout=120.0):
    """An agents-only session plays in the background: its view once it is over."""
    import time

    deadline = time.monotonic() + timeout
    while True:
        view = client.get(f"/v1/sessions/{sid}/view", params={"seat": 0}).json()
        if view["terminal"] or time.monotonic() > deadline:
            return view
        time.sleep(0.05)


def play_randomly(client, sid, rng, moves):
    """Up to ``moves`` random legal moves by whichever seat is to act (all human)."""
    played = []
    for _ in range(moves):
        view = get_view(client, sid, 0)
        if view["terminal"]:
            break
        seat = view["to_act"]
        legal = get_view(client, sid, seat)["legal_actions"]
        action = legal[int(rng.integers(len(legal)))]["action"]
        r = move(client, sid, seat, action)
        assert r.status_code == 200, r.text
        played.append(action)
    return played


def test_lists_games_and_agents(client):
    assert client.get("/v1/games").json()["games"] == game_names()
    agents = client.get("/v1/agents", params={"game": "labyrinth_cards"}).json()["agents"]
    assert "labyrinth_cards/heuristic" in agents and "labyrinth_cards/random" in agents
    assert client.get("/docs").status_code == 200
    assert "/v1/sessions" in client.get("/openapi.json").json()["paths"]


@pytest.mark.parametrize("name", game_names())
def test_a_seat_sees_only_its_view_and_a_served_game_equals_the_local_one(client, name):
    kwargs = SMALL[name]
    n = seats_of(name, kwargs)
    sid = create(client, name, ["human"] * n, seed=3, kwargs=kwargs)["id"]
    played = play_randomly(client, sid, np.random.default_rng(0), 40)
    local = new_game(game_spec(name), 3, kwargs)
    for a in played:
        local.apply_action(a)
    hidden = 0
    for seat in range(n):
        view = get_view(client, sid, seat)
        assert view["observation"] == json.loads(json.dumps(local.observation_for(seat)))
        assert view["events"] == json.loads(json.dumps(local.events_for(seat)))
        # the log: the same events told as sentences from this seat
        assert view["log"] == [local.describe(e, seat) for e in local.events_for(seat)]
        assert len(view["log"]) == len(view["events"])
        acting = not local.is_terminal() and local.current_player() == seat
        assert [a["action"] for a in view["legal_actions"]] == (
            local.legal_actions() if acting else [])
        # nothing this seat may not know: the view is the same for every
        # determinization of this seat, which redraws what it cannot see in the full
        # state (to_dict: other hands, deck order, face-down cards)
        for k in range(3):
            other = local.determinize(seat, np.random.default_rng([seat, k]))
            hidden += state_of(other) != state_of(local)
            assert view["observation"] == json.loads(json.dumps(other.observation_for(seat)))
        since = len(local.events) // 2
        later = get_view(client, sid, seat, since=since)
        assert later["events"] == view["events"][since:]
        assert later["log"] == view["log"][since:]
    assert hidden > 0  # there was something to hide, and the views did not show it
    replay = client.get(f"/v1/sessions/{sid}/replay", headers=auth(sid, 0)).json()
    if local.is_terminal():  # the whole record once the game is over
        assert replay["actions"] == played and replay["seed"] == 3
        assert replay["events"] == json.loads(json.dumps(local.events))
    else:  # while it runs: the seat's own log, and nothing that shows a hidden card
        assert "seed" not in replay and "actions" not in replay
        assert replay["events"] == json.loads(json.dumps(local.events_for(0)))


def test_agent_seats_move_until_a_person_is_to_act_like_evaluation(client):
    from labyrinth_gym.agents import make
    from labyrinth_gym.evaluation.matches import play_game

    # every seat an agent: the session plays the whole game as evaluation does
    seats = ["labyrinth_cards/heuristic", "labyrinth_cards/random"]
    out = create(client, "labyrinth_cards", seats, seed=5, kwargs={"num_players": 2})
    assert out["tokens"] == {}  # nobody plays: nothing to keep secret
    view = wait_until_over(client, out["id"])
    assert view["terminal"]
    result = play_game("labyrinth_cards", [make(s) for s in seats], seed=5,
                       game_kwargs={"num_players": 2})
    assert tuple(view["returns"]) == result.returns
    replay = client.get(f"/v1/sessions/{out['id']}/replay").json()
    assert len(replay["actions"]) == result.steps

    # a person and an agent: after each human move the agent has moved too
    out = create(client, "labyrinth_cards", ["human", "labyrinth_cards/heuristic"],
                 seed=1, kwargs={"num_players": 2})
    sid, view = out["id"], out["view"]
    while not view["terminal"]:
        assert view["to_act"] == 0
        view = move(client, sid, 0, view["legal_actions"][0]["action"]).json()
    assert view["returns"] is not None


def test_errors_are_clear(client):
    r = client.post("/v1/sessions", json={"game": "chess", "seats": ["human"]})
    assert r.status_code == 404 and "labyrinth_cards" in r.json()["games"]
    r = client.post("/v1/sessions", json={"game": "labyrinth_cards",
                                          "seats": ["human", "labyrinth_cards/oracle"]})
    assert r.status_code == 404 and "labyrinth_cards/heuristic" in r.json()["agents"]
    r = client.post("/v1/sessions", json={"game": "labyrinth_cards", "seats": ["human"],
                                          "kwargs": {"num_players": 2}})
    assert r.status_code == 422 and r.json()["field"] == "seats"
    r = client.post("/v1/sessions", json={"game": "labyrinth_cards", "seats": ["human"],
                                          "kwargs": {"colour": "red"}})
    assert r.status_code == 422 and r.json()["field"] == "kwargs"
    r = client.post("/v1/sessions", json={"game": "labyrinth_cards"})  # no seats
    assert r.status_code == 422 and r.json()["field"] == "seats"
    r = client.post("/v1/sessions", content=b"{not json", headers={
        "content-type": "application/json"})
    assert r.status_code == 422
    r = client.post("/v1/sessions", content=b"x" * 300_000, headers={
        "content-type": "application/json"})
    assert r.status_code == 413
    r = client.get("/v1/sessions/nope/view", params={"seat": 0})
    assert r.status_code == 404 and "no such session" in r.json()["error"]
    assert "sessions" not in r.json()  # session ids are never listed

    sid = create(client, "labyrinth_cards", ["human", "human"],
                 kwargs={"num_players": 2})["id"]
    acting = get_view(client, sid, 0)["to_act"]
    legal = {a["action"] for a in get_view(client, sid, acting)["legal_actions"]}
    illegal = next(a for a in range(10_000) if a not in legal)
    r = move(client, sid, acting, illegal)
    assert r.status_code == 409 and {a["action"] for a in r.json()["legal"]} == legal
    r = move(client, sid, 1 - acting, min(legal))
    assert r.status_code == 409 and r.json()["to_act"] == acting
    r = client.post(f"/v1/sessions/{sid}/actions", json={"seat": 7, "action": 0},
                    headers=auth(sid, 0))
    assert r.status_code == 422 and r.json()["field"] == "seat"
    r = client.post(f"/v1/sessions/{sid}/actions", json={"seat": "zero", "action": 0})
    assert r.status_code == 422 and r.json()["field"] == "seat"
    # one failing session never touches another
    assert get_view(client, sid, 0)["session"] == sid


def test_serve_refuses_a_checkpoint_it_cannot_play(tmp_path, capsys):
    from labyrinth_gym.cli import main

    assert main(["serve", "--checkpoint", f"maze_party/mine={tmp_path}"]) == 2
    err = capsys.readouterr().err.strip()
    assert "no checkpoint at" in err and "\n" not in err
    assert main(["serve", "--checkpoint", "maze_party/ppo=checkpoints/maze_party/ppo"]) == 2
    assert "already an agent" in capsys.readouterr().err
    assert main(["serve", "--checkpoint", "maze_party/mine"]) == 2
    assert "GAME/NAME=DIR" in capsys.readouterr().err


def test_stateless_move_service(client):
    game = new_game(game_spec("dungeon_crawler"), 2, {"num_players": 3, "max_rounds": 4})
    rng = np.random.default_rng(0)
    for _ in range(30):
        legal = game.legal_actions()
        game.apply_action(legal[int(rng.integers(len(legal)))])
    seat = game.current_player()
    for agent in ("dungeon_crawler/heuristic", "dungeon_crawler/search",
                  "dungeon_crawler/random"):
        r = client.post("/v1/act", json={"game": "dungeon_crawler", "agent": agent,
                                          "state": game.to_dict(), "seat": seat})
        assert r.status_code == 200, r.text
        out = r.json()
        assert out["action"] in game.legal_actions()
        assert out["name"] == game.action_to_string(out["action"])
    r = client.post("/v1/act", json={"game": "dungeon_crawler",
                                      "agent": "dungeon_crawler/heuristic",
                                      "state": game.to_dict(), "seat": (seat + 1) % 3})
    assert r.status_code == 409
    r = client.post("/v1/act", json={"game": "dungeon_crawler",
                                      "agent": "dungeon_crawler/heuristic",
                                      "state": {"what": 1}, "seat": seat})
    assert r.status_code == 422 and r.json()["field"] == "state"


def test_websocket_pushes_each_new_view(client):
    sid = create(client, "labyrinth_cards", ["human", "labyrinth_cards/heuristic"],
                 seed=2, kwargs={"num_players": 2})["id"]
    token = TOKENS[sid]["0"]
    with client.websocket_connect(f"/v1/sessions/{sid}/ws?seat=0&token={token}") as ws:
        first = ws.receive_json()
        assert first["to_act"] == 0 and first["events"]
        action = first["legal_actions"][0]["action"]
        move(client, sid, 0, action)
        second = ws.receive_json()
        while second["to_act"] != 0 and not second["terminal"]:  # the agent's moves
            second = ws.receive_json()
        assert second["version"] > first["version"]
        assert second["events"][0] == get_view(client, sid, 0)["events"][
            first["next_event"]]
    with client.websocket_connect("/v1/sessions/nope/ws?seat=0") as ws:
        assert "no such session" in ws.receive_json()["error"]


def test_the_session_idle_longest_is_evicted():
    store = SessionStore(max_sessions=2)
    a = store.create("labyrinth_cards", ["human", "human"], kwargs={"num_players": 2})
    b = store.create("labyrinth_cards", ["human", "human"], kwargs={"num_players": 2})
    store.get(a.id)  # a used again: b is now the idlest
    c = store.create("labyrinth_cards", ["human", "human"], kwargs={"num_players": 2})
    assert store.ids() == [a.id, c.id]
    with pytest.raises(Exception, match="no such session"):
        store.get(b.id)


def test_replay_round_trip_in_the_terminal(client, tmp_path):
    import io

    from labyrinth_gym.cli import main
    from labyrinth_gym.replay import load_replay, replay

    out = create(client, "dungeon_crawler", ["dungeon_crawler/heuristic"] * 2,
                 seed=4, kwargs={"num_players": 2, "max_rounds": 8})
    wait_until_over(client, out["id"])
    data = client.get(f"/v1/sessions/{out['id']}/replay").json()
    assert data["outcome"] is not None
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data))
    text = io.StringIO()
    assert replay(load_replay(path), stdout=text) == len(data["actions"])
    assert "Replayed exactly" in text.getvalue()
    drawer = next(e["player"] for e in data["events"] if e["type"] == "draw_treasure")
    other = io.StringIO()
    replay(data, seat=1 - drawer, stdout=other)  # the other seat sees no card drawn
    theirs = [line for line in other.getvalue().splitlines()
              if "draws" in line and "treasure card" in line]
    assert theirs and all(line == f"   . Seat {drawer} draws a treasure card."
                          for line in theirs)
    mine = io.StringIO()
    replay(data, seat=drawer, stdout=mine)
    assert "   . You draw the treasure card " in mine.getvalue()
    told = [line for line in text.getvalue().splitlines() if line.startswith("   . ")]
    assert told and not any("=" in line for line in told)  # prose, not key=value
    # pausing: q stops after the first move
    assert replay(data, pause=True, stdin=io.StringIO("q\n"), stdout=io.StringIO()) == 1
    # a replay that does not reproduce its log is an error, not a show
    data["events"][-1] = {**data["events"][-1], "turn": -1}
    with pytest.raises(ValueError, match="does not reproduce"):
        replay(data, stdout=io.StringIO())
    path.write_text(json.dumps(data))
    assert main(["replay", str(path), "--no-pause"]) == 2
    (tmp_path / "bad.json").write_text('{"game": "maze_party"}')
    assert main(["replay", str(tmp_path / "bad.json")]) == 2


def test_load_benchmark_over_loopback_with_the_real_server():
    from labyrinth_gym.server.bench import benchmark_server

    report = benchmark_server(sessions=4, moves=6, players=2)
    assert report["errors"] == 0 and report["moves"] == 24
    assert 0 < report["p50_ms"] <= report["p99_ms"] and report["moves_per_second"] > 0
    with pytest.raises(ValueError, match="no agent"):
        benchmark_server(opponent="oracle", sessions=1, moves=1)


def test_a_cards_printed_text_comes_from_the_card_data(client):
    from labyrinth_gym.envs.magic.engine.cards import card_pool

    r = client.get("/v1/cards/Lightning Bolt")
    assert r.status_code == 200
    card, printed = r.json(), card_pool()["Lightning Bolt"]
    assert card["cost"] == str(printed.cost) and card["text"] == printed.text
    assert card["type_line"] == printed.type_line
    assert client.get("/v1/cards/Goblin Token").status_code == 404  # no printed card
    r = client.get("/v1/cards/" + "x" * 300)
    assert r.status_code == 422 and r.json()["field"] == "name"


def test_a_double_faced_cards_back_face_has_its_printed_text(client):
    """A transformed permanent is named by its back face (712.8e): that name has a
    card page too, and the front's page carries its back face."""
    r = client.get("/v1/cards/Gatstaf Howler")
    assert r.status_code == 200 and r.json()["power"] == "3"
    from labyrinth_gym.server.app import printed_card

    front = printed_card("Gatstaf Shepherd // Gatstaf Howler")
    assert front["back"]["name"] == "Gatstaf Howler"


def test_a_pods_view_carries_its_eliminations_and_league_points(client):
    """Mazerunner's pods: the view says who has left and each seat's league points if
    the game ended now (rule 4d), the same for every seat; other games carry none."""
    from labyrinth_gym.evaluation.league.points import pod_points
    from labyrinth_gym.evaluation.league.season import record_from_dict

    out = create(client, "mazerunner", ["human"] * 4, seed=0,
                 kwargs={"num_players": 4, "max_turns": 30})
    sid = out["id"]
    assert out["view"]["league"]["points"] == [1.0, 1.0, 1.0, 1.0]
    rng = np.random.default_rng(0)
    while not get_view(client, sid, 0)["terminal"]:
        play_randomly(client, sid, rng, 200)
    views = [get_view(client, sid, s)["league"] for s in range(4)]
    assert all(v == views[0] for v in views)
    local = new_game(game_spec("mazerunner"), 0, {"num_players": 4, "max_turns": 30})
    for action in client.get(f"/v1/sessions/{sid}/replay",
                             headers=auth(sid, 0)).json()["actions"]:
        local.apply_action(action)
    record = local.elimination_record()
    want = pod_points(record_from_dict(record))
    assert views[0]["points"] == list(want.points)
    assert views[0]["eliminations"] == record["eliminations"]
    cards = create(client, "labyrinth_cards", ["human", "human"], kwargs={"num_players": 2})
    assert cards["view"]["league"] is None
