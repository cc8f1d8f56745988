package org.marelle.rules;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A kind of piece, described as data: its FEN letter, its name and its movement in Betza notation.
 *
 * <p>Movement is compiled once into leaps (jumps to a fixed offset, over anything) and rides (repeated steps
 * along a direction until blocked). No piece has code of its own: a Courier ferz, alfil or Mann is just another
 * description, e.g. {@code PieceType.of('F', "ferz", "F")}.
 *
 * <p>The Betza subset understood here:
 * <ul>
 *   <li>atoms {@code W} (1,0) wazir, {@code F} (1,1) ferz, {@code D} (2,0) dabbaba, {@code N} (2,1) knight,
 *       {@code A} (2,2) alfil, {@code H} (3,0), {@code C} (3,1) camel, {@code Z} (3,2) zebra, {@code G} (3,3);</li>
 *   <li>shorthands {@code K} = WF (king or man), {@code R} = WW (rook), {@code B} = FF (bishop),
 *       {@code Q} = RB (queen);</li>
 *   <li>an atom written twice rides ({@code WW} is the rook, {@code NN} the nightrider); a digit after an atom
 *       limits the ride to that many steps;</li>
 *   <li>prefixes {@code m} (moves only, no capture), {@code c} (captures only), and the direction filters
 *       {@code f} forward, {@code b} backward, {@code l} left, {@code r} right, {@code v} vertical,
 *       {@code s} sideways, seen from White; Black's moves are mirrored.</li>
 * </ul>
 * The pawn is {@code fmWfcF} plus the {@link #pawn()} flag, which lets a variant add its double step, en passant
 * and promotion.
 *
 * {@snippet :
 * PieceType alfil = PieceType.of('E', "alfil", "A");   // leaps two squares diagonally
 * alfil.betza();                                        // "A"
 * }
 */
public final class PieceType {

    /** Movement mode bits of a compiled atom. */
    static final int MOVE = 1, CAPTURE = 2;

    /**
     * One compiled movement atom, from White's side: a step {@code (dx, dy)}, whether it is repeated (ride, up to
     * {@code range} steps, 0 = unlimited) and which modes it serves.
     */
    record Atom(int dx, int dy, boolean ride, int range, int modes) {
    }

    public static final PieceType PAWN = new PieceType('P', "pawn", "fmWfcF", false, true);
    public static final PieceType KNIGHT = of('N', "knight", "N");
    public static final PieceType BISHOP = of('B', "bishop", "B");
    public static final PieceType ROOK = of('R', "rook", "R");
    public static final PieceType QUEEN = of('Q', "queen", "Q");
    public static final PieceType KING = royal('K', "king", "K");

    // Courier chess (letters as Fairy-Stockfish, Cute Chess and pychess write them).
    /** The medieval "queen": one step diagonally. */
    public static final PieceType FERZ = of('F', "ferz", "F");
    /** The Mann (sage): one step any direction, like a king but not royal. */
    public static final PieceType MANN = of('M', "mann", "K");
    /** The Schleich (jester): one step orthogonally. */
    public static final PieceType SCHLEICH = of('W', "schleich", "W");
    /** The courier that names the game: the modern bishop's move. */
    public static final PieceType COURIER = of('B', "courier", "B");
    /** The old bishop: leaps exactly two squares diagonally, over anything. */
    public static final PieceType ALFIL = of('E', "alfil", "A");

    private final char letter;
    private final String name;
    private final String betza;
    private final boolean royal;
    private final boolean pawn;
    private final List<Atom> atoms;

    private PieceType(char letter, String name, String betza, boolean royal, boolean pawn) {
        if (letter < 'A' || letter > 'Z') {
            throw new IllegalArgumentException("piece letter '" + letter + "' must be an upper-case letter A-Z");
        }
        this.letter = letter;
        this.name = name;
        this.betza = betza;
        this.royal = royal;
        this.pawn = pawn;
        this.atoms = List.copyOf(compile(betza));
    }

    /** A non-royal piece, e.g. {@code of('N', "knight", "N")}. */
    public static PieceType of(char letter, String name, String betza) {
        return new PieceType(letter, name, betza, false, false);
    }

    /** A royal piece: it may not be left in check, and capturing it is never a move. */
    public static PieceType royal(char letter, String name, String betza) {
        return new PieceType(letter, name, betza, true, false);
    }

    /** A pawn-like piece; the variant decides its double step, en passant and promotion. */
    public static PieceType pawn(char letter, String name, String betza) {
        return new PieceType(letter, name, betza, false, true);
    }

    public char letter() {
        return letter;
    }

    public String name() {
        return name;
    }

    public String betza() {
        return betza;
    }

    public boolean royal() {
        return royal;
    }

    public boolean pawn() {
        return pawn;
    }

    List<Atom> atoms() {
        return atoms;
    }

    @Override
    public String toString() {
        return name + " (" + letter + ", " + betza + ")";
    }

    // ---- Betza ------------------------------------------------------------------------------------------------

    private static List<Atom> compile(String betza) {
        if (betza == null || betza.isEmpty()) {
            throw new IllegalArgumentException("empty Betza movement");
        }
        List<Atom> out = new ArrayList<>();
        int i = 0;
        while (i < betza.length()) {
            int start = i;
            StringBuilder mods = new StringBuilder();
            while (i < betza.length() && "mcfblrvs".indexOf(betza.charAt(i)) >= 0) {
                mods.append(betza.charAt(i++));
            }
            if (i >= betza.length()) {
                throw new IllegalArgumentException("Betza '" + betza + "': modifiers '" + mods + "' at " + start + " have no atom");
            }
            char atom = betza.charAt(i++);
            List<int[]> steps = new ArrayList<>();
            boolean ride = false;
            switch (atom) {
                case 'K' -> { steps.add(new int[] {1, 0}); steps.add(new int[] {1, 1}); }
                case 'R' -> { steps.add(new int[] {1, 0}); ride = true; }
                case 'B' -> { steps.add(new int[] {1, 1}); ride = true; }
                case 'Q' -> { steps.add(new int[] {1, 0}); steps.add(new int[] {1, 1}); ride = true; }
                default -> {
                    int[] step = atomStep(atom);
                    if (step == null) {
                        throw new IllegalArgumentException("Betza '" + betza + "': unknown atom '" + atom + "' at " + (i - 1));
                    }
                    steps.add(step);
                    if (i < betza.length() && betza.charAt(i) == atom) {
                        ride = true;
                        i++;
                    }
                }
            }
            int range = 0;
            if (i < betza.length() && Character.isDigit(betza.charAt(i))) {
                range = betza.charAt(i++) - '0';
                if (range == 1) {
                    ride = false;
                } else {
                    ride = true;
                }
            }
            int modes = 0;
            if (mods.indexOf("m") >= 0) modes |= MOVE;
            if (mods.indexOf("c") >= 0) modes |= CAPTURE;
            if (modes == 0) modes = MOVE | CAPTURE;
            for (int[] step : steps) {
                for (int[] d : directions(step[0], step[1])) {
                    if (accepts(mods, d[0], d[1])) {
                        out.add(new Atom(d[0], d[1], ride, range, modes));
                    }
                }
            }
        }
        return out;
    }

    private static int[] atomStep(char atom) {
        return switch (atom) {
            case 'W' -> new int[] {1, 0};
            case 'F' -> new int[] {1, 1};
            case 'D' -> new int[] {2, 0};
            case 'N' -> new int[] {2, 1};
            case 'A' -> new int[] {2, 2};
            case 'H' -> new int[] {3, 0};
            case 'C' -> new int[] {3, 1};
            case 'Z' -> new int[] {3, 2};
            case 'G' -> new int[] {3, 3};
            default -> null;
        };
    }

    /** All distinct reflections and rotations of a step. */
    private static Set<List<Integer>> directionSet(int a, int b) {
        Set<List<Integer>> set = new LinkedHashSet<>();
        int[][] base = {{a, b}, {b, a}};
        for (int[] p : base) {
            for (int sx = -1; sx <= 1; sx += 2) {
                for (int sy = -1; sy <= 1; sy += 2) {
                    set.add(List.of(p[0] * sx, p[1] * sy));
                }
            }
        }
        return set;
    }

    private static List<int[]> directions(int a, int b) {
        List<int[]> out = new ArrayList<>();
        for (List<Integer> d : directionSet(a, b)) {
            out.add(new int[] {d.get(0), d.get(1)});
        }
        return out;
    }

    /** Direction filters: letters of the same group (f/b/v/s, l/r) add up; the two groups intersect. */
    private static boolean accepts(CharSequence mods, int dx, int dy) {
        boolean anyVertical = false, vertical = false, anySide = false, side = false;
        for (int i = 0; i < mods.length(); i++) {
            switch (mods.charAt(i)) {
                case 'f' -> { anyVertical = true; vertical |= dy > 0; }
                case 'b' -> { anyVertical = true; vertical |= dy < 0; }
                case 'v' -> { anyVertical = true; vertical |= Math.abs(dy) > Math.abs(dx); }
                case 's' -> { anyVertical = true; vertical |= Math.abs(dx) > Math.abs(dy); }
                case 'l' -> { anySide = true; side |= dx < 0; }
                case 'r' -> { anySide = true; side |= dx > 0; }
                default -> { }
            }
        }
        return (!anyVertical || vertical) && (!anySide || side);
    }
}
