package org.marelle.rules;

import java.util.List;

/**
 * The mutable engine room behind {@link Position} and {@link Perft}: pieces as 128-bit sets (pairs of longs), a
 * square array, make/unmake with an undo stack, and legal move generation from check and pin masks.
 *
 * <p>Not thread-safe and not public: {@code Position} copies a board before generating or playing, and each
 * perft run owns its board. Moves are packed into an {@code int}: from (7 bits), to (7 bits), kind (3 bits),
 * promotion type (4 bits). A castling move stores the castling rook's square as its {@code to} ("king takes rook"),
 * which is unambiguous in Chess960.
 */
final class Board {

    static final int NORMAL = 0, DOUBLE = 1, EN_PASSANT = 2, CASTLE = 3, PROMOTION = 4;
    static final int MAX_MOVES = 1024;

    static int move(int from, int to, int kind, int promo) {
        return from | to << 7 | kind << 14 | promo << 17;
    }

    static int from(int m) {
        return m & 0x7F;
    }

    static int to(int m) {
        return (m >>> 7) & 0x7F;
    }

    static int kind(int m) {
        return (m >>> 14) & 7;
    }

    static int promo(int m) {
        return (m >>> 17) & 0xF;
    }

    /** The bits of a move without a deferred promotion riding on it. */
    static final int BASE = (1 << 21) - 1;

    /** The type index of a deferred promotion completed by this move, or -1 (variants with a promotion delay). */
    static int deferredPiece(int m) {
        return ((m >>> 21) & 0xF) - 1;
    }

    static int deferredSquare(int m) {
        return (m >>> 25) & 0x7F;
    }

    static int withDeferred(int m, int square, int type) {
        return (m & BASE) | (type + 1) << 21 | square << 25;
    }

    final Variant variant;
    final Attacks at;
    final int n, files, ranks;

    /** 0 for empty, else 1 + (type * 2 + colour). */
    final byte[] squares;
    /** 1 where a pawn on its last rank has already waited one of its side's moves (promotion delay variants). */
    final byte[] waited;
    final long[] pLo, pHi;
    final long[] cLo = new long[2], cHi = new long[2];
    final int[] kingSq = {-1, -1};
    /** Castling rook squares, [colour * 2 + side]: side 0 towards the last file ("king side"), 1 towards a. */
    final int[] castleRook = {-1, -1, -1, -1};
    int turn;
    int ep = -1;
    int halfmove;
    int fullmove = 1;
    long key;

    // The undo stack starts empty and grows: positions copy a board for every move they play, and for every move
    // generation and check test, which mostly make no move at all.
    private int ply;
    private int[] undoCaptured = NO_INTS;
    private int[] undoEp = NO_INTS;
    private int[] undoHalfmove = NO_INTS;
    private int[] undoCastle = NO_INTS;
    private long[] undoKey = NO_LONGS;
    private static final int[] NO_INTS = new int[0];
    private static final long[] NO_LONGS = new long[0];

    // Scratch for generation; valid only inside one call.
    private long rLo, rHi;
    private static final ThreadLocal<long[][]> PINS = ThreadLocal.withInitial(() -> new long[][] {new long[0], new long[0]});

    Board(Variant variant) {
        this.variant = variant;
        this.at = variant.attacks();
        this.n = at.n;
        this.files = at.files;
        this.ranks = variant.geometry().ranks();
        this.squares = new byte[n];
        this.waited = new byte[n];
        this.pLo = new long[at.typeCount * 2];
        this.pHi = new long[at.typeCount * 2];
    }

    Board copy() {
        Board b = new Board(variant);
        System.arraycopy(squares, 0, b.squares, 0, n);
        System.arraycopy(waited, 0, b.waited, 0, n);
        System.arraycopy(pLo, 0, b.pLo, 0, pLo.length);
        System.arraycopy(pHi, 0, b.pHi, 0, pHi.length);
        System.arraycopy(cLo, 0, b.cLo, 0, 2);
        System.arraycopy(cHi, 0, b.cHi, 0, 2);
        System.arraycopy(kingSq, 0, b.kingSq, 0, 2);
        System.arraycopy(castleRook, 0, b.castleRook, 0, 4);
        b.turn = turn;
        b.ep = ep;
        b.halfmove = halfmove;
        b.fullmove = fullmove;
        b.key = key;
        return b;
    }

