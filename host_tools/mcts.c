/* A plain Monte Carlo tree search (UCT, uniformly random playouts), the yardstick the
 * board's players are measured against (host_tools/mcts.py builds and drives it; it is
 * no part of the firmware). The rules of Connect Four, 4D Squeeze (2 players) and the
 * cube game, written again in C from docs/rules/ and firmware/games/: a test checks
 * their legal moves against the firmware's on many positions.
 *
 * A position is given as the game's start (4D Squeeze: the start board, squeezed) and
 * the moves played since, in the firmware's move numbers (a column, a launch, a cell).
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

enum { CONNECT4 = 0, SQUEEZE = 1, CUBES = 2 };
enum { PLAYING = 0, WON = 1, DRAWN = 2 };
#define MAX_MOVES 49
#define NONE 255

typedef struct {
    int game;
    uint8_t board[100];
    int to_move;  /* 1 or 2 */
    int status;
    int winner;
    int n;        /* moves played */
    int empty;    /* squeeze: empty cells */
    int pent[2];  /* squeeze: pentacles made by colour 1, 2 */
    int last;     /* cubes: the last cube, -1 before the first */
    int left[2];  /* cubes: cubes left */
} State;

static uint32_t rng_state;
static uint32_t next32(void) {
    uint32_t x = rng_state;
    x ^= x << 13; x ^= x >> 17; x ^= x << 5;
    return rng_state = x;
}
static int below(int n) { return (int)(next32() % (uint32_t)n); }

