/* Wizard Armies: the exact best response to the uniform random bot (issue 14).
 *
 * V(b, r) is the chance (a draw counts half) that a player with an army of b, who plays
 * as well as possible, wins against the random bot (grimoire.bots.random.RandomBot:
 * uniform among legal(state, seat)) holding an army of r, from the start of a round.
 * Defaults: doubles "repeat", battle_end "no-strike", hidden "trusted".
 *
 * A round: both choose a deployment in secret (the best responder cannot see the random
 * one, which is uniform over 1..min(6, army)); initiative is a fair coin (ties rerolled);
 * both battle rolls; cowards (ones) desert; the battle (strikes alternate, a seat with no
 * strike passes, the random seat picks uniformly among the distinct (dice, target) strikes
 * and the camp strike, as `legal` lists them); the raid when one side holds two or more
 * dice against none and the other has a camp. The best responder maximises V of the
 * armies the round leaves. A round nobody loses a unit in (no coward, no strike) comes
 * back to V(b, r) itself: no choice is made on that path, so V(b, r) = max over the
 * deployment d of R(d) / (1 - p0(d)) (R: the value of the rounds that change something).
 *
 * Everything is exact up to floating point; armies above N are not computed (the army
 * roll's mass above N is reported, it bounds the error of the start value).
 *
 * Build and run (tools/wa_best_response.py does this and checks it against the rules):
 *   gcc -O2 -o /tmp/wa_br tools/wa_best_response.c -lm && /tmp/wa_br 40
 * With a second argument, the table is read from that file (lines "b r V") instead of
 * computed, and only the queries are answered.
 * Then, on standard input, optional queries (one a line) answered after the table:
 *   W fB fR turn tB tR    battle value (fields as digit strings, "-" for empty; turn 0
 *                         = the best responder is to strike (or pass), 1 = the random bot)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <time.h>

#define NMS 924           /* multisets of at most 6 dice over faces 1..6 */
#define MAXN 64

static int ms_count[NMS][7];    /* counts of faces 1..6 (index 0 unused) */
static int ms_size[NMS], ms_sum[NMS], ms_min[NMS], ms_max[NMS];
static int ms_index[7][7][7][7][7][7];
static int nms = 0;

static double V[MAXN + 1][MAXN + 1];
static int Vdone[MAXN + 1][MAXN + 1];
static int best_d[MAXN + 1][MAXN + 1];

static int idx_of(const int *c) { return ms_index[c[1]][c[2]][c[3]][c[4]][c[5]][c[6]]; }

static void build_multisets(void) {
    int c[7];
    memset(ms_index, -1, sizeof ms_index);
    for (c[1] = 0; c[1] <= 6; c[1]++)
    for (c[2] = 0; c[1] + c[2] <= 6; c[2]++)
    for (c[3] = 0; c[1] + c[2] + c[3] <= 6; c[3]++)
    for (c[4] = 0; c[1] + c[2] + c[3] + c[4] <= 6; c[4]++)
    for (c[5] = 0; c[1] + c[2] + c[3] + c[4] + c[5] <= 6; c[5]++)
    for (c[6] = 0; c[1] + c[2] + c[3] + c[4] + c[5] + c[6] <= 6; c[6]++) {
        int i = nms++, s = 0, sum = 0, mn = 7, mx = 0;
        for (int v = 1; v <= 6; v++) {
            ms_count[i][v] = c[v];
            s += c[v];
            sum += v * c[v];
            if (c[v] && v < mn) mn = v;
            if (c[v] && v > mx) mx = v;
        }
        ms_size[i] = s; ms_sum[i] = sum; ms_min[i] = mn; ms_max[i] = mx;
        ms_index[c[1]][c[2]][c[3]][c[4]][c[5]][c[6]] = i;
    }
}

/* ------------------------------------------------------------------ strikes */

static int beats(const int *g, int target) {
    int n = 0, sum = 0, top = 0;
    for (int v = 1; v <= 6; v++) { n += g[v]; sum += v * g[v]; if (g[v]) top = v; }
    if (n == 1) return top > target || top == 6;
    return n > 1 && sum > target;
}

