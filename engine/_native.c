/* The engine's Chesskers move generator in C: the same rules as engine/movegen.py, over the
 * same board, several times faster. ``engine.generator`` chooses it when it is built.
 *
 * The board is 64 signed piece codes (0 empty, 1..6 pawn..king, positive for White); ``side``
 * is +1 for White and -1 for Black. Generation tries each candidate move on a copy of the board,
 * asks whether the mover's king could then be captured (docs/rules/chesskers.md §2: a
 * replacement capture, a sweep, or a jump at any point of any chain) and puts the board back.
 * Moves come out in the order the Python generator makes them, as tuples (kind, piece type,
 * path, captured, promotion) that ``engine.generator`` wraps as ``Move`` values.
 *
 * tests/engine/test_native.py checks that both generators give the same moves in the same
 * order, on the perft positions and on random games; the Python one is held to the rules by
 * perft and by ``engine.reference``, the rules written plainly.
 *
 * Why it is safe to call from several threads (the site's server runs engine code in a thread
 * pool): the geometry tables are filled once, when the module is imported, and only read after;
 * each call works on its own copy of the board and its own move list. The one piece of common
 * mutable state is SEEN, the memo of chain searches (with seen_stamp and seen_count). It needs
 * no lock because every function of this module runs holding the GIL from start to end: none
 * releases it (there is no Py_BEGIN_ALLOW_THREADS here) and none calls back into Python code
 * while SEEN is in use, so two calls never interleave. Releasing the GIL, or a free-threaded
 * interpreter, would need SEEN to move into the call (gen_t). For the same reason the module
 * declares no support for several interpreters (m_size -1).
 *
 * Built by ``engine/build_native.py`` (``make``); without it the engine runs in Python alone.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

typedef signed char piece_t;

enum { QUIET, CASTLE, REPLACEMENT, EN_PASSANT, JUMP, SWEEP };

/* §1.5: promotion choices, in the order of engine.pieces.PROMOTION_TYPES. */
static const int PROMOTIONS[4] = {5, 4, 3, 2};

#define MAXPATH 32

typedef struct {
    unsigned char kind, piece, promotion, npath, ncaps;
    unsigned char path[MAXPATH];
    unsigned char caps[MAXPATH];
} cmove;

/* --- geometry, as engine/tables.py builds it ------------------------------------------- */
static const int DF[8] = {0, 0, 1, -1, 1, -1, 1, -1};
static const int DR[8] = {1, -1, 0, 0, 1, 1, -1, -1};

static int RAY[64][8][8];
static int RAYLEN[64][8];

/* Adjacent jumps (over, land) by piece code (index code + 6), in direction order. */
static int JN[13][64];
static int JOVER[13][64][8];
static int JLAND[13][64][8];

static int KSTEP[64][8];
static int KSTEPN[64];

/* Knight moves (target, leg1, leg2): the leg is the two squares along the long side. */
static int KN_T[64][8], KN_L1[64][8], KN_L2[64][8];
static int KNN[64];

/* Knight moves whose leg holds a square: (knight square, target). */
static int SW_N[64][16], SW_T[64][16];
static int SWN[64];

/* Pawn captures onto a square / from a square, by colour index (0 White, 1 Black). */
static int PATT[2][64][2], PATTN[2][64];
static int PCAP[2][64][2], PCAPN[2][64];

/* Slider directions by piece type: bishop diagonals, rook orthogonals, queen all. */
static const int SLIDER_DIRS[6][8] = {
    {0}, {0}, {0}, {4, 5, 6, 7}, {0, 1, 2, 3}, {0, 1, 2, 3, 4, 5, 6, 7}};
static const int SLIDER_NDIRS[6] = {0, 0, 0, 4, 4, 8};

static int offset(int sq, int df, int dr) {
    int f = (sq & 7) + df, r = (sq >> 3) + dr;
    return (f >= 0 && f < 8 && r >= 0 && r < 8) ? r * 8 + f : -1;
}

