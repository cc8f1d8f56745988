package org.marelle.bridge.daemon;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.marelle.bridge.recognition.RecognitionEvent;
import org.marelle.bridge.session.GameRecord;
import org.marelle.bridge.session.SessionEvent;
import org.marelle.geometry.BoardGeometry;
import org.marelle.rules.Position;

/**
 * The daemon's log: one line per event on standard output, no timestamps (journald adds its own). Under systemd
 * (the {@code JOURNAL_STREAM} variable is set) each line starts with a syslog priority, {@code <6>} for information,
 * {@code <4>} warnings, {@code <3>} errors, which journald reads and strips; {@code journalctl -p warning} then shows
 * only the problems.
 *
 * <pre>
 * move 12. Nf3
 * move 12... Nf6
 * result 1-0 (checkmate)
 * mismatch: put a piece on e2; take the piece off e3
 * </pre>
 *
 * Thread-safe: lines are printed whole.
 */
public final class EventLog {

    private final PrintWriter out;
    private final boolean priorities;
    private final boolean verbose;

    /**
     * @param priorities start lines with syslog priorities (for journald)
     * @param verbose    also log what is only shown on the LEDs (provisional moves, promotion prompts)
     */
    public EventLog(PrintWriter out, boolean priorities, boolean verbose) {
        this.out = out;
        this.priorities = priorities;
        this.verbose = verbose;
    }

    /** Standard output, with priorities when it goes to the journal. */
    public static EventLog stdout(boolean verbose) {
        return new EventLog(new PrintWriter(System.out, true), System.getenv("JOURNAL_STREAM") != null, verbose);
    }

    /** Logs to {@code out} (the command line's), with priorities when standard output goes to the journal. */
    public static EventLog to(PrintWriter out, boolean verbose) {
        return new EventLog(out, System.getenv("JOURNAL_STREAM") != null, verbose);
    }

    /** Logs to a stream, without priorities (tests). */
    public static EventLog plain(PrintStream out, boolean verbose) {
        return new EventLog(new PrintWriter(out, true), false, verbose);
    }

    public void info(String line) {
        print(6, line);
    }

    public void warning(String line) {
        print(4, "warning: " + line);
    }

    public void error(String line) {
        print(3, "error: " + line);
    }

    private void print(int priority, String line) {
        String text = priorities ? "<" + priority + ">" + line : line;
        synchronized (out) {
            out.println(text);
            out.flush();
        }
    }

    /** A recorded session event. */
    public void session(SessionEvent e, GameRecord game) {
        switch (e) {
            case SessionEvent.GameStarted s -> info("game " + s.gameId() + " started: " + s.variant()
                    + (s.tags().containsKey("White") || s.tags().containsKey("Black")
                    ? ", " + s.tags().getOrDefault("White", "?") + " - " + s.tags().getOrDefault("Black", "?") : ""));
            case SessionEvent.MovePlayed m -> info("move " + moveNumber(game.initial(), m.ply()) + " " + m.san());
            case SessionEvent.MovesTakenBack t when t.corrected() -> warning("correction: the board showed the last "
                    + (t.plies() == 1 ? "move" : t.plies() + " moves") + " wrong, withdrawn back to ply " + game.plies()
                    + "; the moves read instead follow");
            case SessionEvent.MovesTakenBack t -> info("takeback of " + t.plies() + (t.plies() == 1 ? " ply" : " plies")
                    + ", back at ply " + game.plies());
            case SessionEvent.TagChanged t -> info(t.value() == null ? "tag " + t.name() + " removed"
                    : "tag " + t.name() + " = \"" + t.value() + "\"");
            case SessionEvent.DrawOffered d -> info("draw offer by " + d.by().name().toLowerCase(Locale.ROOT)
                    + " after ply " + d.ply());
            case SessionEvent.GameEnded g -> info(g.result().equals("*") ? "result * (game reopened)"
                    : "result " + g.result() + " (" + g.reason() + ")");
        }
    }

    /** "12." for White's move at that ply, "12..." for Black's. */
    static String moveNumber(Position initial, int ply) {
        return GameRecord.numberedMove(initial, ply, "").strip();
    }

    /** A recognizer event that does not change the game (those are logged as session events). */
    public void recognition(RecognitionEvent e, BoardGeometry g) {
        switch (e) {
            case RecognitionEvent.BoardMismatch m -> warning("mismatch: " + fixes(m, g));
            case RecognitionEvent.BoardAmbiguous a -> warning("the board cannot tell which moves were made: "
                    + RecognitionEvent.StoryChoice.describe(a.choices(), g));
            case RecognitionEvent.BoardInSync s -> info("board in sync");
            case RecognitionEvent.MoveProvisional p -> {
                if (verbose) info("provisional " + p.san());
            }
            case RecognitionEvent.ProvisionalWithdrawn w -> {
                if (verbose) info("provisional move withdrawn");
            }
            case RecognitionEvent.PromotionPending p -> {
                if (verbose) info("promotion: " + p.defaultPiece().name().toLowerCase(Locale.ROOT)
                        + " unless another piece is chosen");
            }
            case RecognitionEvent.PromotionChosen c -> info("promotion piece chosen: "
                    + c.piece().name().toLowerCase(Locale.ROOT) + (c.onBoard() ? " (on the board)" : ""));
            default -> {
                // Committed moves, takebacks, new games and results are logged when the session records them.
            }
        }
    }

    private static String fixes(RecognitionEvent.BoardMismatch m, BoardGeometry g) {
        List<String> parts = new ArrayList<>();
        for (RecognitionEvent.Fix f : m.fixes()) {
            if (f.from() < 0) parts.add("put a piece on " + g.squareName(f.to()));
            else if (f.to() < 0) parts.add("take the piece off " + g.squareName(f.from()));
            else parts.add("move the piece on " + g.squareName(f.from()) + " to " + g.squareName(f.to()));
        }
        return parts.isEmpty() ? "the board does not match the game" : String.join("; ", parts);
    }
}
