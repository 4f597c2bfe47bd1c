"""The game server: AI players and hosted games for any front end (``labyrinth-gym
serve``; needs the ``[serve]`` extra). :mod:`~labyrinth_gym.server.sessions` is the
framework-free core, :mod:`~labyrinth_gym.server.app` the FastAPI app."""

from labyrinth_gym.server.sessions import HUMAN, Session, SessionStore, act_on_state

__all__ = ["HUMAN", "Session", "SessionStore", "act_on_state"]
