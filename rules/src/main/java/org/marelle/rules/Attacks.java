package org.marelle.rules;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.marelle.geometry.BoardGeometry;

/**
 * Per-variant lookup tables, built once from the variant's piece descriptions: leap targets per square, ray masks
 * per direction, the squares between two aligned squares. Square sets are pairs of longs ({@code lo}: squares
 * 0–63, {@code hi}: 64–127), stored in flat arrays indexed {@code [kind * n + square]} to stay cache friendly.
 *
 * <p>Index {@code tc = type * 2 + color} selects one piece type of one colour, since forward-only atoms (the pawn)
 * differ by colour.
 */
final class Attacks {

    final BoardGeometry geometry;
    final int n;
    final int files;
    final int typeCount;
    final int pawnType;     // index of the pawn type, or -1
    final int royalType;    // index of the royal type

    /** Leap targets for quiet moves and for captures, and the reverse capture table (who could capture here). */
    final long[] leapMoveLo, leapMoveHi, leapCapLo, leapCapHi, leapCapRevLo, leapCapRevHi;
    /** Whether a (type, colour) has any leap atom, any capturing leap, any ride. */
    final boolean[] hasLeap, hasCapLeap;

    /** Ride directions by (type, colour): those that move and those that capture. */
    final int[][] rideMoveDirs, rideCapDirs;
    final boolean[] rideSame;

    /** Directions: step, whether the index grows along it, range limit (0 = none), rays per square. */
    final int[] dirDx, dirDy, dirRange;
    final boolean[] dirPositive;
    final long[] rayLo, rayHi;

    /**
     * Attack groups per attacking colour: for each group, the directions to look along from the attacked square, and
     * the bitmask of type indexes that attack along them. Queens join both the rook and the bishop group.
     */
    final int[][][] groupDirs;
    final int[][] groupTypes;
    /** Per attacking colour and group, the union of the group's rays on an empty board, per square. */
    final long[][] groupEmptyLo, groupEmptyHi;

    /** Squares strictly between two squares aligned along a ride direction; and that direction (or -1). */
    final long[] betweenLo, betweenHi;
    final byte[] dirBetween;

    /** Leaper types able to capture, for attack detection. */
    final int[] capLeaperTypes;

    /** Compulsory opening jumps by colour: origin, destination, squares between, and the jumping piece's code. */
    final int[][] jumpFrom, jumpTo, jumpPiece;
    final long[][] jumpPathLo, jumpPathHi;

    /** Zobrist keys. */
    final long[] zPiece;      // [(type*2+color) * n + square]
    final long[] zCastle;     // [color * n + rookSquare]
    final long[] zEpFile;     // [file]
    final long[] zWait;       // [square]: a pawn that has waited one move on its last rank
    final long zBlack;

