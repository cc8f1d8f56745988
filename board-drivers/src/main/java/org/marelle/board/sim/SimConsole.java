package org.marelle.board.sim;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Writer;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import org.marelle.board.Occupancy;
import org.marelle.geometry.BoardGeometry;

/**
 * A line-oriented way for a person to play on a {@link SimulatedBoard}: one command per line, a reply per
 * command. Every change is stamped with the injected clock.
 *
 * <pre>
 * lift e2            take the piece off e2 (several squares: lift e1 h1)
 * drop e4            put a piece on e4 (several squares: drop g1 f1)
 * move e2 e4         lift e2, drop e4; onto an occupied square it is a capture: lift e4, lift e2, drop e4
 * set e1 e8 a2       exactly these squares occupied
 * setup              the first two and last two ranks occupied, the rest empty
 * clear              no square occupied
 * show               the board as text
 * help, quit
 * </pre>
 *
 * Blank lines and lines starting with {@code #} are ignored. A bad command changes nothing and gets one line,
 * {@code error: line N, column C: ...}, naming what was wrong.
 */
public final class SimConsole {

    /** What a command produced: text for the person, whether it was an error, whether to end the session. */
    public record Reply(String text, boolean error, boolean quit) {
        static Reply ok(String text) {
            return new Reply(text, false, false);
        }
    }

    private static final String HELP = """
            commands: lift SQUARE..., drop SQUARE..., move FROM TO, set SQUARE..., setup, clear, show, help, quit""";

    private final SimulatedBoard board;
    private final InstantSource clock;

    public SimConsole(SimulatedBoard board, InstantSource clock) {
        this.board = Objects.requireNonNull(board, "board");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** A word of the line and the column it starts at (1-based). */
    private record Word(String text, int column) {
    }

    private static final class BadCommand extends Exception {
        final int column;

        BadCommand(int column, String message) {
            super(message, null, false, false);
            this.column = column;
        }
    }

    /**
     * Runs one line.
     *
     * @return the reply, or {@code null} for a blank or comment line
     */
    public Reply execute(String line, int lineNumber) {
        List<Word> words = words(line);
        if (words.isEmpty() || words.get(0).text().startsWith("#")) return null;
        try {
            return run(words);
        } catch (BadCommand e) {
            return new Reply("error: line " + lineNumber + ", column " + e.column + ": " + e.getMessage(), true, false);
        }
    }

    /** Reads commands until end of input or {@code quit}, writing a reply line (or board) for each. */
    public void run(BufferedReader in, Writer out) throws IOException {
        out.write("marelle simulated board " + board.files() + "x" + board.ranks() + "; " + HELP + "\n");
        out.flush();
        int n = 0;
        for (String line; (line = in.readLine()) != null; ) {
            Reply reply = execute(line, ++n);
            if (reply == null) continue;
            out.write(reply.text());
            if (!reply.text().endsWith("\n")) out.write('\n');
            out.flush();
            if (reply.quit()) return;
        }
    }

    /** Sets the pieces on their start squares: the first two and the last two ranks occupied. */
    public void setUp() {
        Occupancy o = Occupancy.empty(board.files(), board.ranks(), clock.millis());
        int f = board.files(), r = board.ranks();
        for (int sq = 0; sq < f * r; sq++) {
            int rank = sq / f;
            if (rank < 2 || rank >= r - 2) o = o.with(sq);
        }
        board.set(o);
    }

    /** Why a square cannot be lifted, and what to do: the person may not know what the board holds now. */
    private static String empty(Word square) {
        return square.text() + " is empty: nothing to lift there ('show' prints the board, 'setup' sets the pieces)";
    }

    private Reply run(List<Word> words) throws BadCommand {
        Word command = words.get(0);
        List<Word> args = words.subList(1, words.size());
        long now = clock.millis();
        switch (command.text().toLowerCase()) {
            case "lift" -> {
                List<Integer> squares = squares(command, args, 1);
                for (int i = 0; i < squares.size(); i++) {
                    if (!board.current().occupied(squares.get(i))) {
                        throw new BadCommand(args.get(i).column(), empty(args.get(i)));
                    }
                }
                for (int sq : squares) board.lift(sq, now);
                return Reply.ok("ok");
            }
            case "drop" -> {
                List<Integer> squares = squares(command, args, 1);
                for (int i = 0; i < squares.size(); i++) {
                    if (board.current().occupied(squares.get(i))) {
                        throw new BadCommand(args.get(i).column(), args.get(i).text() + " is already occupied");
                    }
                }
                for (int sq : squares) board.drop(sq, now);
                return Reply.ok("ok");
            }
            case "move" -> {
                if (args.size() != 2) throw new BadCommand(command.column(), "move needs two squares: move FROM TO");
                List<Integer> squares = squares(command, args, 2);
                int from = squares.get(0), to = squares.get(1);
                if (!board.current().occupied(from)) throw new BadCommand(args.get(0).column(), empty(args.get(0)));
                if (board.current().occupied(to)) {
                    board.lift(to, now);
                    board.lift(from, now);
                    board.drop(to, now);
                    return Reply.ok("ok (capture)");
                }
                board.lift(from, now);
                board.drop(to, now);
                return Reply.ok("ok");
            }
            case "set" -> {
                Occupancy o = Occupancy.empty(board.files(), board.ranks(), now);
                for (int sq : squares(command, args, 0)) o = o.with(sq);
                board.set(o);
                return Reply.ok("ok");
            }
            case "setup" -> {
                noArguments(command, args);
                setUp();
                return Reply.ok("ok");
            }
            case "clear" -> {
                noArguments(command, args);
                board.set(Occupancy.empty(board.files(), board.ranks(), now));
                return Reply.ok("ok");
            }
            case "show" -> {
                noArguments(command, args);
                return Reply.ok(board.render());
            }
            case "help" -> {
                return Reply.ok(HELP);
            }
            case "quit", "exit" -> {
                return new Reply("bye", false, true);
            }
            default -> throw new BadCommand(command.column(), "unknown command '" + command.text() + "'; " + HELP);
        }
    }

    private List<Integer> squares(Word command, List<Word> args, int atLeast) throws BadCommand {
        if (args.size() < atLeast) {
            throw new BadCommand(command.column(), command.text() + " needs a square, e.g. " + command.text() + " e2");
        }
        BoardGeometry geometry = new BoardGeometry(board.files(), board.ranks());
        var seen = new LinkedHashSet<Integer>();
        for (Word w : args) {
            int sq;
            try {
                sq = geometry.readSquare(w.text());
            } catch (IllegalArgumentException e) {
                throw new BadCommand(w.column(), e.getMessage());
            }
            if (!seen.add(sq)) throw new BadCommand(w.column(), geometry.squareName(sq) + " is given twice");
        }
        return new ArrayList<>(seen);
    }

    private static void noArguments(Word command, List<Word> args) throws BadCommand {
        if (!args.isEmpty()) {
            throw new BadCommand(args.get(0).column(), command.text() + " takes no arguments, got '" + args.get(0).text() + "'");
        }
    }

    private static List<Word> words(String line) {
        List<Word> out = new ArrayList<>();
        int i = 0;
        while (i < line.length()) {
            while (i < line.length() && Character.isWhitespace(line.charAt(i))) i++;
            if (i >= line.length()) break;
            int start = i;
            while (i < line.length() && !Character.isWhitespace(line.charAt(i))) i++;
            out.add(new Word(line.substring(start, i), start + 1));
        }
        return out;
    }
}