/* Successors of every strike (group, target) of `own` on `enemy`: pairs (own', enemy').
 * Distinct (group, target) give distinct pairs, as legal lists them. Cached. */
typedef struct { int16_t *succ; int n; int built; } StrikeList;
static StrikeList strike_cache[NMS * NMS];

static const StrikeList *strikes(int own, int enemy) {
    StrikeList *sl = &strike_cache[own * NMS + enemy];
    if (sl->built) return sl;
    int oc[7], g[7], rest[7], ec[7];
    memcpy(oc, ms_count[own], sizeof oc);
    memcpy(ec, ms_count[enemy], sizeof ec);
    int cap = 0, n = 0;
    int16_t *buf = NULL;
    for (g[1] = 0; g[1] <= oc[1]; g[1]++)
    for (g[2] = 0; g[2] <= oc[2]; g[2]++)
    for (g[3] = 0; g[3] <= oc[3]; g[3]++)
    for (g[4] = 0; g[4] <= oc[4]; g[4]++)
    for (g[5] = 0; g[5] <= oc[5]; g[5]++)
    for (g[6] = 0; g[6] <= oc[6]; g[6]++) {
        if (!(g[1] + g[2] + g[3] + g[4] + g[5] + g[6])) continue;
        for (int v = 1; v <= 6; v++) rest[v] = oc[v] - g[v];
        int own2 = idx_of(rest);
        for (int t = 1; t <= 6; t++) {
            if (!ec[t] || !beats(g, t)) continue;
            ec[t]--;
            int enemy2 = idx_of(ec);
            ec[t]++;
            if (n + 2 > cap) { cap = cap ? 2 * cap : 32; buf = realloc(buf, cap * sizeof *buf); }
            buf[n++] = (int16_t)own2;
            buf[n++] = (int16_t)enemy2;
        }
    }
    sl->succ = buf; sl->n = n / 2; sl->built = 1;
    return sl;
}

static int has_wizard(int f) { return ms_count[f][6] > 0; }

static int remove_wizard(int f) {
    int c[7];
    memcpy(c, ms_count[f], sizeof c);
    c[6]--;
    return idx_of(c);
}

/* can_strike(own, enemy, enemy_camp) of board.py */
static int can_strike(int own, int enemy, int enemy_camp, int camp_strike) {
    if (!ms_size[own]) return 0;
    if (camp_strike && enemy_camp > 0 && has_wizard(own)) return 1;
    if (!ms_size[enemy]) return 0;
    if (has_wizard(own)) return 1;
    int low = ms_min[enemy];
    return ms_max[own] > low || (ms_size[own] > 1 && ms_sum[own] > low);
}

/* ------------------------------------------------------------------ rolls */

/* Multisets of k dice (faces 1..6) with their probabilities. */
static int roll_n[7];
static int roll_ms[7][NMS];
static double roll_p[7][NMS];

static double fact(int n) { double f = 1; for (int i = 2; i <= n; i++) f *= i; return f; }

static void build_rolls(void) {
    for (int k = 0; k <= 6; k++) {
        double total = 1;
        for (int i = 0; i < k; i++) total *= 6;
        roll_n[k] = 0;
        for (int i = 0; i < nms; i++) {
            if (ms_size[i] != k) continue;
            double ways = fact(k);
            for (int v = 1; v <= 6; v++) ways /= fact(ms_count[i][v]);
            roll_ms[k][roll_n[k]] = i;
            roll_p[k][roll_n[k]] = ways / total;
            roll_n[k]++;
        }
    }
}

static int without_cowards(int f) {
    int c[7];
    memcpy(c, ms_count[f], sizeof c);
    c[1] = 0;
    return idx_of(c);
}

/* ------------------------------------------------------------------ raids */

/* Best responder raiding: the kill counts some maximal sequence of strikes reaches. */
static uint8_t raid_mask_memo[NMS * NMS];   /* 0: not computed (a mask is never 0) */

