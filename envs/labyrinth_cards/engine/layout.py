"""The table: cards on a square grid, their paths, and which cards may be collected.

Cells are numbered ``row * size + col``. A card's openings are a 4-bit mask
(N=1, E=2, S=4, W=8) in its current rotation; rotating 90 degrees clockwise turns N into
E, E into S, and so on. Two edge-adjacent cards are *path-connected* when both have an
opening on their shared edge; path-connected groups are the components of that relation.
A treasure *connects* when two or more cards of one path-connected group show it: those
cards are a *set* (RULINGS.md).
"""

from __future__ import annotations

from collections.abc import Iterable

N, E, S, W = 1, 2, 4, 8
DIRS = (N, E, S, W)
OPPOSITE = {N: S, E: W, S: N, W: E}
EMPTY = -1


def rotate_mask(mask: int, quarter_turns: int) -> int:
    """Openings after ``quarter_turns`` clockwise 90-degree turns (negative: counter)."""
    r = quarter_turns % 4
    return ((mask << r) | (mask >> (4 - r))) & 15


def openings_text(mask: int) -> str:
    """``"NES"`` for a mask with the N, E and S bits: the inverse of :func:`parse_openings`."""
    return "".join(ch for ch, bit in zip("NESW", DIRS, strict=True) if mask & bit)


def parse_openings(text: str) -> int:
    bits = {"N": N, "E": E, "S": S, "W": W}
    mask = 0
    for ch in text.upper():
        if ch not in bits:
            raise ValueError(f"bad opening {ch!r} in {text!r}")
        mask |= bits[ch]
    return mask


class Grid:
    """Neighbour tables for a ``size`` x ``size`` grid."""

    def __init__(self, size: int):
        self.size = size
        self.cells = size * size
        #: ``neighbours[cell]`` = list of ``(direction, neighbour cell)``.
        self.neighbours: list[list[tuple[int, int]]] = []
        #: ``links[cell]`` = list of ``(direction, neighbour, opposite direction)``.
        self.links: list[list[tuple[int, int, int]]] = []
        for cell in range(self.cells):
            r, c = divmod(cell, size)
            nbs = []
            if r > 0:
                nbs.append((N, cell - size))
            if c < size - 1:
                nbs.append((E, cell + 1))
            if r < size - 1:
                nbs.append((S, cell + size))
            if c > 0:
                nbs.append((W, cell - 1))
            self.neighbours.append(nbs)
            self.links.append([(d, nb, OPPOSITE[d]) for d, nb in nbs])
        #: ``open_links[cell][mask]`` = ``(neighbour, opposite direction)`` for each
        #: on-table edge a card with openings ``mask`` opens towards.
        self.open_links: list[list[tuple[tuple[int, int], ...]]] = [
            [tuple((nb, back) for d, nb, back in self.links[cell] if mask & d)
             for mask in range(16)]
            for cell in range(self.cells)
        ]
        #: ``corners[cell]`` = ``(a, diagonal, b)`` for each two edge neighbours ``a``
        #: and ``b`` that meet at a corner of ``cell``; :data:`EMPTY` off the table.
        self.corners: list[list[tuple[int, int, int]]] = []
        for cell in range(self.cells):
            r, c = divmod(cell, size)

            def at(dr: int, dc: int, r: int = r, c: int = c) -> int:
                if 0 <= r + dr < size and 0 <= c + dc < size:
                    return (r + dr) * size + c + dc
                return EMPTY

            self.corners.append([
                (at(-1, 0), at(-1, 1), at(0, 1)),
                (at(0, 1), at(1, 1), at(1, 0)),
                (at(1, 0), at(1, -1), at(0, -1)),
                (at(0, -1), at(-1, -1), at(-1, 0)),
            ])
        #: ``outward[cell]``: the directions that lead off the grid from ``cell``.
        self.outward: list[int] = [
            sum(d for d in DIRS if d not in {d for d, _ in self.neighbours[cell]})
            for cell in range(self.cells)
        ]
        #: ``border[cell]``: the cell lies in the grid's first or last row or column.
        self.border: list[bool] = [m != 0 for m in self.outward]
        mid = size // 2
        #: The 2x2 block where the four opening cards go.
        self.centre = [
            (mid - 1) * size + mid - 1,
            (mid - 1) * size + mid,
            mid * size + mid - 1,
            mid * size + mid,
        ]


def edge_connected(grid: Grid, occupied: Iterable[int], skip: int = EMPTY) -> bool:
    """True if the occupied cells (less ``skip``) form one edge-connected group."""
    cells = set(occupied)
    cells.discard(skip)
    if len(cells) <= 1:
        return True
    start = next(iter(cells))
    seen = {start}
    stack = [start]
    nbrs = grid.neighbours
    while stack:
        cell = stack.pop()
        for _, nb in nbrs[cell]:
            if nb in cells and nb not in seen:
                seen.add(nb)
                stack.append(nb)
    return len(seen) == len(cells)