    Attacks(Variant v) {
        geometry = v.geometry();
        n = geometry.squareCount();
        files = geometry.files();
        List<PieceType> types = v.pieces();
        typeCount = types.size();
        pawnType = indexOf(types, true);
        int royal = -1;
        for (int t = 0; t < typeCount; t++) if (types.get(t).royal()) royal = t;
        royalType = royal;

        int tcCount = typeCount * 2;
        leapMoveLo = new long[tcCount * n];
        leapMoveHi = new long[tcCount * n];
        leapCapLo = new long[tcCount * n];
        leapCapHi = new long[tcCount * n];
        leapCapRevLo = new long[tcCount * n];
        leapCapRevHi = new long[tcCount * n];
        hasLeap = new boolean[tcCount];
        hasCapLeap = new boolean[tcCount];
        rideMoveDirs = new int[tcCount][];
        rideCapDirs = new int[tcCount][];
        rideSame = new boolean[tcCount];

        // Collect every ride direction (with its range) used by any piece of either colour, plus its reverse.
        Map<List<Integer>, Integer> dirIndex = new LinkedHashMap<>();
        for (PieceType p : types) {
            for (PieceType.Atom a : p.atoms()) {
                if (!a.ride()) continue;
                for (int s = 1; s >= -1; s -= 2) {
                    dirIndex.putIfAbsent(List.of(a.dx(), a.dy() * s, a.range()), dirIndex.size());
                    dirIndex.putIfAbsent(List.of(-a.dx(), -a.dy() * s, a.range()), dirIndex.size());
                }
            }
        }
        int dirs = dirIndex.size();
        dirDx = new int[dirs];
        dirDy = new int[dirs];
        dirRange = new int[dirs];
        dirPositive = new boolean[dirs];
        rayLo = new long[dirs * n];
        rayHi = new long[dirs * n];
        for (Map.Entry<List<Integer>, Integer> e : dirIndex.entrySet()) {
            int d = e.getValue();
            dirDx[d] = e.getKey().get(0);
            dirDy[d] = e.getKey().get(1);
            dirRange[d] = e.getKey().get(2);
            dirPositive[d] = dirDy[d] * files + dirDx[d] > 0;
            for (int sq = 0; sq < n; sq++) {
                int f = geometry.file(sq) + dirDx[d], r = geometry.rank(sq) + dirDy[d];
                int steps = 0;
                while (geometry.contains(f, r) && (dirRange[d] == 0 || steps < dirRange[d])) {
                    set(rayLo, rayHi, d * n + sq, geometry.square(f, r));
                    f += dirDx[d];
                    r += dirDy[d];
                    steps++;
                }
            }
        }

        for (int t = 0; t < typeCount; t++) {
            for (int c = 0; c < 2; c++) {
                int tc = t * 2 + c;
                int sign = c == 0 ? 1 : -1;   // Black's moves are White's mirrored top to bottom
                List<Integer> moveDirs = new ArrayList<>(), capDirs = new ArrayList<>();
                for (PieceType.Atom a : types.get(t).atoms()) {
                    int dx = a.dx(), dy = a.dy() * sign;
                    if (a.ride()) {
                        int d = dirIndex.get(List.of(dx, dy, a.range()));
                        if ((a.modes() & PieceType.MOVE) != 0 && !moveDirs.contains(d)) moveDirs.add(d);
                        if ((a.modes() & PieceType.CAPTURE) != 0 && !capDirs.contains(d)) capDirs.add(d);
                        continue;
                    }
                    hasLeap[tc] = true;
                    if ((a.modes() & PieceType.CAPTURE) != 0) hasCapLeap[tc] = true;
                    for (int sq = 0; sq < n; sq++) {
                        int f = geometry.file(sq) + dx, r = geometry.rank(sq) + dy;
                        if (!geometry.contains(f, r)) continue;
                        int to = geometry.square(f, r);
                        if ((a.modes() & PieceType.MOVE) != 0) set(leapMoveLo, leapMoveHi, tc * n + sq, to);
                        if ((a.modes() & PieceType.CAPTURE) != 0) {
                            set(leapCapLo, leapCapHi, tc * n + sq, to);
                            set(leapCapRevLo, leapCapRevHi, tc * n + to, sq);
                        }
                    }
                }
                rideMoveDirs[tc] = moveDirs.stream().mapToInt(Integer::intValue).toArray();
                rideCapDirs[tc] = capDirs.stream().mapToInt(Integer::intValue).toArray();
                rideSame[tc] = Arrays.equals(rideMoveDirs[tc], rideCapDirs[tc]);
            }
        }
        List<Integer> leapers = new ArrayList<>();
        for (int t = 0; t < typeCount; t++) if (hasCapLeap[t * 2] || hasCapLeap[t * 2 + 1]) leapers.add(t);
        capLeaperTypes = leapers.stream().mapToInt(Integer::intValue).toArray();

        // Attack groups: a piece of colour c riding along d attacks a square that sees it along reverse(d).
        groupDirs = new int[2][][];
        groupTypes = new int[2][];
        groupEmptyLo = new long[2][];
        groupEmptyHi = new long[2][];
        for (int c = 0; c < 2; c++) {
            int[] typesAlong = new int[dirs];
            for (int t = 0; t < typeCount; t++) {
                for (int d : rideCapDirs[t * 2 + c]) {
                    typesAlong[reverse(d)] |= 1 << t;
                }
            }
            Map<Integer, List<Integer>> byMask = new LinkedHashMap<>();
            for (int d = 0; d < dirs; d++) {
                if (typesAlong[d] != 0) byMask.computeIfAbsent(typesAlong[d], k -> new ArrayList<>()).add(d);
            }
            int g = 0;
            groupDirs[c] = new int[byMask.size()][];
            groupTypes[c] = new int[byMask.size()];
            groupEmptyLo[c] = new long[byMask.size() * n];
            groupEmptyHi[c] = new long[byMask.size() * n];
            for (Map.Entry<Integer, List<Integer>> e : byMask.entrySet()) {
                groupTypes[c][g] = e.getKey();
                groupDirs[c][g] = e.getValue().stream().mapToInt(Integer::intValue).toArray();
                for (int sq = 0; sq < n; sq++) {
                    for (int d : groupDirs[c][g]) {
                        groupEmptyLo[c][g * n + sq] |= rayLo[d * n + sq];
                        groupEmptyHi[c][g * n + sq] |= rayHi[d * n + sq];
                    }
                }
                g++;
            }
        }

        betweenLo = new long[n * n];
        betweenHi = new long[n * n];
        dirBetween = new byte[n * n];
        Arrays.fill(dirBetween, (byte) -1);
        for (int d = 0; d < dirs; d++) {
            for (int a = 0; a < n; a++) {
                long bl = 0, bh = 0;
                int f = geometry.file(a) + dirDx[d], r = geometry.rank(a) + dirDy[d];
                int steps = 0;
                while (geometry.contains(f, r) && (dirRange[d] == 0 || steps < dirRange[d])) {
                    int b = geometry.square(f, r);
                    if (dirBetween[a * n + b] < 0) {
                        dirBetween[a * n + b] = (byte) d;
                        betweenLo[a * n + b] = bl;
                        betweenHi[a * n + b] = bh;
                    }
                    if (b < 64) bl |= 1L << b; else bh |= 1L << (b - 64);
                    f += dirDx[d];
                    r += dirDy[d];
                    steps++;
                }
            }
        }

        List<String> jumps = v.openingJumps();
        jumpFrom = new int[2][jumps.size()];
        jumpTo = new int[2][jumps.size()];
        jumpPiece = new int[2][jumps.size()];
        jumpPathLo = new long[2][jumps.size()];
        jumpPathHi = new long[2][jumps.size()];
        for (int c = 0; c < 2; c++) {
            for (int k = 0; k < jumps.size(); k++) {
                int from = geometry.parseSquare(jumps.get(k).substring(0, 2));
                int to = geometry.parseSquare(jumps.get(k).substring(2));
                if (c == 1) {
                    from = geometry.square(geometry.file(from), geometry.ranks() - 1 - geometry.rank(from));
                    to = geometry.square(geometry.file(to), geometry.ranks() - 1 - geometry.rank(to));
                }
                jumpFrom[c][k] = from;
                jumpTo[c][k] = to;
                int df = Integer.signum(geometry.file(to) - geometry.file(from));
                int dr = Integer.signum(geometry.rank(to) - geometry.rank(from));
                int f = geometry.file(from) + df, r = geometry.rank(from) + dr;
                while (geometry.square(f, r) != to) {
                    int sq = geometry.square(f, r);
                    if (sq < 64) jumpPathLo[c][k] |= 1L << sq; else jumpPathHi[c][k] |= 1L << (sq - 64);
                    f += df;
                    r += dr;
                }
                jumpPiece[c][k] = -1;   // filled from the start position below
            }
        }
        if (!jumps.isEmpty()) {
            String placement = v.startFen().split(" ")[0];
            String[] rows = placement.split("/");
            for (int c = 0; c < 2; c++) {
                for (int k = 0; k < jumps.size(); k++) {
                    int from = jumpFrom[c][k];
                    String row = rows[geometry.ranks() - 1 - geometry.rank(from)];
                    char letter = letterAt(row, geometry.file(from));
                    PieceType type = v.pieceType(letter);
                    if (type == null) {
                        throw new IllegalArgumentException("variant " + v.name() + ": opening jump from the empty square "
                                + geometry.squareName(from));
                    }
                    jumpPiece[c][k] = types.indexOf(type) * 2 + c;
                }
            }
        }

        // Fixed seed: keys must be the same in every run so that hashes in tests and journals are stable.
        java.util.SplittableRandom rnd = new java.util.SplittableRandom(0x6D6172656C6C65L);
        zPiece = new long[tcCount * n];
        for (int i = 0; i < zPiece.length; i++) zPiece[i] = rnd.nextLong();
        zCastle = new long[2 * n];
        for (int i = 0; i < zCastle.length; i++) zCastle[i] = rnd.nextLong();
        zEpFile = new long[files];
        for (int i = 0; i < files; i++) zEpFile[i] = rnd.nextLong();
        zBlack = rnd.nextLong();
        zWait = new long[n];
        for (int i = 0; i < n; i++) zWait[i] = rnd.nextLong();
    }

    private static char letterAt(String row, int file) {
        int f = 0;
        for (int i = 0; i < row.length(); i++) {
            char ch = row.charAt(i);
            if (Character.isDigit(ch)) {
                int j = i;
                while (j < row.length() && Character.isDigit(row.charAt(j))) j++;
                f += Integer.parseInt(row.substring(i, j));
                i = j - 1;
                if (f > file) return ' ';
            } else {
                if (f == file) return ch;
                f++;
            }
        }
        return ' ';
    }

    private int reverse(int d) {
        for (int e = 0; e < dirDx.length; e++) {
            if (dirDx[e] == -dirDx[d] && dirDy[e] == -dirDy[d] && dirRange[e] == dirRange[d]) return e;
        }
        throw new IllegalStateException("no reverse direction");
    }

    private static int indexOf(List<PieceType> types, boolean pawn) {
        for (int t = 0; t < types.size(); t++) if (types.get(t).pawn() == pawn) return t;
        return -1;
    }

    private static void set(long[] lo, long[] hi, int index, int square) {
        if (square < 64) lo[index] |= 1L << square; else hi[index] |= 1L << (square - 64);
    }
}