static int raid_mask(int own, int targets) {
    uint8_t *m = &raid_mask_memo[own * NMS + targets];
    if (*m) return *m;
    int mask = 0;
    if (!can_strike(own, targets, 0, 0)) {
        mask = 1;
    } else {
        const StrikeList *sl = strikes(own, targets);
        for (int i = 0; i < sl->n; i++)
            mask |= raid_mask(sl->succ[2 * i], sl->succ[2 * i + 1]) << 1;
    }
    *m = (uint8_t)mask;
    return mask;
}

/* Random bot raiding: the distribution of its kills, striking uniformly until it can't. */
static double *raid_dist_memo[NMS * NMS];

static const double *raid_dist(int own, int targets) {
    double **slot = &raid_dist_memo[own * NMS + targets];
    if (*slot) return *slot;
    double *d = calloc(7, sizeof *d);
    if (!can_strike(own, targets, 0, 0)) {
        d[0] = 1;
    } else {
        const StrikeList *sl = strikes(own, targets);
        for (int i = 0; i < sl->n; i++) {
            const double *sub = raid_dist(sl->succ[2 * i], sl->succ[2 * i + 1]);
            for (int k = 0; k < 6; k++) d[k + 1] += sub[k] / sl->n;
        }
    }
    *slot = d;
    return d;
}

/* Averaged over the raid roll of k camp units. */
typedef struct { int n; double p[128]; int mask[128]; int built; } RaidB;
static RaidB raidB_memo[NMS][7];
static double raidR_memo[NMS][7][7];
static int raidR_built[NMS][7];

static const RaidB *raidB_table(int own, int k) {
    RaidB *t = &raidB_memo[own][k];
    if (t->built) return t;
    double bymask[128] = {0};
    for (int i = 0; i < roll_n[k]; i++)
        bymask[raid_mask(own, roll_ms[k][i])] += roll_p[k][i];
    t->n = 0;
    for (int m = 1; m < 128; m++)
        if (bymask[m] > 0) { t->p[t->n] = bymask[m]; t->mask[t->n] = m; t->n++; }
    t->built = 1;
    return t;
}

static const double *raidR_table(int own, int k) {
    if (!raidR_built[own][k]) {
        for (int i = 0; i < roll_n[k]; i++) {
            const double *d = raid_dist(own, roll_ms[k][i]);
            for (int j = 0; j < 7; j++) raidR_memo[own][k][j] += roll_p[k][i] * d[j];
        }
        raidR_built[own][k] = 1;
    }
    return raidR_memo[own][k];
}

/* ------------------------------------------------------------------ the battle */

static double terminal(int tB, int tR) {
    if (tB <= 0 && tR <= 0) return 0.5;
    if (tB <= 0) return 0.0;
    if (tR <= 0) return 1.0;
    if (!Vdone[tB][tR]) { fprintf(stderr, "V(%d,%d) needed before it is known\n", tB, tR); exit(2); }
    return V[tB][tR];
}

/* Memo: for each pair of armies (tB, tR) a dense slab over (seat, fB, fR), the fields
 * without cowards (462 multisets of faces 2..6 each); NaN marks a value not yet known. A
 * strike moves to the slab of one army less, so a battle reads only a few slabs. */
#define NF 462
static int field_no[NMS];          /* 924-index of a field without ones -> 0..461, else -1 */
static float *slab[MAXN + 1][MAXN + 1];
static uint64_t states_made = 0, slabs_live = 0;

static float *slab_of(int tB, int tR) {
    float *s = slab[tB][tR];
    if (!s) {
        s = malloc(sizeof(float) * 2 * NF * NF);
        for (size_t i = 0; i < (size_t)2 * NF * NF; i++) s[i] = -1.0f;
        slab[tB][tR] = s;
        slabs_live++;
    }
    return s;
}

static void free_slabs_below(int b) {   /* no round with an army of b or more needs these */
    for (int tB = 0; tB < b && tB <= MAXN; tB++)
        for (int tR = 0; tR <= MAXN; tR++)
            if (slab[tB][tR]) { free(slab[tB][tR]); slab[tB][tR] = NULL; slabs_live--; }
}

