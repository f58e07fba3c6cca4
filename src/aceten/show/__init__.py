"""Showing games to people: plain text and Rich renderables (:mod:`aceten.show.text`), SVG
pictures for notebooks (:mod:`aceten.show.svg`), and records as one row per card played
(:mod:`aceten.show.table`).

The submodules are imported on use (``from aceten.show import svg``), so ``import aceten`` stays
light.
"""