static void build_tables(void) {
    static const int JUMP_DIRS_WHITE_PAWN[2] = {4, 5};
    static const int JUMP_DIRS_BLACK_PAWN[2] = {6, 7};
    static const int KNIGHT_DELTAS[8][2] = {{1, 2}, {-1, 2}, {1, -2}, {-1, -2},
                                            {2, 1}, {2, -1}, {-2, 1}, {-2, -1}};
    for (int sq = 0; sq < 64; sq++) {
        for (int d = 0; d < 8; d++) {
            int n = 0, cur = offset(sq, DF[d], DR[d]);
            while (cur >= 0) {
                RAY[sq][d][n++] = cur;
                cur = offset(cur, DF[d], DR[d]);
            }
            RAYLEN[sq][d] = n;
        }
    }
    for (int code = -6; code <= 6; code++) {
        int t = code > 0 ? code : -code;
        const int *dirs;
        int ndirs;
        if (t == 0 || t == 2) continue;
        if (code == 1) {
            dirs = JUMP_DIRS_WHITE_PAWN;
            ndirs = 2;
        } else if (code == -1) {
            dirs = JUMP_DIRS_BLACK_PAWN;
            ndirs = 2;
        } else if (t == 6) {
            dirs = SLIDER_DIRS[5];
            ndirs = 8;
        } else {
            dirs = SLIDER_DIRS[t];
            ndirs = SLIDER_NDIRS[t];
        }
        for (int sq = 0; sq < 64; sq++) {
            int n = 0;
            for (int i = 0; i < ndirs; i++) {
                int d = dirs[i];
                if (RAYLEN[sq][d] >= 2) {
                    JOVER[code + 6][sq][n] = RAY[sq][d][0];
                    JLAND[code + 6][sq][n] = RAY[sq][d][1];
                    n++;
                }
            }
            JN[code + 6][sq] = n;
        }
    }
    memset(SWN, 0, sizeof SWN);
    for (int sq = 0; sq < 64; sq++) {
        KSTEPN[sq] = 0;
        for (int d = 0; d < 8; d++)
            if (RAYLEN[sq][d]) KSTEP[sq][KSTEPN[sq]++] = RAY[sq][d][0];
        KNN[sq] = 0;
        for (int i = 0; i < 8; i++) {
            int df = KNIGHT_DELTAS[i][0], dr = KNIGHT_DELTAS[i][1];
            int target = offset(sq, df, dr), l1, l2;
            if (target < 0) continue;
            if (dr == 2 || dr == -2) {
                int step = dr > 0 ? 1 : -1;
                l1 = offset(sq, 0, step);
                l2 = offset(sq, 0, 2 * step);
            } else {
                int step = df > 0 ? 1 : -1;
                l1 = offset(sq, step, 0);
                l2 = offset(sq, 2 * step, 0);
            }
            KN_T[sq][KNN[sq]] = target;
            KN_L1[sq][KNN[sq]] = l1;
            KN_L2[sq][KNN[sq]] = l2;
            KNN[sq]++;
        }
    }
    for (int n = 0; n < 64; n++) {
        for (int i = 0; i < KNN[n]; i++) {
            int legs[2] = {KN_L1[n][i], KN_L2[n][i]};
            for (int l = 0; l < 2; l++) {
                int s = legs[l];
                SW_N[s][SWN[s]] = n;
                SW_T[s][SWN[s]] = KN_T[n][i];
                SWN[s]++;
            }
        }
    }
    for (int sq = 0; sq < 64; sq++) {
        /* White (index 0) pawns capture north-west then north-east; Black's south-west then
         * south-east. Attackers of sq are the squares such captures come from. */
        int cand[2][2][2] = {{{-1, -1}, {1, -1}}, {{-1, 1}, {1, 1}}};
        int capd[2][2][2] = {{{-1, 1}, {1, 1}}, {{-1, -1}, {1, -1}}};
        for (int c = 0; c < 2; c++) {
            PATTN[c][sq] = PCAPN[c][sq] = 0;
            for (int i = 0; i < 2; i++) {
                int a = offset(sq, cand[c][i][0], cand[c][i][1]);
                int b = offset(sq, capd[c][i][0], capd[c][i][1]);
                if (a >= 0) PATT[c][sq][PATTN[c][sq]++] = a;
                if (b >= 0) PCAP[c][sq][PCAPN[c][sq]++] = b;
            }
        }
    }
}