    // ---- pieces ------------------------------------------------------------------------------------------------

    static boolean has(long lo, long hi, int sq) {
        return sq < 64 ? (lo >>> sq & 1) != 0 : (hi >>> (sq - 64) & 1) != 0;
    }

    void put(int sq, int tc) {
        squares[sq] = (byte) (tc + 1);
        int color = tc & 1;
        if (sq < 64) {
            long b = 1L << sq;
            pLo[tc] |= b;
            cLo[color] |= b;
        } else {
            long b = 1L << (sq - 64);
            pHi[tc] |= b;
            cHi[color] |= b;
        }
        if (tc >> 1 == at.royalType) kingSq[color] = sq;
        key ^= at.zPiece[tc * n + sq];
    }

    void remove(int sq) {
        int tc = squares[sq] - 1;
        squares[sq] = 0;
        int color = tc & 1;
        if (sq < 64) {
            long b = ~(1L << sq);
            pLo[tc] &= b;
            cLo[color] &= b;
        } else {
            long b = ~(1L << (sq - 64));
            pHi[tc] &= b;
            cHi[color] &= b;
        }
        key ^= at.zPiece[tc * n + sq];
    }

    /** The piece code on a square: -1 when empty, else type * 2 + colour. */
    int pieceAt(int sq) {
        return squares[sq] - 1;
    }

    int forward(int color) {
        return color == 0 ? files : -files;
    }

    long castleKey() {
        long k = 0;
        for (int i = 0; i < 4; i++) {
            if (castleRook[i] >= 0) k ^= at.zCastle[(i >> 1) * n + castleRook[i]];
        }
        return k;
    }

    /** Recomputes the hash from scratch (after set-up from FEN). */
    long computeKey() {
        long k = 0;
        for (int sq = 0; sq < n; sq++) {
            if (squares[sq] != 0) k ^= at.zPiece[(squares[sq] - 1) * n + sq];
        }
        k ^= castleKey();
        if (ep >= 0) k ^= at.zEpFile[ep % files];
        if (turn == 1) k ^= at.zBlack;
        for (int sq = 0; sq < n; sq++) {
            if (waited[sq] != 0) k ^= at.zWait[sq];
        }
        return k;
    }

    // ---- make / unmake -----------------------------------------------------------------------------------------

    int castleKingTo(int kingFrom, int rookFrom) {
        Variant.CastlingFiles cf = variant.castlingFiles();
        return kingFrom - kingFrom % files + (rookFrom > kingFrom ? cf.kingSideKing() : cf.queenSideKing());
    }

    int castleRookTo(int kingFrom, int rookFrom) {
        Variant.CastlingFiles cf = variant.castlingFiles();
        return kingFrom - kingFrom % files + (rookFrom > kingFrom ? cf.kingSideRook() : cf.queenSideRook());
    }

    private void reserveUndo() {
        if (ply < undoKey.length) return;
        int size = Math.max(8, undoKey.length * 2);
        undoCaptured = java.util.Arrays.copyOf(undoCaptured, size);
        undoEp = java.util.Arrays.copyOf(undoEp, size);
        undoHalfmove = java.util.Arrays.copyOf(undoHalfmove, size);
        undoCastle = java.util.Arrays.copyOf(undoCastle, size);
        undoKey = java.util.Arrays.copyOf(undoKey, size);
    }