def articulation_cells(grid: Grid, occupied: Iterable[int]) -> set[int]:
    """Cells whose card, if lifted, would split the layout (Tarjan, iterative).

    Assumes the occupied cells form one edge-connected group.
    """
    cells = set(occupied)
    if len(cells) <= 2:
        return set()
    nbrs = grid.neighbours
    root = min(cells)
    disc = {root: 0}
    low = {root: 0}
    parent = {root: -1}
    cut: set[int] = set()
    root_children = 0
    counter = 1
    stack = [(root, iter([nb for _, nb in nbrs[root] if nb in cells]))]
    while stack:
        cell, it = stack[-1]
        advanced = False
        for nb in it:
            if nb not in disc:
                disc[nb] = low[nb] = counter
                counter += 1
                parent[nb] = cell
                if cell == root:
                    root_children += 1
                stack.append((nb, iter([x for _, x in nbrs[nb] if x in cells])))
                advanced = True
                break
            if nb != parent[cell]:
                low[cell] = min(low[cell], disc[nb])
        if advanced:
            continue
        stack.pop()
        p = parent[cell]
        if p != -1:
            low[p] = min(low[p], low[cell])
            if parent[p] != -1 and low[cell] >= disc[p]:
                cut.add(p)
    if root_children > 1:
        cut.add(root)
    return cut


def splits_layout(grid: Grid, occupied: set[int], cell: int) -> bool:
    """True if lifting the card on ``cell`` would split the layout.

    The same answer as ``cell in articulation_cells(grid, occupied)`` (and, like it,
    assumes the occupied cells form one edge-connected group), but it only looks as
    far as it must: a card with at most one neighbour, or whose neighbours already
    touch one another round its corners, never splits anything; otherwise a search
    from one neighbour stops once it has met all the others.
    """
    around = [nb for _, nb in grid.neighbours[cell] if nb in occupied]
    k = len(around)
    if k <= 1:
        return False
    # Neighbours a and b are joined round the corner when the diagonal cell between
    # them is occupied. The joins form a path or a cycle over the k neighbours, so
    # k - 1 of them connect all k.
    joins = 0
    for a, diag, b in grid.corners[cell]:
        if diag in occupied and a in occupied and b in occupied:
            joins += 1
    if joins >= k - 1:
        return False
    targets = set(around[1:])
    seen = {cell, around[0]}
    stack = [around[0]]
    nbrs = grid.neighbours
    while stack:
        for _, nb in nbrs[stack.pop()]:
            if nb in occupied and nb not in seen:
                if nb in targets:
                    targets.discard(nb)
                    if not targets:
                        return False
                seen.add(nb)
                stack.append(nb)
    return True


def path_groups(grid: Grid, openings: list[int], occupied: Iterable[int]) -> dict[int, int]:
    """Map each occupied cell to a group id (the smallest cell of its path group)."""
    group: dict[int, int] = {}
    open_links = grid.open_links
    for start in sorted(occupied):
        if start in group:
            continue
        group[start] = start
        members = [start]
        for cell in members:  # grows while we walk it: a breadth-first search
            for nb, back in open_links[cell][openings[cell]]:
                if openings[nb] & back and nb not in group:
                    group[nb] = start
                    members.append(nb)
    return group


def connected_sets(
    grid: Grid,
    openings: list[int],
    card_at: list[int],
    occupied: Iterable[int],
    shows: list[int] | tuple[int, ...],
) -> dict[tuple[int, int], list[int]]:
    """The sets on the table in one pass: the same dict, in the same order, as
    ``treasure_sets(path_groups(...), {cell: treasures of card_at[cell]})``.

    ``shows[card]`` is a bitmask of the treasures card ``card`` shows (bit ``t`` for
    treasure ``t``), so a group's repeated treasures fall out of two ``or``s per card
    and only groups that have some are listed. Empty cells have no openings, so
    paths never lead onto them.
    """
    out: dict[tuple[int, int], list[int]] = {}
    seen: set[int] = set()
    open_links = grid.open_links
    for start in sorted(occupied):
        if start in seen:
            continue
        seen.add(start)
        members = [start]
        shown = shows[card_at[start]]
        twice = 0
        for cell in members:  # grows while we walk it: a breadth-first search
            for nb, back in open_links[cell][openings[cell]]:
                if openings[nb] & back and nb not in seen:
                    seen.add(nb)
                    members.append(nb)
                    bits = shows[card_at[nb]]
                    twice |= shown & bits
                    shown |= bits
        while twice:  # lowest treasure first, as treasure_sets sorts them
            low = twice & -twice
            twice ^= low
            out[start, low.bit_length() - 1] = sorted(
                [c for c in members if shows[card_at[c]] & low]
            )
    return out


def treasure_sets(
    groups: dict[int, int], treasures_at: dict[int, tuple[int, int]]
) -> dict[tuple[int, int], list[int]]:
    """Sets of two or more cards showing one treasure within one path group.

    Keys are ``(group id, treasure)``; values the sorted cells of that set.
    """
    by_key: dict[int, list[int]] = {}
    get = by_key.get
    for cell, g in groups.items():
        base = g * 64
        for t in treasures_at[cell]:
            lst = get(base + t)
            if lst is None:
                by_key[base + t] = [cell]
            else:
                lst.append(cell)
    return {
        divmod(k, 64): sorted(v) for k, v in sorted(by_key.items()) if len(v) >= 2
    }