/* --- attack detection (movegen.is_attacked) ---------------------------------------------- */
static int direct_attack(const piece_t *b, int k, int o) {
    int c = o == 1 ? 0 : 1;
    for (int i = 0; i < PATTN[c][k]; i++)
        if (b[PATT[c][k][i]] == o) return 1;
    int knight = 2 * o;
    for (int i = 0; i < KNN[k]; i++)
        if (b[KN_T[k][i]] == knight) return 1;
    for (int i = 0; i < SWN[k]; i++)
        if (b[SW_N[k][i]] == knight && b[SW_T[k][i]] == 0) return 1;
    int king = 6 * o, queen = 5 * o, rook = 4 * o, bishop = 3 * o;
    for (int i = 0; i < KSTEPN[k]; i++)
        if (b[KSTEP[k][i]] == king) return 1;
    for (int d = 0; d < 8; d++) {
        int straight = d < 4;
        for (int i = 0; i < RAYLEN[k][d]; i++) {
            int p = b[RAY[k][d][i]];
            if (p) {
                if (p == queen || p == (straight ? rook : bishop)) return 1;
                break;
            }
        }
    }
    return 0;
}

/* The (square, removed pieces) states a chain search has been in: they fix the board, so a
 * second visit finds nothing new. A table with a generation stamp, cleared by a new stamp. */
#define SEEN_SIZE 4096
typedef struct {
    uint64_t removed;
    uint32_t stamp;
    int land;
} seen_entry;
static seen_entry SEEN[SEEN_SIZE];
static uint32_t seen_stamp = 0;
static int seen_count = 0;

static void seen_reset(void) {
    seen_stamp++;
    seen_count = 0;
    if (seen_stamp == 0) { /* wrapped: clear the stamps */
        memset(SEEN, 0, sizeof SEEN);
        seen_stamp = 1;
    }
}

/* Returns 1 if the state was already seen, else records it (while there is room). */
static int seen_check_add(int land, uint64_t removed) {
    uint64_t h = (removed * 0x9E3779B97F4A7C15ULL) ^ (uint64_t)land * 0xC2B2AE3D27D4EB4FULL;
    unsigned i = (unsigned)(h >> 52) & (SEEN_SIZE - 1);
    for (int probe = 0; probe < SEEN_SIZE; probe++) {
        seen_entry *e = &SEEN[i];
        if (e->stamp != seen_stamp) {
            if (seen_count >= SEEN_SIZE / 2) return 0; /* full enough: search without memo */
            e->stamp = seen_stamp;
            e->removed = removed;
            e->land = land;
            seen_count++;
            return 0;
        }
        if (e->removed == removed && e->land == land) return 1;
        i = (i + 1) & (SEEN_SIZE - 1);
    }
    return 0;
}

static int chain_hits(piece_t *b, int p, int cur, int k, uint64_t removed) {
    int code = p + 6;
    for (int i = 0; i < JN[code][cur]; i++) {
        int over = JOVER[code][cur][i], land = JLAND[code][cur][i];
        int q = b[over];
        if (q * p < 0 && b[land] == 0) {
            if (over == k) return 1;
            if ((p == 1 && land >= 56) || (p == -1 && land < 8)) continue; /* promotion ends it */
            uint64_t next = removed | (1ULL << over);
            if (seen_check_add(land, next)) continue;
            b[over] = 0;
            int hit = chain_hits(b, p, land, k, next);
            b[over] = (piece_t)q;
            if (hit) return 1;
        }
    }
    return 0;
}

static int jumper_hits(piece_t *b, int j, int k, int o) {
    int p = b[j];
    if (p * o <= 0 || p == 2 * o) return 0;
    int t = p > 0 ? p : -p;
    int hit = 0;
    b[j] = 0; /* §1.3: the origin is empty from the start of the move */
    seen_reset();
    if (t == 1 || t == 6) {
        hit = chain_hits(b, p, j, k, 0);
    } else {
        for (int di = 0; di < SLIDER_NDIRS[t] && !hit; di++) {
            int d = SLIDER_DIRS[t][di], n = RAYLEN[j][d];
            for (int i = 0; i < n; i++) {
                int s = RAY[j][d][i], q = b[s];
                if (q) {
                    if (q * o < 0 && i + 1 < n && b[RAY[j][d][i + 1]] == 0) {
                        if (s == k) {
                            hit = 1;
                            break;
                        }
                        b[s] = 0;
                        hit = chain_hits(b, p, RAY[j][d][i + 1], k, 1ULL << s);
                        b[s] = (piece_t)q;
                    }
                    break;
                }
            }
        }
    }
    b[j] = (piece_t)p;
    return hit;
}