    void make(int m) {
        reserveUndo();
        int from = from(m), to = to(m), kind = kind(m);
        int us = turn;
        undoEp[ply] = ep;
        undoHalfmove[ply] = halfmove;
        undoKey[ply] = key;
        undoCastle[ply] = (castleRook[0] + 1) | (castleRook[1] + 1) << 8 | (castleRook[2] + 1) << 16 | (castleRook[3] + 1) << 24;
        if (ep >= 0) key ^= at.zEpFile[ep % files];
        ep = -1;
        long oldCastle = castleKey();
        int captured = 0;
        if (kind == CASTLE) {
            int kTo = castleKingTo(from, to), rTo = castleRookTo(from, to);
            int king = squares[from] - 1, rook = squares[to] - 1;
            remove(from);
            remove(to);
            put(kTo, king);
            put(rTo, rook);
            castleRook[us * 2] = -1;
            castleRook[us * 2 + 1] = -1;
            halfmove++;
        } else {
            int tc = squares[from] - 1;
            int capSq = kind == EN_PASSANT ? to - forward(us) : to;
            if (squares[capSq] != 0) {
                captured = squares[capSq];
                if (waited[capSq] != 0) {
                    // A waiting pawn taken before its promotion: remember its wait for unmake.
                    captured |= 0x100;
                    waited[capSq] = 0;
                    key ^= at.zWait[capSq];
                }
                remove(capSq);
            }
            remove(from);
            put(to, kind == PROMOTION ? promo(m) * 2 + us : tc);
            if (captured != 0 || tc >> 1 == at.pawnType) halfmove = 0; else halfmove++;
            if (tc >> 1 == at.royalType) {
                castleRook[us * 2] = -1;
                castleRook[us * 2 + 1] = -1;
            }
            for (int i = 0; i < 4; i++) {
                if (castleRook[i] == from || castleRook[i] == to) castleRook[i] = -1;
            }
            if (kind == DOUBLE) {
                int e = from + forward(us);
                // Only a square some enemy pawn could take on counts; legality is settled by the generator.
                int etc = at.pawnType * 2 + (us ^ 1);
                int rev = etc * n + e;
                if (((at.leapCapRevLo[rev] & pLo[etc]) | (at.leapCapRevHi[rev] & pHi[etc])) != 0) {
                    ep = e;
                    key ^= at.zEpFile[e % files];
                }
            }
        }
        key ^= oldCastle ^ castleKey();
        if (variant.promotionDelay() > 0) delayedPromotion(m, us);
        undoCaptured[ply] = captured;
        ply++;
        turn = us ^ 1;
        key ^= at.zBlack;
        if (us == 1) fullmove++;
    }

    /**
     * After a move of {@code us} in a variant with a promotion delay: the pawn whose wait this move completes
     * becomes the chosen piece, and a pawn that had waited no move yet (not the one arriving now) has waited one.
     */
    private void delayedPromotion(int m, int us) {
        int lastRank = us == 0 ? ranks - 1 : 0;
        int pawnTc = at.pawnType * 2 + us;
        int arrival = kind(m) != CASTLE && pieceAt(to(m)) == pawnTc && to(m) / files == lastRank ? to(m) : -1;
        int dp = deferredPiece(m);
        if (dp >= 0) {
            int ds = deferredSquare(m);
            waited[ds] = 0;
            key ^= at.zWait[ds];
            remove(ds);
            put(ds, dp * 2 + us);
        }
        for (int sq = lastRank * files; sq < (lastRank + 1) * files; sq++) {
            if (sq != arrival && pieceAt(sq) == pawnTc && waited[sq] == 0) {
                waited[sq] = 1;
                key ^= at.zWait[sq];
            }
        }
    }

    private void undoDelayedPromotion(int m, int us) {
        int lastRank = us == 0 ? ranks - 1 : 0;
        int pawnTc = at.pawnType * 2 + us;
        // Every pawn waiting one move now started waiting with this move (the one waiting before was promoted).
        for (int sq = lastRank * files; sq < (lastRank + 1) * files; sq++) {
            if (pieceAt(sq) == pawnTc) waited[sq] = 0;
        }
        if (deferredPiece(m) >= 0) {
            int ds = deferredSquare(m);
            remove(ds);
            put(ds, pawnTc);
            waited[ds] = 1;
        }
    }

