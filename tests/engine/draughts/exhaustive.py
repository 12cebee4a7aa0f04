"""The capture core as it was before its work was bounded: every sequence walked to its end.

The engine's core (``engine.draughts.captures``) counts its jumps against a budget and finds the
largest captures without listing the others. This is the plain enumeration it replaced, kept
word for word as the reference the tests hold it to: the same sequences, in the same order, for
every position the budget allows. It has no budget; call it only on small positions.

§ numbers refer to docs/rules/draughts.md.
"""

from engine.draughts.captures import KING, MAN, PARACHUTIST, CaptureSpec, Sequence
from engine.draughts.rules import OPPOSITE, MidCapture


def every_sequence(
    board: list[int], side: int, pieces: list[tuple[int, int]], spec: CaptureSpec
) -> list[Sequence]:
    """Returns every complete capture of each of ``side``'s ``pieces``, given as (square,
    power): a power of ``Power`` (man, king or parachutist) says how that piece captures,
    whatever its code on the board, by walking every sequence to its end.

    §1.4-1.5: the piece leaves its origin at the start (the origin is an empty square for the
    whole move); it never jumps its own pieces, two pieces at once, or a piece twice; after each
    jump it must jump again if it can (unless ``free_stop``); a flying king that can go on from
    some landing squares must land on one of those. The board is used in place and given back
    unchanged. Two sequences may take the same pieces to the same square by different paths;
    they are both returned (the caller merges them, §1.7).
    """
    nxt = spec.lines.next
    rays = spec.lines.rays
    man_first = spec.man_first[side]
    man_later = spec.man_later[side]
    king_directions = spec.king_directions
    parachutist = spec.parachutist[side]
    promotes = spec.promotes[side]
    flying = spec.flying
    lands_next = spec.lands_next
    at_once = spec.at_once
    no_turning_back = spec.no_turning_back
    mid_capture = spec.mid_capture
    cannot_take = spec.men_cannot_take
    free_stop = spec.free_stop
    straight_only = spec.straight_only
    straight_from_first = spec.straight_from_first_landing
    out: list[Sequence] = []
    path: list[int] = []
    caps: list[int] = []

    def extend(cur: int, power: int, last: int, not_straight: bool) -> bool:
        # Tries every jump from ``cur``; records the sequences that end after it. Returns
        # whether any jump was possible (the sequence that led here then may not end here).
        if power == KING:
            directions = king_directions
        elif power == MAN:
            directions = man_later if caps else man_first
        else:
            directions = parachutist
        jumped = False
        for d in directions:
            if last >= 0:
                if no_turning_back and d == OPPOSITE[last]:
                    continue  # §1.5: no 180° turn (Turkish)
                if straight_only and d != last:
                    continue
                if not_straight and d == last:
                    continue  # the same capture from the first square beyond
            if power == KING and flying:
                ray = rays[d][cur]
                n = len(ray)
                i = 0
                while i < n and board[ray[i]] == 0:
                    i += 1
                if i + 1 >= n:
                    continue  # nothing on the line, or its first piece stands on the edge
                over = ray[i]
                q = board[over]
                if q * side >= 0 or over in caps or board[ray[i + 1]]:
                    continue  # own piece, a piece already taken (it blocks), or nowhere to land
                if lands_next:
                    landings: tuple[int, ...] | list[int] = (ray[i + 1],)
                else:
                    landings = []
                    i += 1
                    while i < n and board[ray[i]] == 0:
                        landings.append(ray[i])
                        i += 1
            else:
                over = nxt[d][cur]
                if over < 0:
                    continue
                q = board[over]
                if q * side >= 0 or over in caps:
                    continue
                land = nxt[d][over]
                if land < 0 or board[land]:
                    continue
                if power == MAN and (q if q > 0 else -q) in cannot_take:
                    continue  # Italian: a man never takes a king
                landings = (land,)
            jumped = True
            caps.append(over)
            if at_once:
                board[over] = 0
            went_on = False
            stops = []
            for index, land in enumerate(landings):
                path.append(land)
                if power == PARACHUTIST:
                    out.append((tuple(path), tuple(caps), MAN))  # one jump, then a man (§7)
                elif power == MAN and promotes[land] and mid_capture is MidCapture.STOP:
                    out.append((tuple(path), tuple(caps), KING))  # crowned; the move ends
                else:
                    after = power
                    if power == MAN and promotes[land] and mid_capture is MidCapture.CROWN:
                        after = KING  # Russian: crowned at once, it goes on as a king
                    if free_stop:
                        out.append((tuple(path), tuple(caps), after))
                    if extend(land, after, d, straight_from_first and index > 0):
                        went_on = True
                    elif not free_stop:
                        stops.append((land, after))
                path.pop()
            if not went_on:
                # §1.5: the sequence ends here — on any of the landing squares when none of them
                # allows a further jump.
                for land, after in stops:
                    final = KING if after == MAN and promotes[land] else after
                    out.append(((*path, land), tuple(caps), final))
            if at_once:
                board[over] = q
            caps.pop()
        return jumped

    for origin, power in pieces:
        piece = board[origin]
        board[origin] = 0
        path.append(origin)
        try:
            extend(origin, power, -1, False)
        finally:
            board[origin] = piece
            path.pop()
    return out