static int is_attacked(piece_t *b, int k, int o) {
    if (direct_attack(b, k, o)) return 1;
    for (int j = 0; j < 64; j++) {
        int p = b[j];
        if (p * o > 0 && p != 2 * o && jumper_hits(b, j, k, o)) return 1;
    }
    return 0;
}

/* --- generation (movegen.legal_moves) ----------------------------------------------------- */
typedef struct {
    piece_t *b;
    int side, castling, ep, k;
    int their_k; /* the opponent's king: what a move's check mark is about */
    int first_only;
    cmove *moves;
    int n, cap;
    int failed; /* out of memory */
} gen_t;

static cmove *add_move(gen_t *g, int kind, int piece, const int *path, int npath,
                       const int *caps, int ncaps, int promotion) {
    if (g->n == g->cap) {
        int cap = g->cap ? g->cap * 2 : 64;
        cmove *more = PyMem_Realloc(g->moves, sizeof(cmove) * (size_t)cap);
        if (!more) {
            g->failed = 1;
            return NULL;
        }
        g->moves = more;
        g->cap = cap;
    }
    cmove *m = &g->moves[g->n++];
    m->kind = (unsigned char)kind;
    m->piece = (unsigned char)piece;
    m->promotion = (unsigned char)promotion;
    m->npath = (unsigned char)npath;
    m->ncaps = (unsigned char)ncaps;
    for (int i = 0; i < npath; i++) m->path[i] = (unsigned char)path[i];
    for (int i = 0; i < ncaps; i++) m->caps[i] = (unsigned char)caps[i];
    return m;
}

static void add2(gen_t *g, int kind, int piece, int from, int to, const int *caps, int ncaps,
                 int promoting) {
    int path[2] = {from, to};
    if (promoting) {
        for (int i = 0; i < 4; i++) add_move(g, kind, piece, path, 2, caps, ncaps, PROMOTIONS[i]);
    } else {
        add_move(g, kind, piece, path, 2, caps, ncaps, 0);
    }
}

static int done(const gen_t *g) { return g->failed || (g->first_only && g->n); }

static void chains(gen_t *g, int p, int cur, int *path, int npath, int *caps, int ncaps,
                   int king) {
    piece_t *b = g->b;
    int code = p + 6, t = p > 0 ? p : -p, o = -g->side;
    if (npath + 1 >= MAXPATH || ncaps + 1 >= MAXPATH) return;
    for (int i = 0; i < JN[code][cur] && !done(g); i++) {
        int over = JOVER[code][cur][i], land = JLAND[code][cur][i];
        int q = b[over];
        if (q * p < 0 && b[land] == 0) {
            b[over] = 0;
            b[cur] = 0;
            b[land] = (piece_t)p;
            path[npath] = land;
            caps[ncaps] = over;
            int safe = !is_attacked(b, king ? land : g->k, o);
            if ((p == 1 && land >= 56) || (p == -1 && land < 8)) {
                /* §1.3 and §1.5: promotion ends the chain; each choice is a move. */
                if (safe)
                    for (int pr = 0; pr < 4; pr++)
                        add_move(g, JUMP, t, path, npath + 1, caps, ncaps + 1, PROMOTIONS[pr]);
            } else {
                if (safe) add_move(g, JUMP, t, path, npath + 1, caps, ncaps + 1, 0);
                chains(g, p, land, path, npath + 1, caps, ncaps + 1, king);
            }
            b[land] = 0;
            b[cur] = (piece_t)p;
            b[over] = (piece_t)q;
        }
    }
}

/* Whether the mover's king is safe after the board was changed in place. */
static int safe_now(gen_t *g) { return !is_attacked(g->b, g->k, -g->side); }