    void unmake(int m) {
        ply--;
        int from = from(m), to = to(m), kind = kind(m);
        turn ^= 1;
        int us = turn;
        if (us == 1) fullmove--;
        if (variant.promotionDelay() > 0) undoDelayedPromotion(m, us);
        if (kind == CASTLE) {
            int kTo = castleKingTo(from, to), rTo = castleRookTo(from, to);
            int king = squares[kTo] - 1, rook = squares[rTo] - 1;
            remove(kTo);
            remove(rTo);
            put(from, king);
            put(to, rook);
        } else {
            int tc = squares[to] - 1;
            remove(to);
            put(from, kind == PROMOTION ? at.pawnType * 2 + us : tc);
            int captured = undoCaptured[ply];
            if (captured != 0) {
                int capSq = kind == EN_PASSANT ? to - forward(us) : to;
                put(capSq, (captured & 0xFF) - 1);
                if ((captured & 0x100) != 0) waited[capSq] = 1;
            }
        }
        int c = undoCastle[ply];
        castleRook[0] = (c & 0xFF) - 1;
        castleRook[1] = (c >>> 8 & 0xFF) - 1;
        castleRook[2] = (c >>> 16 & 0xFF) - 1;
        castleRook[3] = (c >>> 24 & 0xFF) - 1;
        ep = undoEp[ply];
        halfmove = undoHalfmove[ply];
        key = undoKey[ply];
    }

    /** Passes the turn (PGN null move). */
    void makeNull() {
        reserveUndo();
        undoEp[ply] = ep;
        undoHalfmove[ply] = halfmove;
        undoKey[ply] = key;
        undoCastle[ply] = (castleRook[0] + 1) | (castleRook[1] + 1) << 8 | (castleRook[2] + 1) << 16 | (castleRook[3] + 1) << 24;
        undoCaptured[ply] = 0;
        ply++;
        if (ep >= 0) key ^= at.zEpFile[ep % files];
        ep = -1;
        halfmove++;
        if (turn == 1) fullmove++;
        turn ^= 1;
        key ^= at.zBlack;
    }

    // ---- attacks -----------------------------------------------------------------------------------------------

    /** Squares reached by riding along {@code dirs} from {@code sq}, stopping at (and including) blockers. */
    private void ride(int sq, int[] dirs, long occLo, long occHi) {
        long aLo = 0, aHi = 0;
        final long[] rayLo = at.rayLo, rayHi = at.rayHi;
        for (int d : dirs) {
            int i = d * n + sq;
            long rl = rayLo[i], rh = rayHi[i];
            long bl = rl & occLo, bh = rh & occHi;
            if ((bl | bh) != 0) {
                int b;
                if (at.dirPositive[d]) {
                    b = bl != 0 ? Long.numberOfTrailingZeros(bl) : 64 + Long.numberOfTrailingZeros(bh);
                } else {
                    b = bh != 0 ? 127 - Long.numberOfLeadingZeros(bh) : 63 - Long.numberOfLeadingZeros(bl);
                }
                rl ^= rayLo[d * n + b];
                rh ^= rayHi[d * n + b];
            }
            aLo |= rl;
            aHi |= rh;
        }
        rLo = aLo;
        rHi = aHi;
    }

    /** Whether a piece of colour {@code by}, standing on {@code occ}, attacks {@code sq}. */
    boolean attacked(int sq, int by, long occLo, long occHi) {
        for (int t : at.capLeaperTypes) {
            int tc = t * 2 + by;
            int i = tc * n + sq;
            if (((at.leapCapRevLo[i] & pLo[tc] & occLo) | (at.leapCapRevHi[i] & pHi[tc] & occHi)) != 0) return true;
        }
        int[][] groups = at.groupDirs[by];
        for (int g = 0; g < groups.length; g++) {
            int mask = at.groupTypes[by][g];
            long gl = 0, gh = 0;
            for (int t = 0; mask != 0; t++, mask >>>= 1) {
                if ((mask & 1) != 0) {
                    gl |= pLo[t * 2 + by];
                    gh |= pHi[t * 2 + by];
                }
            }
            gl &= occLo;
            gh &= occHi;
            if ((gl & at.groupEmptyLo[by][g * n + sq] | gh & at.groupEmptyHi[by][g * n + sq]) == 0) continue;
            ride(sq, groups[g], occLo, occHi);
            if (((rLo & gl) | (rHi & gh)) != 0) return true;
        }
        return false;
    }

