"""Zobrist keys: a 64-bit hash of a search position, updated square by square.

This module owns the random keys and the full hash; search updates the hash incrementally by
XOR-ing out a square's old piece and in its new one. The keys come from a fixed seed so that
hashes (and so searches) are the same in every process.
"""

import random

_rng = random.Random(0x5EED_C4E55)

# PIECE_KEYS[code + 6][sq]: the key of the signed piece code on a square; code 0 (empty) is 0.
PIECE_KEYS = tuple(
    tuple(0 if code == 0 else _rng.getrandbits(64) for _ in range(64)) for code in range(-6, 7)
)
SIDE_KEY = _rng.getrandbits(64)  # XOR-ed in when Black is to move
CASTLING_KEYS = tuple(_rng.getrandbits(64) for _ in range(16))
EP_KEYS = tuple(_rng.getrandbits(64) for _ in range(8))  # by file of the en-passant square


def full_hash(board: list[int], side: int, castling: int, ep: int) -> int:
    """Returns the hash of a position from scratch."""
    h = 0
    for sq in range(64):
        p = board[sq]
        if p:
            h ^= PIECE_KEYS[p + 6][sq]
    if side == -1:
        h ^= SIDE_KEY
    h ^= CASTLING_KEYS[castling]
    if ep >= 0:
        h ^= EP_KEYS[ep & 7]
    return h