static void pawn_moves(gen_t *g, int sq, int p) {
    piece_t *b = g->b;
    int side = g->side, fwd = 8 * side, to = sq + fwd, c = side == 1 ? 0 : 1;
    int last_rank = side == 1 ? 7 : 0;
    if (to >= 0 && to < 64 && b[to] == 0) {
        b[to] = (piece_t)p;
        b[sq] = 0;
        int safe = safe_now(g);
        b[sq] = (piece_t)p;
        b[to] = 0;
        if (safe) add2(g, QUIET, 1, sq, to, NULL, 0, to >> 3 == last_rank);
        int two = to + fwd;
        if ((sq >> 3) == (side == 1 ? 1 : 6) && b[two] == 0) {
            b[two] = (piece_t)p;
            b[sq] = 0;
            safe = safe_now(g);
            b[sq] = (piece_t)p;
            b[two] = 0;
            if (safe) add2(g, QUIET, 1, sq, two, NULL, 0, 0);
        }
    }
    for (int i = 0; i < PCAPN[c][sq]; i++) {
        int cap_to = PCAP[c][sq][i], q = b[cap_to];
        if (q * side < 0) {
            b[cap_to] = (piece_t)p;
            b[sq] = 0;
            int safe = safe_now(g);
            b[sq] = (piece_t)p;
            b[cap_to] = (piece_t)q;
            if (safe) add2(g, REPLACEMENT, 1, sq, cap_to, &cap_to, 1, cap_to >> 3 == last_rank);
        } else if (cap_to == g->ep && q == 0) {
            int victim_sq = cap_to - fwd, victim = b[victim_sq];
            if (victim == -p) {
                b[cap_to] = (piece_t)p;
                b[sq] = 0;
                b[victim_sq] = 0;
                int safe = safe_now(g);
                b[victim_sq] = (piece_t)victim;
                b[sq] = (piece_t)p;
                b[cap_to] = 0;
                if (safe) add2(g, EN_PASSANT, 1, sq, cap_to, &victim_sq, 1, 0);
            }
        }
    }
    int code = p + 6;
    for (int i = 0; i < JN[code][sq]; i++) {
        if (b[JOVER[code][sq][i]] * p < 0 && b[JLAND[code][sq][i]] == 0) {
            int path[MAXPATH] = {sq}, caps[MAXPATH];
            chains(g, p, sq, path, 1, caps, 0, 0);
            break;
        }
    }
}

static void knight_moves(gen_t *g, int sq, int p) {
    piece_t *b = g->b;
    int side = g->side;
    for (int i = 0; i < KNN[sq] && !done(g); i++) {
        int to = KN_T[sq][i], l1 = KN_L1[sq][i], l2 = KN_L2[sq][i], q = b[to];
        if (q == 0) {
            int a = b[l1], c = b[l2];
            int caps[2], ncaps = 0;
            if (a * side < 0) caps[ncaps++] = l1;
            if (c * side < 0) caps[ncaps++] = l2;
            for (int j = 0; j < ncaps; j++) b[caps[j]] = 0;
            b[to] = (piece_t)p;
            b[sq] = 0;
            int safe = safe_now(g);
            b[sq] = (piece_t)p;
            b[to] = 0;
            b[l1] = (piece_t)a;
            b[l2] = (piece_t)c;
            if (safe) add2(g, ncaps ? SWEEP : QUIET, 2, sq, to, caps, ncaps, 0);
        } else if (q * side < 0) {
            b[to] = (piece_t)p;
            b[sq] = 0;
            int safe = safe_now(g);
            b[sq] = (piece_t)p;
            b[to] = (piece_t)q;
            if (safe) add2(g, REPLACEMENT, 2, sq, to, &to, 1, 0);
        }
    }
}

static void try_castle(gen_t *g, int home, int king, int rook, int rook_sq, int passed, int land,
                       int also_empty) {
    /* §2: the king must be safe before, on the passed square (rook unmoved), and after. */
    piece_t *b = g->b;
    int o = -g->side;
    if (b[rook_sq] != rook || b[passed] || b[land]) return;
    if (also_empty >= 0 && b[also_empty]) return;
    if (is_attacked(b, home, o)) return;
    b[home] = 0;
    b[passed] = (piece_t)king;
    int safe = !is_attacked(b, passed, o);
    b[passed] = 0;
    if (safe) {
        b[land] = (piece_t)king;
        b[passed] = (piece_t)rook;
        b[rook_sq] = 0;
        safe = !is_attacked(b, land, o);
        b[rook_sq] = (piece_t)rook;
        b[passed] = 0;
        b[land] = 0;
    }
    b[home] = (piece_t)king;
    if (safe) add2(g, CASTLE, 6, home, land, NULL, 0, 0);
}