    /** All pieces of colour {@code by} attacking {@code sq}; the result is left in rLo/rHi. */
    private void attackers(int sq, int by, long occLo, long occHi) {
        long xl = 0, xh = 0;
        for (int t : at.capLeaperTypes) {
            int tc = t * 2 + by;
            int i = tc * n + sq;
            xl |= at.leapCapRevLo[i] & pLo[tc];
            xh |= at.leapCapRevHi[i] & pHi[tc];
        }
        int[][] groups = at.groupDirs[by];
        for (int g = 0; g < groups.length; g++) {
            int mask = at.groupTypes[by][g];
            long gl = 0, gh = 0;
            for (int t = 0; mask != 0; t++, mask >>>= 1) {
                if ((mask & 1) != 0) {
                    gl |= pLo[t * 2 + by];
                    gh |= pHi[t * 2 + by];
                }
            }
            if ((gl & at.groupEmptyLo[by][g * n + sq] | gh & at.groupEmptyHi[by][g * n + sq]) == 0) continue;
            ride(sq, groups[g], occLo, occHi);
            xl |= rLo & gl;
            xh |= rHi & gh;
        }
        rLo = xl & occLo;
        rHi = xh & occHi;
    }

    boolean inCheck() {
        int k = kingSq[turn];
        return k >= 0 && attacked(k, turn ^ 1, cLo[0] | cLo[1], cHi[0] | cHi[1]);
    }

    /** The squares a piece of code {@code tc} on {@code sq} attacks (captures onto), given the occupancy. */
    void attacksFrom(int sq, int tc, long occLo, long occHi) {
        ride(sq, at.rideCapDirs[tc], occLo, occHi);
        rLo |= at.leapCapLo[tc * n + sq];
        rHi |= at.leapCapHi[tc * n + sq];
    }

    // ---- legal move generation ---------------------------------------------------------------------------------

    /** Writes the legal moves into {@code out} from {@code idx}; returns the index after the last one. */
    int generate(int[] out, int idx) {
        int end = generateMoves(out, idx);
        if (variant.promotionDelay() == 0 || end == idx) return end;
        // A pawn that has waited its time on the last rank: every move also names the piece it becomes.
        int us = turn;
        int lastRank = us == 0 ? ranks - 1 : 0;
        int pawnTc = at.pawnType * 2 + us;
        for (int sq = lastRank * files; sq < (lastRank + 1) * files; sq++) {
            if (pieceAt(sq) != pawnTc || waited[sq] + 1 < variant.promotionDelay()) continue;
            List<PieceType> choices = variant.promotions();
            int count = end - idx;
            int w = idx + count * choices.size();
            for (int i = end - 1; i >= idx; i--) {
                for (int c = choices.size() - 1; c >= 0; c--) {
                    out[--w] = withDeferred(out[i], sq, variant.pieces().indexOf(choices.get(c)));
                }
            }
            return idx + count * choices.size();
        }
        return end;
    }