static double cont(int fB, int fR, int turn, int tB, int tR);

static double act(int seat, int fB, int fR, int tB, int tR) {
    int campB = tB - ms_size[fB], campR = tR - ms_size[fR];
    if (seat == 0) {
        double best = -1;
        const StrikeList *sl = strikes(fB, fR);
        for (int i = 0; i < sl->n; i++) {
            double v = cont(sl->succ[2 * i], sl->succ[2 * i + 1], 1, tB, tR - 1);
            if (v > best) best = v;
        }
        if (has_wizard(fB) && campR > 0) {
            double v = cont(remove_wizard(fB), fR, 1, tB, tR - 1);
            if (v > best) best = v;
        }
        return best;
    }
    double total = 0;
    int n = 0;
    const StrikeList *sl = strikes(fR, fB);
    for (int i = 0; i < sl->n; i++) {
        total += cont(sl->succ[2 * i + 1], sl->succ[2 * i], 0, tB - 1, tR);
        n++;
    }
    if (has_wizard(fR) && campB > 0) {
        total += cont(fB, remove_wizard(fR), 0, tB - 1, tR);
        n++;
    }
    return total / n;
}

static double cont(int fB, int fR, int turn, int tB, int tR) {
    int nB = ms_size[fB], nR = ms_size[fR];
    int campB = tB - nB, campR = tR - nR;
    if (nB >= 2 && nR == 0 && campR > 0) {          /* the best responder raids */
        const RaidB *t = raidB_table(fB, campR < 6 ? campR : 6);
        double v = 0;
        for (int i = 0; i < t->n; i++) {
            double best = -1;
            for (int j = 0; j < 7; j++)
                if (t->mask[i] >> j & 1) {
                    double w = terminal(tB, tR - j);
                    if (w > best) best = w;
                }
            v += t->p[i] * best;
        }
        return v;
    }
    if (nR >= 2 && nB == 0 && campB > 0) {          /* the random bot raids */
        const double *d = raidR_table(fR, campB < 6 ? campB : 6);
        double v = 0;
        for (int j = 0; j < 7; j++) if (d[j] > 0) v += d[j] * terminal(tB - j, tR);
        return v;
    }
    int canB = can_strike(fB, fR, campR, 1), canR = can_strike(fR, fB, campB, 1);
    if (!canB && !canR) return terminal(tB, tR);
    int seat = turn == 0 ? (canB ? 0 : 1) : (canR ? 1 : 0);
    float *cell = &slab_of(tB, tR)[((size_t)seat * NF + field_no[fB]) * NF + field_no[fR]];
    if (*cell >= 0) return *cell;
    double v = act(seat, fB, fR, tB, tR);
    /* a battle never comes back to a state (every strike costs a unit): no cycle */
    slab_of(tB, tR)[((size_t)seat * NF + field_no[fB]) * NF + field_no[fR]] = (float)v;
    states_made++;
    return v;
}

/* ------------------------------------------------------------------ rounds */

static double round_value(int b, int r, double *out_value_by_d) {
    int topB = b < 6 ? b : 6, topR = r < 6 ? r : 6;
    double best = -1;
    int bestd = 0;
    for (int db = 1; db <= topB; db++) {
        double acc = 0, p0 = 0;
        for (int dr = 1; dr <= topR; dr++) {
            double w = 1.0 / topR;
            for (int i = 0; i < roll_n[db]; i++) {
                int rollB = roll_ms[db][i];
                int fB = without_cowards(rollB), tB = b - ms_count[rollB][1];
                double pB = w * roll_p[db][i];
                for (int j = 0; j < roll_n[dr]; j++) {
                    int rollR = roll_ms[dr][j];
                    int fR = without_cowards(rollR), tR = r - ms_count[rollR][1];
                    double p = pB * roll_p[dr][j];
                    if (tB == b && tR == r && !can_strike(fB, fR, tR - ms_size[fR], 1)
                            && !can_strike(fR, fB, tB - ms_size[fB], 1)) {
                        p0 += p;
                        continue;
                    }
                    acc += p * 0.5 * (cont(fB, fR, 0, tB, tR) + cont(fB, fR, 1, tB, tR));
                }
            }
        }
        double v = acc / (1 - p0);
        if (out_value_by_d) out_value_by_d[db] = v;
        if (v > best) { best = v; bestd = db; }
    }
    best_d[b][r] = bestd;
    return best;
}