static void king_moves(gen_t *g, int sq, int p) {
    piece_t *b = g->b;
    int side = g->side, o = -side;
    for (int i = 0; i < KSTEPN[sq] && !done(g); i++) {
        int to = KSTEP[sq][i], q = b[to];
        if (q == 0 || q * side < 0) {
            b[to] = (piece_t)p;
            b[sq] = 0;
            int safe = !is_attacked(b, to, o);
            b[sq] = (piece_t)p;
            b[to] = (piece_t)q;
            if (safe) add2(g, q ? REPLACEMENT : QUIET, 6, sq, to, &to, q ? 1 : 0, 0);
        }
    }
    if (done(g)) return;
    {
        int path[MAXPATH] = {sq}, caps[MAXPATH];
        chains(g, p, sq, path, 1, caps, 0, 1);
    }
    int rights, home, rook;
    if (side == 1) {
        rights = g->castling & 3;
        home = 4;
        rook = 4;
    } else {
        rights = g->castling & 12;
        home = 60;
        rook = -4;
    }
    if (!rights || sq != home || done(g)) return;
    if (rights & (1 | 4)) try_castle(g, home, p, rook, home + 3, home + 1, home + 2, -1);
    if (done(g)) return;
    if (rights & (2 | 8)) try_castle(g, home, p, rook, home - 4, home - 1, home - 2, home - 3);
}

static void slider_moves(gen_t *g, int sq, int p, int t) {
    piece_t *b = g->b;
    int side = g->side;
    for (int di = 0; di < SLIDER_NDIRS[t] && !done(g); di++) {
        int d = SLIDER_DIRS[t][di], n = RAYLEN[sq][d];
        for (int i = 0; i < n && !done(g); i++) {
            int to = RAY[sq][d][i], land = i + 1 < n ? RAY[sq][d][i + 1] : -1, q = b[to];
            if (q == 0) {
                b[to] = (piece_t)p;
                b[sq] = 0;
                int safe = safe_now(g);
                b[sq] = (piece_t)p;
                b[to] = 0;
                if (safe) add2(g, QUIET, t, sq, to, NULL, 0, 0);
                continue;
            }
            if (q * side < 0) {
                b[to] = (piece_t)p;
                b[sq] = 0;
                if (safe_now(g)) add2(g, REPLACEMENT, t, sq, to, &to, 1, 0);
                b[to] = (piece_t)q;
                if (land >= 0 && b[land] == 0) {
                    /* §1.3: the first jump from a distance along a clear line. */
                    b[to] = 0;
                    b[land] = (piece_t)p;
                    if (safe_now(g)) add2(g, JUMP, t, sq, land, &to, 1, 0);
                    int path[MAXPATH] = {sq, land}, caps[MAXPATH] = {to};
                    chains(g, p, land, path, 2, caps, 1, 0);
                    b[land] = 0;
                    b[to] = (piece_t)q;
                }
                b[sq] = (piece_t)p;
            }
            break;
        }
    }
}

static void generate(gen_t *g) {
    piece_t *b = g->b;
    int side = g->side;
    int order[64], n = 0;
    if (g->first_only && g->k >= 0) order[n++] = g->k; /* the king first: the cheapest answer */
    for (int sq = 0; sq < 64; sq++)
        if (b[sq] * side > 0 && !(g->first_only && sq == g->k)) order[n++] = sq;
    for (int i = 0; i < n && !done(g); i++) {
        int sq = order[i], p = b[sq], t = p > 0 ? p : -p;
        if (t == 1)
            pawn_moves(g, sq, p);
        else if (t == 2)
            knight_moves(g, sq, p);
        else if (t == 6)
            king_moves(g, sq, p);
        else
            slider_moves(g, sq, p, t);
    }
}

/* --- playing a move on a board (movegen.apply_move, next_castling, double_step_target) --- */
static const int CASTLING_KEEP_AT[6][2] = {{0, 15 & ~2}, {7, 15 & ~1}, {4, 15 & ~3},
                                           {56, 15 & ~8}, {63, 15 & ~4}, {60, 15 & ~12}};

static int castling_keep(int sq) {
    for (int i = 0; i < 6; i++)
        if (CASTLING_KEEP_AT[i][0] == sq) return CASTLING_KEEP_AT[i][1];
    return 15;
}