    private int generateMoves(int[] out, int idx) {
        // (A board is mostly copied to generate once: the pin rays live in the thread's scratch, read only for squares
        // this call marks pinned, so what an earlier call left there is never read.)
        long[][] pins = PINS.get();
        if (pins[0].length < n) {
            pins[0] = new long[n];
            pins[1] = new long[n];
        }
        final long[] pinLo = pins[0], pinHi = pins[1];
        final int us = turn, them = us ^ 1;
        final long occLo = cLo[0] | cLo[1], occHi = cHi[0] | cHi[1];
        final long usLo = cLo[us], usHi = cHi[us], themLo = cLo[them], themHi = cHi[them];
        final int ksq = kingSq[us];
        final Attacks at = this.at;
        final int n = this.n;
        if (variant.bareKingLoses() && bareKingEnds()) return idx;
        if (at.jumpFrom[us].length > 0 && fullmove <= at.jumpFrom[us].length) {
            int end = openingJumps(out, idx, us);
            if (end >= 0) return end;
        }

        long tgtLo = -1L, tgtHi = -1L;   // where a non-king move must land (all squares unless in check)
        int checks = 0;
        long pinnedLo = 0, pinnedHi = 0;
        if (ksq >= 0) {
            attackers(ksq, them, occLo, occHi);
            long chkLo = rLo, chkHi = rHi;
            checks = Long.bitCount(chkLo) + Long.bitCount(chkHi);

            // King moves: the king may not stand where it is attacked once it has left its square.
            int ktc = at.royalType * 2 + us;
            long kOccLo = occLo, kOccHi = occHi;
            if (ksq < 64) kOccLo &= ~(1L << ksq); else kOccHi &= ~(1L << (ksq - 64));
            long dLo, dHi;
            ride(ksq, at.rideCapDirs[ktc], occLo, occHi);
            dLo = (at.leapMoveLo[ktc * n + ksq] & ~occLo) | (at.leapCapLo[ktc * n + ksq] & themLo) | (rLo & ~usLo);
            dHi = (at.leapMoveHi[ktc * n + ksq] & ~occHi) | (at.leapCapHi[ktc * n + ksq] & themHi) | (rHi & ~usHi);
            for (long b = dLo; b != 0; b &= b - 1) {
                int to = Long.numberOfTrailingZeros(b);
                if (!attacked(to, them, kOccLo, kOccHi)) out[idx++] = move(ksq, to, NORMAL, 0);
            }
            for (long b = dHi; b != 0; b &= b - 1) {
                int to = 64 + Long.numberOfTrailingZeros(b);
                if (!attacked(to, them, kOccLo, kOccHi)) out[idx++] = move(ksq, to, NORMAL, 0);
            }
            if (checks > 1) return idx;
            if (checks == 1) {
                int c = chkLo != 0 ? Long.numberOfTrailingZeros(chkLo) : 64 + Long.numberOfTrailingZeros(chkHi);
                tgtLo = chkLo;
                tgtHi = chkHi;
                int ctc = squares[c] - 1;
                // A rider's check can be blocked; a leaper's cannot (it jumps), even when the squares line up.
                boolean leaps = has(at.leapCapLo[ctc * n + c], at.leapCapHi[ctc * n + c], ksq);
                if (!leaps) {
                    tgtLo |= at.betweenLo[ksq * n + c];
                    tgtHi |= at.betweenHi[ksq * n + c];
                }
            }

            // Pins: an enemy rider aligned with the king with exactly one of our pieces between.
            int[][] groups = at.groupDirs[them];
            for (int g = 0; g < groups.length; g++) {
                int mask = at.groupTypes[them][g];
                long gl = 0, gh = 0;
                for (int t = 0; mask != 0; t++, mask >>>= 1) {
                    if ((mask & 1) != 0) {
                        gl |= pLo[t * 2 + them];
                        gh |= pHi[t * 2 + them];
                    }
                }
                gl &= at.groupEmptyLo[them][g * n + ksq];
                gh &= at.groupEmptyHi[them][g * n + ksq];
                while ((gl | gh) != 0) {
                    int p;
                    if (gl != 0) {
                        p = Long.numberOfTrailingZeros(gl);
                        gl &= gl - 1;
                    } else {
                        p = 64 + Long.numberOfTrailingZeros(gh);
                        gh &= gh - 1;
                    }
                    int i = ksq * n + p;
                    long bl = at.betweenLo[i] & occLo, bh = at.betweenHi[i] & occHi;
                    if (Long.bitCount(bl) + Long.bitCount(bh) != 1) continue;
                    if (((bl & usLo) | (bh & usHi)) == 0) continue;
                    int s = bl != 0 ? Long.numberOfTrailingZeros(bl) : 64 + Long.numberOfTrailingZeros(bh);
                    pinnedLo |= bl;
                    pinnedHi |= bh;
                    pinLo[s] = at.betweenLo[i] | (p < 64 ? 1L << p : 0);
                    pinHi[s] = at.betweenHi[i] | (p >= 64 ? 1L << (p - 64) : 0);
                }
            }
        }

        // Every other piece.
        for (int t = 0; t < at.typeCount; t++) {
            if (t == at.royalType && ksq >= 0) continue;
            int tc = t * 2 + us;
            long bbLo = pLo[tc], bbHi = pHi[tc];
            boolean pawn = t == at.pawnType;
            int[] capDirs = at.rideCapDirs[tc];
            int[] moveDirs = at.rideMoveDirs[tc];
            boolean same = at.rideSame[tc];
            while ((bbLo | bbHi) != 0) {
                int s;
                if (bbLo != 0) {
                    s = Long.numberOfTrailingZeros(bbLo);
                    bbLo &= bbLo - 1;
                } else {
                    s = 64 + Long.numberOfTrailingZeros(bbHi);
                    bbHi &= bbHi - 1;
                }
                int i = tc * n + s;
                long dLo = (at.leapMoveLo[i] & ~occLo) | (at.leapCapLo[i] & themLo);
                long dHi = (at.leapMoveHi[i] & ~occHi) | (at.leapCapHi[i] & themHi);
                if (capDirs.length > 0 || moveDirs.length > 0) {
                    if (same) {
                        ride(s, capDirs, occLo, occHi);
                        dLo |= rLo & ~usLo;
                        dHi |= rHi & ~usHi;
                    } else {
                        ride(s, capDirs, occLo, occHi);
                        dLo |= rLo & themLo;
                        dHi |= rHi & themHi;
                        ride(s, moveDirs, occLo, occHi);
                        dLo |= rLo & ~occLo;
                        dHi |= rHi & ~occHi;
                    }
                }
                long limLo = tgtLo, limHi = tgtHi;
                if (has(pinnedLo, pinnedHi, s)) {
                    limLo &= pinLo[s];
                    limHi &= pinHi[s];
                }
                dLo &= limLo;
                dHi &= limHi;
                if (pawn) {
                    idx = pawnMoves(out, idx, s, dLo, dHi, us);
                    if (variant.pawnDoubleStep() && s / files == (us == 0 ? 1 : ranks - 2)) {
                        int one = s + forward(us), two = one + forward(us);
                        if (squares[one] == 0 && squares[two] == 0 && has(limLo, limHi, two)) {
                            out[idx++] = move(s, two, DOUBLE, 0);
                        }
                    }
                } else {
                    for (long b = dLo; b != 0; b &= b - 1) out[idx++] = move(s, Long.numberOfTrailingZeros(b), NORMAL, 0);
                    for (long b = dHi; b != 0; b &= b - 1) out[idx++] = move(s, 64 + Long.numberOfTrailingZeros(b), NORMAL, 0);
                }
            }
        }

        if (ep >= 0 && at.pawnType >= 0) idx = enPassant(out, idx, us, occLo, occHi);
        if (checks == 0 && ksq >= 0) idx = castling(out, idx, us, ksq, occLo, occHi);
        return idx;
    }

