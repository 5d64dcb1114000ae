"""Goita hints from a seat's view: what each piece in hand can block, the King attack that both
Kings make possible, what the partner has shown face up, the pieces still unseen, and the CPU's
pick.

A piece blocks an attack of the same piece; a King also blocks a Rook, Bishop, Gold, Silver or
Knight (never a Lance or a Pawn: seed, and ``engine.goita.game``)."""

from __future__ import annotations

from engine.ai.goita.heuristic import score_moves, unseen
from engine.goita.types import PIECES, Attack, GoitaView, Phase, Piece
from engine.hints import Hints, Line, line

KING_BLOCKS = (Piece.R, Piece.B, Piece.G, Piece.S, Piece.N)


def blocks(piece: Piece) -> tuple[Piece, ...]:
    """The attack pieces ``piece`` can block."""
    return (piece, *KING_BLOCKS) if piece is Piece.K else (piece,)


def partner_of(view: GoitaView) -> int | None:
    """The seat's partner (four players, seats 1&3 and 2&4), or ``None`` when each plays alone."""
    seat = view.seat
    if seat is None or view.seats != 4:
        return None
    return next((s for s in range(view.seats) if s != seat and view.teams[s] == view.teams[seat]), None)


def king_pair(view: GoitaView) -> Hints:
    """Seed « sauf si un Roi a déjà été posé » with option ``king_face_down_counts``: holding
    both Kings, one laid face down lets the other attack (unblockable); once it lies face down in
    the seat's row, the King in hand may attack. Nothing when no King attack comes of it."""
    if not view.rules.king_face_down_counts or view.hand is None or view.seat is None:
        return ()
    kings = view.hand.count(Piece.K)
    if kings == 2 and view.phase is not Phase.ATTACK and not view.rules.no_king_face_down:
        return (line("king_pair"),)
    own_down = any(not s.face_up and s.piece is Piece.K for s in view.tables[view.seat])
    if kings == 1 and own_down and Attack(Piece.K) in view.legal_actions:
        return (line("king_attack_ready"),)
    return ()


def hints(view: GoitaView) -> Hints:
    """The hints for ``view.seat`` (none for a spectator)."""
    if view.seat is None or view.hand is None:
        return ()
    out: list[Line] = []
    hidden = unseen(view)
    held = sorted(set(view.hand))
    for piece in held:
        can = blocks(piece)
        out.append(
            line(
                "piece",
                piece=str(piece),
                count=view.hand.count(piece),
                blocks=tuple(str(p) for p in can),
                unseen=sum(hidden[int(p)] for p in can),
            )
        )
    if view.phase is Phase.RESPOND and view.attack is not None and view.legal_actions:
        with_ = tuple(str(p) for p in held if view.attack in blocks(p))
        if with_:
            out.append(line("block_now", attack=str(view.attack), pieces=with_))
        else:
            out.append(line("cannot_block", attack=str(view.attack)))
    out += king_pair(view)
    partner = partner_of(view)
    if partner is not None:
        shown = tuple(str(s.piece) for s in view.tables[partner] if s.face_up and s.piece is not None)
        face_down = sum(1 for s in view.tables[partner] if not s.face_up)
        if shown or face_down:
            out.append(
                line("partner", seat=partner, pieces=shown, down=face_down, left=view.hand_counts[partner])
            )
        else:
            out.append(line("partner_none", seat=partner))
    out.append(line("unseen", pieces=tuple(f"{p}×{hidden[int(p)]}" for p in PIECES if hidden[int(p)])))
    if view.legal_actions:
        out.append(line("suggest", action=max(score_moves(view), key=lambda p: p[1])[0]))
    return tuple(out)