static void play_on(piece_t *b, const cmove *m, int side) {
    int origin = m->path[0], target = m->path[m->npath - 1], p = b[origin];
    for (int i = 0; i < m->ncaps; i++) b[m->caps[i]] = 0;
    b[origin] = 0;
    b[target] = (piece_t)(m->promotion ? m->promotion * side : p);
    if (m->kind == CASTLE) {
        int rook_from = target > origin ? origin + 3 : origin - 4;
        int rook_to = target > origin ? origin + 1 : origin - 1;
        b[rook_to] = b[rook_from];
        b[rook_from] = 0;
    }
}

/* --- Python glue ----------------------------------------------------------------------------- */
static int read_board(PyObject *board, piece_t *out) {
    PyObject *seq = PySequence_Fast(board, "the board is a sequence of 64 piece codes");
    if (!seq) return -1;
    if (PySequence_Fast_GET_SIZE(seq) != 64) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_ValueError, "the board is a sequence of 64 piece codes");
        return -1;
    }
    PyObject **items = PySequence_Fast_ITEMS(seq);
    for (int i = 0; i < 64; i++) {
        long v = PyLong_AsLong(items[i]);
        if (v == -1 && PyErr_Occurred()) {
            Py_DECREF(seq);
            return -1;
        }
        if (v < -6 || v > 6) {
            Py_DECREF(seq);
            PyErr_Format(PyExc_ValueError, "square %d holds %ld, not a piece code", i, v);
            return -1;
        }
        out[i] = (piece_t)v;
    }
    Py_DECREF(seq);
    return 0;
}

static int read_kings(PyObject *kings, int *white, int *black) {
    if (!PyArg_ParseTuple(kings, "ii", white, black)) return -1;
    if (*white < 0 || *white > 63 || *black < 0 || *black > 63) {
        PyErr_SetString(PyExc_ValueError, "a king's square is 0-63");
        return -1;
    }
    return 0;
}

static int check_side(int side) {
    if (side != 1 && side != -1) {
        PyErr_SetString(PyExc_ValueError, "side is 1 (White) or -1 (Black)");
        return -1;
    }
    return 0;
}

static PyObject *move_tuple(const cmove *m) {
    PyObject *path = PyTuple_New(m->npath), *caps = PyTuple_New(m->ncaps);
    if (!path || !caps) {
        Py_XDECREF(path);
        Py_XDECREF(caps);
        return NULL;
    }
    for (int i = 0; i < m->npath; i++) PyTuple_SET_ITEM(path, i, PyLong_FromLong(m->path[i]));
    for (int i = 0; i < m->ncaps; i++) PyTuple_SET_ITEM(caps, i, PyLong_FromLong(m->caps[i]));
    return Py_BuildValue("(iiNNi)", m->kind, m->piece, path, caps, m->promotion);
}

static PyObject *moves_list(const gen_t *g) {
    PyObject *out = PyList_New(g->n);
    if (!out) return NULL;
    for (int i = 0; i < g->n; i++) {
        PyObject *item = move_tuple(&g->moves[i]);
        if (!item) {
            Py_DECREF(out);
            return NULL;
        }
        PyList_SET_ITEM(out, i, item);
    }
    return out;
}

/* Parses (board, side, castling, ep, kings) into a generator on ``board_out``. */
static int parse_position(PyObject *args, piece_t *board_out, gen_t *g, int *first_only) {
    PyObject *board, *kings;
    int side, castling, ep, white, black;
    *first_only = 0;
    if (!PyArg_ParseTuple(args, "OiiiO|p", &board, &side, &castling, &ep, &kings, first_only))
        return -1;
    if (read_board(board, board_out) < 0 || check_side(side) < 0) return -1;
    if (read_kings(kings, &white, &black) < 0) return -1;
    if (ep < -1 || ep > 63) {
        PyErr_SetString(PyExc_ValueError, "ep is -1 or a square 0-63");
        return -1;
    }
    memset(g, 0, sizeof *g);
    g->b = board_out;
    g->side = side;
    g->castling = castling;
    g->ep = ep;
    g->k = side == 1 ? white : black;
    g->their_k = side == 1 ? black : white;
    g->first_only = *first_only;
    return 0;
}

static PyObject *native_legal_moves(PyObject *self, PyObject *args) {
    piece_t b[64];
    gen_t g;
    int first_only;
    if (parse_position(args, b, &g, &first_only) < 0) return NULL;
    generate(&g);
    PyObject *out = g.failed ? PyErr_NoMemory() : moves_list(&g);
    PyMem_Free(g.moves);
    return out;
}