    /**
     * Courier's bare-king rule, part of move generation: the game is over when the side not to move has only its
     * king while the side to move has two units or more, or when the side to move has only its king while the
     * opponent has three or more (a bare king facing king and one unit gets one move to take it).
     */
    boolean bareKingEnds() {
        int mine = Long.bitCount(cLo[turn]) + Long.bitCount(cHi[turn]);
        int theirs = Long.bitCount(cLo[turn ^ 1]) + Long.bitCount(cHi[turn ^ 1]);
        return (theirs == 1 && mine >= 2) || (mine == 1 && theirs >= 3);
    }

    /**
     * The compulsory opening jumps while the side still has one to make; -1 when its ceremony is over. A jump is
     * still to make while its piece stands on the origin square (during the ceremony nothing else moves).
     */
    private int openingJumps(int[] out, int idx, int us) {
        int[] from = at.jumpFrom[us], to = at.jumpTo[us], piece = at.jumpPiece[us];
        boolean pending = false;
        for (int k = 0; k < from.length; k++) {
            if (pieceAt(from[k]) != piece[k]) continue;
            pending = true;
            if (squares[to[k]] != 0) continue;
            if (((at.jumpPathLo[us][k] & (cLo[0] | cLo[1])) | (at.jumpPathHi[us][k] & (cHi[0] | cHi[1]))) != 0) continue;
            out[idx++] = move(from[k], to[k], NORMAL, 0);
        }
        return pending ? idx : -1;
    }

