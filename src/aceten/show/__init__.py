"""Showing games to people: plain text and Rich renderables (:mod:`aceten.show.text`) and SVG
pictures for notebooks and the web table (:mod:`aceten.show.svg`).

It needs only :mod:`aceten.cards` at run time and draws whatever has the shape of a game, a
view or a trick, so the core's own notebook hooks (``str(game)``, ``_repr_svg_``) call down into
it. Records as rows live in :mod:`aceten.records_table`. The submodules are imported on use
(``from aceten.show import svg``), so ``import aceten`` stays light.
"""
