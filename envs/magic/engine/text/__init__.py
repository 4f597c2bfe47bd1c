"""The card compiler's template families, one module each (:mod:`~compiler` imports them
in routing order and compiles cards): :mod:`.phrases` (the phrase grammar), :mod:`.core`
(registries, sentences, reference checks), then the effect templates of :mod:`.removal`,
:mod:`.permanents`, :mod:`.players`, :mod:`.flow`, :mod:`.library` and :mod:`.linked`
(graveyard cards, linked and "until" exiles, flicker), and the line
templates of :mod:`.statics`, :mod:`.triggers` and :mod:`.abilities`.

A new family is a new module here that registers its templates with
:func:`~.core.effect_template` / :func:`~.core.line_template` and is imported by
:mod:`~compiler` where its templates should be tried."""
