package org.marelle.rules.notation;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.marelle.rules.AmbiguousMoveException;
import org.marelle.rules.Color;
import org.marelle.rules.IllegalMoveException;
import org.marelle.rules.InvalidMoveException;
import org.marelle.rules.Move;
import org.marelle.rules.Position;

/**
 * A whole line of moves in a notation: written as numbered text ({@code 1. Cf3 d5 2. g3 Fg4 … ½-½}), read back from
 * such text.
 *
 * {@snippet :
 * MoveNotation fr = Notations.byName("fr");
 * MoveText.Read game = MoveText.read(Position.start(Variant.STANDARD), "1. e4 e5 2. Cf3 (=) Cc6", fr);
 * game.moves();        // three moves
 * game.drawOffers();   // {2}: the third half-move carries a draw offer
 * }
 */
public final class MoveText {

    /** Where the writer breaks lines, as PGN does. */
    public static final int LINE_WIDTH = 80;

    private static final Pattern MOVE_NUMBER = Pattern.compile("\\d+\\.+");
    private static final Pattern NUMBER_PREFIX = Pattern.compile("^\\d+\\.+(?=\\D)");
    private static final Set<String> RESULTS = Set.of("1-0", "0-1", "1/2-1/2", "½-½", "1/2", "*");
    /** Words that belong to the move before them: en passant marks and check words ("e.p.", "ch", "dis ch"). */
    private static final Pattern TRAILER = Pattern.compile("(?:e\\.?p\\.?)?(?:(?:dis|dbl)\\.?)?(?:ch\\.?|mate|mat|éch\\.?|[+#]+)?");
    /** Words after "Castles" that say which side: "Castles KR". */
    private static final Set<String> CASTLES_SIDES = Set.of("kr", "qr", "k", "q", "kingside", "queenside");

    private MoveText() {
    }

    /**
     * The moves as numbered text, lines of at most {@link #LINE_WIDTH} characters, ending with the result as the
     * notation writes it. A move in {@code drawOffers} (index into {@code moves}) is followed by {@code (=)}.
     */
    public static String write(Position initial, List<Move> moves, MoveNotation notation, String result,
            Set<Integer> drawOffers) {
        List<String> words = new ArrayList<>();
        Position p = initial;
        int number = initial.fullmoveNumber();
        for (int i = 0; i < moves.size(); i++) {
            Move m = moves.get(i);
            String text = notation.write(p, m) + (drawOffers.contains(i) ? " (=)" : "");
            if (p.turn() == Color.WHITE) {
                words.add(number + ". " + text);
            } else if (i == 0) {
                words.add(number + "... " + text);
            } else {
                words.add(text);
            }
            if (p.turn() == Color.BLACK) {
                number++;
            }
            p = p.play(m);
        }
        if (result != null) {
            words.add(notation.result(result));
        }
        StringBuilder out = new StringBuilder();
        int column = 0;
        for (String w : words) {
            if (column > 0 && column + 1 + w.length() > LINE_WIDTH) {
                out.append('\n');
                column = 0;
            } else if (column > 0) {
                out.append(' ');
                column++;
            }
            out.append(w);
            column += w.length();
        }
        return out.toString();
    }

    /** The same, without draw offers. */
    public static String write(Position initial, List<Move> moves, MoveNotation notation, String result) {
        return write(initial, moves, notation, result, Set.of());
    }

    /**
     * Moves read from text.
     *
     * @param moves      the moves, in order
     * @param drawOffers indexes of the moves followed by a draw offer {@code (=)}
     * @param result     the result at the end of the text, in PGN form, or null when there was none
     * @param end        the position after the last move
     */
    public record Read(List<Move> moves, Set<Integer> drawOffers, String result, Position end) {
        public Read {
            moves = List.copyOf(moves);
            drawOffers = Collections.unmodifiableSet(new TreeSet<>(drawOffers));
        }
    }

    /**
     * Reads whitespace-separated moves in a notation, skipping move numbers ({@code 1.}, {@code 12...},
     * {@code 1.e4}); a result ends the text. Errors are the notation's, with the move's number and side in front:
     * {@code "move 3... 'Cxe9': …"}.
     */
    public static Read read(Position initial, String text, MoveNotation notation) {
        List<String> tokens = tokens(text);
        List<Move> moves = new ArrayList<>();
        Set<Integer> offers = new TreeSet<>();
        String result = null;
        Position p = initial;
        for (String token : tokens) {
            if (token.equals("(=)")) {
                if (!moves.isEmpty()) {
                    offers.add(moves.size() - 1);
                }
                continue;
            }
            if (RESULTS.contains(token)) {
                result = token.equals("½-½") || token.equals("1/2") ? "1/2-1/2" : token;
                break;
            }
            boolean offer = LocalisedSan.offersDraw(token);
            Move m;
            try {
                m = notation.read(p, token);
            } catch (IllegalArgumentException e) {
                throw located(e, p, token);
            }
            if (offer) {
                offers.add(moves.size());
            }
            moves.add(m);
            p = p.play(m);
        }
        return new Read(moves, offers, result, p);
    }

    /** Splits on spaces, drops move numbers, and glues to each move the words that belong to it. */
    static List<String> tokens(String text) {
        List<String> out = new ArrayList<>();
        boolean glueNext = false;
        for (String raw : text.strip().split("\\s+")) {
            if (raw.isEmpty() || MOVE_NUMBER.matcher(raw).matches()) {
                continue;
            }
            String word = NUMBER_PREFIX.matcher(raw).replaceFirst("");
            String last = out.isEmpty() ? null : out.get(out.size() - 1);
            boolean castlesSide = last != null && last.equalsIgnoreCase("castles") && CASTLES_SIDES.contains(
                    word.toLowerCase(Locale.ROOT));
            if (last != null && (glueNext || castlesSide || TRAILER.matcher(word).matches())) {
                out.set(out.size() - 1, last + " " + word);
                glueNext = word.equals("dis") || word.equals("dbl");
                continue;
            }
            out.add(word);
            glueNext = word.equals("petit") || word.equals("grand");
        }
        return out;
    }

    private static IllegalArgumentException located(IllegalArgumentException e, Position p, String token) {
        String where = "move " + p.fullmoveNumber() + (p.turn() == Color.WHITE ? ". " : "... ") + "'" + token + "': ";
        String message = where + e.getMessage();
        return switch (e) {
            case AmbiguousMoveException a -> new AmbiguousMoveException(message);
            case IllegalMoveException i -> new IllegalMoveException(message);
            case InvalidMoveException v -> new InvalidMoveException(message);
            default -> new IllegalArgumentException(message, e);
        };
    }
}