/* P(army = n): two dice; a double rolls two more, again and again. */
static double army[4 * MAXN + 16];

static void build_army(int upto) {
    for (int n = 0; n <= upto; n++) {
        double p = 0;
        for (int a = 1; a <= 6; a++)
            for (int c = 1; c <= 6; c++) {
                if (a != c) { if (a + c == n) p += 1.0 / 36; }
                else if (n - 2 * a >= 0) p += army[n - 2 * a] / 36;
            }
        army[n] = p;
    }
}

static int parse_field(const char *s) {
    int c[7] = {0};
    if (strcmp(s, "-") != 0)
        for (; *s; s++) c[*s - '0']++;
    return idx_of(c);
}

int main(int argc, char **argv) {
    int N = argc > 1 ? atoi(argv[1]) : 30;
    if (N > MAXN) N = MAXN;
    build_multisets();
    build_rolls();
    build_army(N);
    for (int i = 0, k = 0; i < nms; i++) field_no[i] = ms_count[i][1] ? -1 : k++;
    printf("{\n\"N\": %d,\n\"rounds\": [\n", N);
    int first = 1;
    if (argc > 2) {   /* a table computed before: lines "b r V(b, r)"; answer queries only */
        FILE *f = fopen(argv[2], "r");
        int b, r;
        double v;
        if (!f) { perror(argv[2]); return 2; }
        while (fscanf(f, "%d %d %lf", &b, &r, &v) == 3)
            if (b >= 1 && r >= 1 && b <= N && r <= N) { V[b][r] = v; Vdone[b][r] = 1; }
        fclose(f);
    }
    for (int b = 1; b <= N && argc <= 2; b++) {
        free_slabs_below(b - 12);   /* a round costs an army at most 12 units */
        for (int r = 1; r <= N; r++) {
            double byd[7] = {0};
            clock_t t0 = clock();
            uint64_t s0 = states_made;
            V[b][r] = round_value(b, r, byd);
            if (getenv("WA_VERBOSE"))
                fprintf(stderr, "V(%d,%d) %.3fs %llu states, %llu slabs\n", b, r,
                        (double)(clock() - t0) / CLOCKS_PER_SEC,
                        (unsigned long long)(states_made - s0), (unsigned long long)slabs_live);
            Vdone[b][r] = 1;
            printf("%s[%d, %d, %.12f, %d, [%.9f, %.9f, %.9f, %.9f, %.9f, %.9f]]",
                   first ? "" : ",\n", b, r, V[b][r], best_d[b][r],
                   byd[1], byd[2], byd[3], byd[4], byd[5], byd[6]);
            first = 0;
            fflush(stdout);
        }
    }
    double start = 0, mass = 0;
    for (int b = 2; b <= N; b++)
        for (int r = 2; r <= N; r++) {
            start += army[b] * army[r] * V[b][r];
            mass += army[b] * army[r];
        }
    printf("\n],\n\"start\": %.12f,\n\"mass\": %.12f,\n\"battle_states\": %llu,\n\"queries\": [",
           start, mass, (unsigned long long)states_made);
    char a[16], c[16];
    int turn, tB, tR;
    first = 1;
    while (scanf(" W %15s %15s %d %d %d", a, c, &turn, &tB, &tR) == 5) {
        double v = cont(parse_field(a), parse_field(c), turn, tB, tR);
        printf("%s\n[\"%s\", \"%s\", %d, %d, %d, %.12f]", first ? "" : ",", a, c, turn, tB, tR, v);
        first = 0;
    }
    printf("\n]\n}\n");
    return 0;
}