    private int pawnMoves(int[] out, int idx, int s, long dLo, long dHi, int us) {
        int lastRank = us == 0 ? ranks - 1 : 0;
        for (long b = dLo; b != 0; b &= b - 1) idx = pawnMove(out, idx, s, Long.numberOfTrailingZeros(b), lastRank);
        for (long b = dHi; b != 0; b &= b - 1) idx = pawnMove(out, idx, s, 64 + Long.numberOfTrailingZeros(b), lastRank);
        return idx;
    }

    private int pawnMove(int[] out, int idx, int from, int to, int lastRank) {
        if (to / files == lastRank && variant.promotionDelay() == 0) {
            for (PieceType p : variant.promotions()) {
                out[idx++] = move(from, to, PROMOTION, variant.pieces().indexOf(p));
            }
        } else {
            out[idx++] = move(from, to, NORMAL, 0);
        }
        return idx;
    }

    private int enPassant(int[] out, int idx, int us, long occLo, long occHi) {
        int ptc = at.pawnType * 2 + us;
        int rev = ptc * n + ep;
        long cand = at.leapCapRevLo[rev] & pLo[ptc], candHi = at.leapCapRevHi[rev] & pHi[ptc];
        int victim = ep - forward(us);
        int ksq = kingSq[us];
        while ((cand | candHi) != 0) {
            int s;
            if (cand != 0) {
                s = Long.numberOfTrailingZeros(cand);
                cand &= cand - 1;
            } else {
                s = 64 + Long.numberOfTrailingZeros(candHi);
                candHi &= candHi - 1;
            }
            // Rare enough to test by simulation: covers the rank pin and a checking pawn taken en passant.
            long ol = occLo, oh = occHi;
            if (s < 64) ol &= ~(1L << s); else oh &= ~(1L << (s - 64));
            if (victim < 64) ol &= ~(1L << victim); else oh &= ~(1L << (victim - 64));
            if (ep < 64) ol |= 1L << ep; else oh |= 1L << (ep - 64);
            if (ksq < 0 || !attacked(ksq, us ^ 1, ol, oh)) out[idx++] = move(s, ep, EN_PASSANT, 0);
        }
        return idx;
    }

    private int castling(int[] out, int idx, int us, int ksq, long occLo, long occHi) {
        for (int side = 0; side < 2; side++) {
            int rs = castleRook[us * 2 + side];
            if (rs < 0) continue;
            int kTo = castleKingTo(ksq, rs), rTo = castleRookTo(ksq, rs);
            int lo = Math.min(Math.min(ksq, kTo), Math.min(rs, rTo));
            int hi = Math.max(Math.max(ksq, kTo), Math.max(rs, rTo));
            boolean ok = true;
            for (int sq = lo; sq <= hi && ok; sq++) {
                if (sq != ksq && sq != rs && squares[sq] != 0) ok = false;
            }
            if (!ok) continue;
            long ol = occLo, oh = occHi;
            if (ksq < 64) ol &= ~(1L << ksq); else oh &= ~(1L << (ksq - 64));
            if (rs < 64) ol &= ~(1L << rs); else oh &= ~(1L << (rs - 64));
            int step = kTo >= ksq ? 1 : -1;
            for (int sq = ksq; ; sq += step) {
                if (attacked(sq, us ^ 1, ol, oh)) {
                    ok = false;
                    break;
                }
                if (sq == kTo) break;
            }
            if (ok) out[idx++] = move(ksq, rs, CASTLE, 0);
        }
        return idx;
    }

    // ---- perft -------------------------------------------------------------------------------------------------

    private int[][] perftBuffers;

    /** Counts leaf nodes; the last ply is counted in bulk from the move count. */
    long perft(int depth) {
        if (depth <= 0) return 1;
        if (perftBuffers == null || perftBuffers.length < depth + 1) perftBuffers = new int[depth + 1][MAX_MOVES];
        return perftRec(depth);
    }

    private long perftRec(int depth) {
        int[] moves = perftBuffers[depth];
        int count = generate(moves, 0);
        if (depth == 1) return count;
        long nodes = 0;
        for (int i = 0; i < count; i++) {
            int m = moves[i];
            make(m);
            nodes += perftRec(depth - 1);
            unmake(m);
        }
        return nodes;
    }
}