static int line_of(const State *s, int w, int h, int col, int row, int who) {
    static const int dirs[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
    for (int d = 0; d < 4; d++) {
        int count = 1;
        for (int sign = -1; sign <= 1; sign += 2) {
            int c = col + sign * dirs[d][0], r = row + sign * dirs[d][1];
            while (c >= 0 && c < w && r >= 0 && r < h && s->board[r * w + c] == who) {
                count++; c += sign * dirs[d][0]; r += sign * dirs[d][1];
            }
        }
        if (count >= 4) return 1;
    }
    return 0;
}

/* -- Connect Four: board[row * 7 + col], row 0 on top ------------------------------ */
static int c4_legal(const State *s, int *out) {
    int k = 0;
    for (int c = 0; c < 7; c++) if (!s->board[c]) out[k++] = c;
    return k;
}
static void c4_play(State *s, int col) {
    int row = 5;
    while (s->board[row * 7 + col]) row--;
    s->board[row * 7 + col] = (uint8_t)s->to_move;
    s->n++;
    if (line_of(s, 7, 6, col, row, s->to_move)) { s->status = WON; s->winner = s->to_move; }
    else if (s->n == 42) s->status = DRAWN;
    s->to_move = 3 - s->to_move;
}

/* -- 4D Squeeze (games/squeeze/rules.py) -------------------------------------------- */
static uint8_t PATHS[200], LINE_OF[200], POS_OF[200];
static void squeeze_tables(void) {
    for (int l = 0; l < 40; l++) {
        int side = l / 10, line = l % 10;
        for (int i = 0; i < 5; i++) {
            int c;
            if (side == 0) c = i * 10 + line;             /* N */
            else if (side == 2) c = (9 - i) * 10 + line;  /* S */
            else if (side == 3) c = line * 10 + i;        /* W */
            else c = line * 10 + 9 - i;                   /* E */
            PATHS[l * 5 + i] = (uint8_t)c;
            int d = (side == 1 || side == 3) ? 0 : 1;
            LINE_OF[c * 2 + d] = (uint8_t)l;
            POS_OF[c * 2 + d] = (uint8_t)i;
        }
    }
}
static int sq_arrival(const uint8_t *board, int launch) {
    int base = launch * 5;
    for (int i = 0; i < 5; i++) {
        int v = board[PATHS[base + i]];
        if (v) {
            if (i == 0 || v >= 3) return NONE;
            return PATHS[base + i - 1];
        }
    }
    return PATHS[base + 4];
}
static int sq_supported(const uint8_t *board, int cell, int d) {
    int k = cell * 2 + d, base = LINE_OF[k] * 5, pos = POS_OF[k];
    for (int i = 0; i < pos; i++) if (board[PATHS[base + i]]) return 0;
    if (pos == 4) return 1;
    return board[PATHS[base + pos + 1]] <= 2;
}
static int sq_legal(const State *s, int *out) {
    int k = 0;
    for (int l = 0; l < 40; l++) if (sq_arrival(s->board, l) != NONE) out[k++] = l;
    return k;
}
/* one launch per arrival cell (two launches landing on one cell are the same move) */
static int sq_distinct(const State *s, int *out) {
    uint8_t seen[100] = {0};
    int k = 0;
    for (int l = 0; l < 40; l++) {
        int c = sq_arrival(s->board, l);
        if (c != NONE && !seen[c]) { seen[c] = 1; out[k++] = l; }
    }
    return k;
}
static void sq_play(State *s, int launch) {
    uint8_t *b = s->board;
    int colour = s->to_move, cell = sq_arrival(b, launch);
    b[cell] = (uint8_t)colour;
    s->empty--;
    s->n++;
    if (line_of(s, 10, 10, cell % 10, cell / 10, colour)) { s->status = WON; s->winner = colour; return; }
    int work[400], top = 0;
    for (int d = 0; d < 2; d++) {
        int k = cell * 2 + d, base = LINE_OF[k] * 5;
        for (int i = POS_OF[k] + 1; i < 5; i++) work[top++] = PATHS[base + i];
    }
    while (top) {
        int c = work[--top];
        if (b[c] || sq_supported(b, c, 0) || sq_supported(b, c, 1)) continue;
        b[c] = (uint8_t)(3 + colour);
        s->pent[colour - 1]++;
        s->empty--;
        for (int d = 0; d < 2; d++) {
            int k = c * 2 + d, pos = POS_OF[k];
            if (pos) work[top++] = PATHS[LINE_OF[k] * 5 + pos - 1];
        }
    }
    if (!s->empty) {
        if (s->pent[0] == s->pent[1]) s->status = DRAWN;
        else { s->status = WON; s->winner = s->pent[0] > s->pent[1] ? 1 : 2; }
    } else s->to_move = 3 - colour;
}

/* -- the cube game (games/cubes/rules.py): board[row * 7 + col] --------------------- */
static uint8_t LINES[88 * 4];
static int n_lines;
static void cubes_tables(void) {
    static const int dirs[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
    n_lines = 0;
    for (int row = 0; row < 7; row++)
        for (int col = 0; col < 7; col++)
            for (int d = 0; d < 4; d++) {
                int ec = col + 3 * dirs[d][0], er = row + 3 * dirs[d][1];
                if (ec < 0 || ec >= 7 || er < 0 || er >= 7) continue;
                for (int i = 0; i < 4; i++)
                    LINES[n_lines * 4 + i] = (uint8_t)((row + i * dirs[d][1]) * 7 + col + i * dirs[d][0]);
                n_lines++;
            }
}
static int touches(int a, int b) {
    int dr = a / 7 - b / 7, dc = a % 7 - b % 7;
    return a != b && dr >= -1 && dr <= 1 && dc >= -1 && dc <= 1;
}
static int cubes_legal(const State *s, int *out) {
    const uint8_t *b = s->board;
    int k = 0;
    if (s->last >= 0) {
        for (int c = 0; c < 49; c++) if (!b[c] && touches(c, s->last)) out[k++] = c;
        if (k) return k;
        int colour = b[s->last];
        for (int c = 0; c < 49; c++) {
            if (b[c]) continue;
            for (int x = 0; x < 49; x++)
                if (b[x] == colour && touches(c, x)) { out[k++] = c; break; }
        }
        if (k) return k;
    }
    for (int c = 0; c < 49; c++) if (!b[c]) out[k++] = c;
    return k;
}
static int cubes_open_line(const State *s) {
    for (int i = 0; i < n_lines; i++) {
        int seen = 0, empty = 0;
        for (int j = 0; j < 4; j++) {
            int v = s->board[LINES[i * 4 + j]];
            seen |= v;
            if (!v) empty++;
        }
        if (seen == 3) continue;
        if (seen) { if (s->left[seen - 1] >= empty) return 1; }
        else if ((s->left[0] > s->left[1] ? s->left[0] : s->left[1]) >= empty) return 1;
    }
    return 0;
}
static void cubes_play(State *s, int cell) {
    int who = s->to_move;
    s->board[cell] = (uint8_t)who;
    s->left[who - 1]--;
    s->last = cell;
    s->n++;
    s->to_move = 3 - who;
    if (line_of(s, 7, 7, cell % 7, cell / 7, who)) { s->status = WON; s->winner = who; }
    else if (!cubes_open_line(s)) s->status = DRAWN;
    else if (!s->left[s->to_move - 1]) s->status = DRAWN;
}

/* -- one interface ------------------------------------------------------------------ */
static int legal(const State *s, int *out) {
    if (s->status != PLAYING) return 0;
    if (s->game == CONNECT4) return c4_legal(s, out);
    if (s->game == SQUEEZE) return sq_legal(s, out);
    return cubes_legal(s, out);
}
static int moves(const State *s, int *out) {  /* the search's moves: distinct ones */
    if (s->status != PLAYING) return 0;
    if (s->game == SQUEEZE) return sq_distinct(s, out);
    return legal(s, out);
}
static void play(State *s, int m) {
    if (s->game == CONNECT4) c4_play(s, m);
    else if (s->game == SQUEEZE) sq_play(s, m);
    else cubes_play(s, m);
}

static int setup(State *s, int game, const uint8_t *start, const int *history, int n) {
    static int ready = 0;
    if (!ready) { squeeze_tables(); cubes_tables(); ready = 1; }
    memset(s, 0, sizeof *s);
    s->game = game;
    s->to_move = 1;
    s->last = -1;
    s->left[0] = s->left[1] = 24;
    if (game == SQUEEZE) {
        memcpy(s->board, start, 100);
        for (int c = 0; c < 100; c++) {
            if (!start[c]) s->empty++;
            else if (start[c] == 4) s->pent[0]++;
            else if (start[c] == 5) s->pent[1]++;
        }
    }
    int out[MAX_MOVES > 40 ? MAX_MOVES : 40];
    for (int i = 0; i < n; i++) {
        int k = legal(s, out), ok = 0;
        for (int j = 0; j < k; j++) if (out[j] == history[i]) ok = 1;
        if (!ok) return -1;
        play(s, history[i]);
    }
    return 0;
}

/* The legal moves after `history` (all of them, as the firmware's legal_moves()), or
 * -1 if a move of the history is illegal. */
int mcts_legal(int game, const uint8_t *start, const int *history, int n, int *out) {
    State s;
    if (setup(&s, game, start, history, n)) return -1;
    return legal(&s, out);
}

/* The state after `history`: status (0 playing, 1 won, 2 drawn), winner, to move. */
int mcts_status(int game, const uint8_t *start, const int *history, int n, int *out) {
    State s;
    if (setup(&s, game, start, history, n)) return -1;
    out[0] = s.status; out[1] = s.winner; out[2] = s.to_move;
    return 0;
}

typedef struct {
    int parent, first, count;  /* children: first .. first + count - 1 */
    int move, mover;           /* the move into this node, and who played it */
    int visits;
    double reward;             /* for `mover`: 1 a win, 0.5 a draw */
} Node;

static Node *pool;
static int pool_size, pool_used;

static int add_node(int parent, int move, int mover) {
    if (pool_used == pool_size) {
        pool_size = pool_size ? pool_size * 2 : 65536;
        pool = realloc(pool, sizeof(Node) * (size_t)pool_size);
    }
    Node *x = &pool[pool_used];
    x->parent = parent; x->first = -1; x->count = 0;
    x->move = move; x->mover = mover; x->visits = 0; x->reward = 0;
    return pool_used++;
}

/* UCT: `playouts` iterations of selection (UCB1, exploration constant `c`: the
 * mean reward + c * sqrt(ln N / n)), expansion (every child of a leaf visited before,
 * in random order), a uniformly random playout, and the result backed up; plays the
 * most visited root move. -1 if the game is over. */
int mcts_move(int game, const uint8_t *start, const int *history, int n, int playouts, uint32_t seed,
              double c) {
    State root;
    int out[MAX_MOVES > 40 ? MAX_MOVES : 40];
    if (setup(&root, game, start, history, n) || root.status != PLAYING) return -1;
    rng_state = seed * 2654435761u + 0x9E3779B9u;
    if (!rng_state) rng_state = 1;
    pool_used = 0;
    add_node(-1, -1, 3 - root.to_move);
    for (int it = 0; it < playouts; it++) {
        State s = root;
        int node = 0;
        while (pool[node].count && s.status == PLAYING) {  /* selection */
            Node *x = &pool[node];
            double logn = log((double)x->visits), top = -1;
            int pick = x->first;
            for (int k = x->first; k < x->first + x->count; k++) {
                Node *y = &pool[k];
                double u = y->visits ? y->reward / y->visits + c * sqrt(logn / y->visits) : 1e9;
                if (u > top) { top = u; pick = k; }
                if (!y->visits) break;
            }
            node = pick;
            play(&s, pool[node].move);
        }
        if (s.status == PLAYING && (pool[node].visits || node == 0)) {  /* expansion */
            int k = moves(&s, out);
            for (int i = k - 1; i > 0; i--) { int j = below(i + 1), t = out[i]; out[i] = out[j]; out[j] = t; }
            int first = pool_used;
            for (int i = 0; i < k; i++) add_node(node, out[i], s.to_move);
            pool[node].first = first;
            pool[node].count = k;
            node = first;
            play(&s, pool[node].move);
        }
        while (s.status == PLAYING) {  /* the playout */
            int k = moves(&s, out);
            play(&s, out[below(k)]);
        }
        for (int x = node; x >= 0; x = pool[x].parent) {  /* back up */
            pool[x].visits++;
            if (s.status == DRAWN) pool[x].reward += 0.5;
            else if (s.winner == pool[x].mover) pool[x].reward += 1.0;
        }
    }
    int best = pool[0].first;
    for (int k = pool[0].first; k < pool[0].first + pool[0].count; k++)
        if (pool[k].visits > pool[best].visits) best = k;
    return pool[best].move;
}

/* -- Connect Four, solved exactly (the check of the board's exact play, the opening book)
 * Bitboards (7 bits a column, bit 0 the bottom), a weak negamax (win 1, draw 0, loss -1)
 * with alpha-beta and a transposition table. A node plays only moves that leave the
 * opponent no win in one (a forced block, never right under the opponent's winning
 * cell), the ones that make the most winning cells of its own first: so the side to
 * move never has a win in one at a node (its parent would not have let it). A value is
 * found by null-window searches (is it above 0? then: a win?), which cut far more than
 * one search of the whole window; the table's key is the position or its mirror image,
 * whichever is smaller, so that both share an entry (openings are full of mirrors), and
 * a child the table already knows good enough cuts a node before any search. */
typedef uint64_t bits;
#define TT_BITS 25  /* 32 M entries, 320 MB: the opening book's searches fill them */
#define C4_BOTTOM 0x40810204081ull  /* bit 0 of each column */
#define C4_BOARD (C4_BOTTOM * 0x3F)
static bits *tt_key;
static uint8_t *tt_work;  /* 43 - the discs of an entry's position (0: empty) */
static uint8_t *tt_val;  /* value + 1, the kind (exact 0, lower 4, upper 8), best column << 4 */

/* The empty cells where a disc of `p` would make four (mask: every disc). */
static bits c4_winning_cells(bits p, bits mask) {
    bits r = (p << 1) & (p << 2) & (p << 3);  /* vertical */
    for (int d = 6; d <= 8; d++) {            /* diagonal /, horizontal, diagonal \ */
        bits q = (p << d) & (p << 2 * d);
        r |= q & (p << 3 * d);
        r |= q & (p >> d);
        q = (p >> d) & (p >> 2 * d);
        r |= q & (p << d);
        r |= q & (p >> 3 * d);
    }
    return r & (C4_BOARD ^ mask);
}

/* A key (7 bits a column) with its columns in the other order. */
static bits c4_mirror(bits key) {
    bits m = 0;
    for (int c = 0; c < 7; c++) m |= ((key >> (7 * c)) & 0x7F) << (7 * (6 - c));
    return m;
}
static const int c4_order[7] = {3, 2, 4, 1, 5, 0, 6};
static long solve_nodes;

/* The table's slot of a position: in its bucket, the entry that holds it, else the
 * second. Its key (unique, never 0: empty entries are 0) is of the position or of its
 * mirror image, whichever is smaller; *flip tells which. */
static unsigned c4_slot(bits mine, bits mask, bits *key, int *flip) {
    bits k = mine + mask + C4_BOTTOM, mirrored = c4_mirror(k);
    *flip = mirrored < k;
    *key = *flip ? mirrored : k;
    unsigned slot = (unsigned)((*key * 0x9E3779B97F4A7C15ull) >> (64 - TT_BITS)) & ~1u;
    return tt_key[slot] == *key ? slot : slot | 1;
}

/* mine: the discs of the side to move, which has no win in one; mask: every disc. */
static int c4_negamax(bits mine, bits mask, int moves, int alpha, int beta) {
    solve_nodes++;
    bits possible = (mask + C4_BOTTOM) & C4_BOARD;
    bits theirs = c4_winning_cells(mine ^ mask, mask);
    bits forced = possible & theirs;
    if (forced) {
        if (forced & (forced - 1)) return -1;  /* two wins to block */
        possible = forced;
    }
    possible &= ~(theirs >> 1);  /* not right under the opponent's winning cell */
    if (!possible) return -1;
    if (moves >= 40) return 0;  /* two discs left, no win in one for either: a draw */
    bits key;
    int flip;
    unsigned slot = c4_slot(mine, mask, &key, &flip);
    int hint = -1;  /* the column that was best here, tried first */
    if (tt_key[slot] == key) {
        int v = (tt_val[slot] & 3) - 1, kind = tt_val[slot] & 12;
        if (kind == 0) return v;
        if (kind == 4 && v > alpha) alpha = v;
        if (kind == 8 && v < beta) beta = v;
        if (alpha >= beta) return v;
        hint = tt_val[slot] >> 4;
        if (hint < 7 && flip) hint = 6 - hint;
    }
    int alpha0 = alpha, best = -2, bestcol = 7, k = 0, score[7];
    bits move[7];
    for (int i = 0; i < 7; i++) {  /* the most winning cells made first (insertion) */
        bits m = possible & ((bits)0x3F << (c4_order[i] * 7));
        if (!m) continue;
        int s = c4_order[i] == hint ? 99 : __builtin_popcountll(c4_winning_cells(mine | m, mask | m)), j = k++;
        while (j && score[j - 1] < s) { move[j] = move[j - 1]; score[j] = score[j - 1]; j--; }
        move[j] = m; score[j] = s;
    }
    for (int i = 0; i < k; i++) {  /* a child the table knows is worth beta to us: cut */
        bits ckey;
        int cflip;
        unsigned c = c4_slot(mine ^ mask, mask | move[i], &ckey, &cflip);
        if (tt_key[c] == ckey && (tt_val[c] & 12) != 4 && 1 - (tt_val[c] & 3) >= beta) {
            best = 1 - (tt_val[c] & 3);
            bestcol = __builtin_ctzll(move[i]) / 7;
            k = 0;
        }
    }
    for (int i = 0; i < k; i++) {
        int v = -c4_negamax(mine ^ mask, mask | move[i], moves + 1, -beta, -alpha);
        if (v > best) { best = v; bestcol = __builtin_ctzll(move[i]) / 7; }
        if (v > alpha) alpha = v;
        if (alpha >= beta) break;
    }
    if (flip) bestcol = 6 - bestcol;
    if (tt_key[slot] != key) slot = 43 - moves >= tt_work[slot & ~1u] ? slot & ~1u : slot | 1;
    tt_key[slot] = key;
    tt_work[slot] = (uint8_t)(43 - moves);
    tt_val[slot] = (uint8_t)((best + 1) | (best <= alpha0 ? 8 : best >= beta ? 4 : 0) | bestcol << 4);
    return best;
}

/* The position after `history` in `mine` (the side to move's discs) and `mask`; -1 if
 * the history is not legal, else its length. */
static int c4_setup(const int *history, int n, bits *mine, bits *mask) {
    if (!tt_key) {
        tt_key = calloc((size_t)1 << TT_BITS, sizeof(bits));
        tt_val = calloc((size_t)1 << TT_BITS, 1);
        tt_work = calloc((size_t)1 << TT_BITS, 1);
    }
    *mine = 0; *mask = 0;
    for (int i = 0; i < n; i++) {
        int c = history[i];
        if (c < 0 || c > 6 || (*mask & ((bits)1 << (c * 7 + 5)))) return -1;
        *mine ^= *mask;  /* the other side's discs: it moves next */
        *mask |= *mask + ((bits)1 << (c * 7));
    }
    return n;
}

/* The value of a position of `moves` discs for the side to move, searched in the
 * window (alpha, beta): a result <= alpha is an upper bound, >= beta a lower one. */
static int c4_window(bits mine, bits mask, int moves, int alpha, int beta) {
    if (c4_winning_cells(mine, mask) & ((mask + C4_BOTTOM) & C4_BOARD)) return 1;
    if (moves == 42) return 0;
    return c4_negamax(mine, mask, moves, alpha, beta);
}

/* The exact value by null windows: above 0 (then a win?), else a loss? */
static int c4_exact(bits mine, bits mask, int moves) {
    int v = c4_window(mine, mask, moves, -1, 0);
    if (v < 0) return -1;
    return c4_window(mine, mask, moves, 0, 1) > 0 ? 1 : 0;
}

/* The exact value (1 win, 0 draw, -1 loss, for the side to move) of each column after
 * `history` (columns 0..6) in out[0..6], -2 where the column is full; returns the
 * nodes searched, or -1 if the history is not legal. */
long c4_solve(const int *history, int n, int *out) {
    bits mine, mask;
    if (c4_setup(history, n, &mine, &mask) < 0) return -1;
    solve_nodes = 0;
    for (int c = 0; c < 7; c++) {
        if (mask & ((bits)1 << (c * 7 + 5))) { out[c] = -2; continue; }
        bits after = mask | (mask + ((bits)1 << (c * 7)));
        if (c4_winning_cells(mine, mask) & (after ^ mask)) out[c] = 1;
        else out[c] = -c4_exact(mine ^ mask, after, n + 1);
    }
    return solve_nodes;
}

/* The value of the position after `history` for the side to move, searched in the
 * window (alpha, beta) as c4_window (one null window tells whether a move keeps a
 * value already known: the opening book's question); -9 if the history is not legal. */
int c4_value(const int *history, int n, int alpha, int beta) {
    bits mine, mask;
    if (c4_setup(history, n, &mine, &mask) < 0) return -9;
    return c4_window(mine, mask, n, alpha, beta);
}