static int has_legal(piece_t *b, int side, int castling, int ep, int k) {
    gen_t g;
    memset(&g, 0, sizeof g);
    g.b = b;
    g.side = side;
    g.castling = castling;
    g.ep = ep;
    g.k = k;
    g.first_only = 1;
    generate(&g);
    int found = g.n > 0 || g.failed;
    PyMem_Free(g.moves);
    return found;
}

static PyObject *native_has_legal_move(PyObject *self, PyObject *args) {
    piece_t b[64];
    gen_t g;
    int first_only;
    if (parse_position(args, b, &g, &first_only) < 0) return NULL;
    return PyBool_FromLong(has_legal(b, g.side, g.castling, g.ep, g.k));
}

static PyObject *native_is_attacked(PyObject *self, PyObject *args) {
    PyObject *board, *jumpers = NULL;
    int k, o;
    piece_t b[64];
    if (!PyArg_ParseTuple(args, "Oii|O", &board, &k, &o, &jumpers)) return NULL;
    if (read_board(board, b) < 0 || check_side(o) < 0) return NULL;
    if (k < 0 || k > 63) {
        PyErr_SetString(PyExc_ValueError, "the square is 0-63");
        return NULL;
    }
    return PyBool_FromLong(is_attacked(b, k, o));
}

/* The legal moves with, for each, 0 (no check), 1 (check) or 2 (mate): what the canonical text
 * of every move needs (§4 "+" and "#"), in one call. */
static PyObject *native_marked_moves(PyObject *self, PyObject *args) {
    piece_t b[64];
    gen_t g;
    int first_only;
    if (parse_position(args, b, &g, &first_only) < 0) return NULL;
    generate(&g);
    if (g.failed) {
        PyMem_Free(g.moves);
        return PyErr_NoMemory();
    }
    PyObject *marks = PyList_New(g.n);
    if (!marks) {
        PyMem_Free(g.moves);
        return NULL;
    }
    int side = g.side;
    for (int i = 0; i < g.n; i++) {
        const cmove *m = &g.moves[i];
        piece_t after[64];
        memcpy(after, b, 64);
        play_on(after, m, side);
        /* The opponent's king: never moved nor captured by a legal move. */
        int ok = g.their_k;
        long mark = 0;
        if (is_attacked(after, ok, side)) {
            int castling = g.castling & castling_keep(m->path[0]) &
                           castling_keep(m->path[m->npath - 1]);
            for (int c = 0; c < m->ncaps; c++) castling &= castling_keep(m->caps[c]);
            int ep = -1;
            if (m->piece == 1 && m->kind == QUIET) {
                int a = m->path[0], z = m->path[m->npath - 1];
                if (z - a == 16 || a - z == 16) ep = (a + z) / 2;
            }
            mark = has_legal(after, -side, castling, ep, ok) ? 1 : 2;
        }
        PyList_SET_ITEM(marks, i, PyLong_FromLong(mark));
    }
    PyObject *moves = moves_list(&g);
    PyMem_Free(g.moves);
    if (!moves) {
        Py_DECREF(marks);
        return NULL;
    }
    return Py_BuildValue("(NN)", moves, marks);
}

static PyMethodDef METHODS[] = {
    {"legal_moves", native_legal_moves, METH_VARARGS,
     "legal_moves(board, side, castling, ep, kings, first_only=False) -> [(kind, piece, path, "
     "captured, promotion)]"},
    {"has_legal_move", native_has_legal_move, METH_VARARGS,
     "has_legal_move(board, side, castling, ep, kings) -> bool"},
    {"is_attacked", native_is_attacked, METH_VARARGS,
     "is_attacked(board, square, by_side) -> bool"},
    {"marked_moves", native_marked_moves, METH_VARARGS,
     "marked_moves(board, side, castling, ep, kings) -> (moves, marks): 0 none, 1 check, 2 mate"},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef MODULE = {PyModuleDef_HEAD_INIT, "engine._native",
                                    "The move generator in C (see engine/movegen.py).", -1,
                                    METHODS};

PyMODINIT_FUNC PyInit__native(void) {
    build_tables();
    return PyModule_Create(&MODULE);
}
