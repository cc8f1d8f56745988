package org.marelle.bridge.journal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.marelle.bridge.session.GameRecord;
import org.marelle.bridge.session.SessionEvent;
import org.marelle.rules.Move;
import org.marelle.rules.Position;

/**
 * Works out the game to resume from what a journal file still holds intact and from the other copy of the game (the
 * PGN file the outputs last wrote), without touching a file: {@link Journal#open} does what it decides.
 *
 * <p>Which copy is authoritative: the journal, record by record, because each record was on disk before anyone saw
 * its event; the PGN file only lags it. The PGN file is used where the journal lost records, and only where it agrees
 * with the journal's intact records on either side of the loss:
 * <ul>
 *   <li>records are put back in sequence order; a record written twice (same number, same content) is skipped;</li>
 *   <li>a lost stretch of moves in the middle is filled from the PGN file when it holds exactly the moves missing
 *       (as many as the sequence numbers say were lost, none of them something else), the moves before them, and the
 *       next intact move itself;</li>
 *   <li>moves at the end that the journal lost are taken from the PGN file when it holds the journal's game and more,
 *       and the journal never had the PGN file's game (a PGN file written before a takeback the journal recorded is
 *       only late);</li>
 *   <li>where the copies disagree, the journal's game is resumed up to the point both agree on; the records after it
 *       and the PGN file are kept aside by the caller, and the findings say which moves each holds.</li>
 * </ul>
 * Nothing is invented: every move resumed is an intact record of the journal or a move of the PGN file that the
 * journal's intact records confirm.
 */
final class JournalRecovery {

    /**
     * What recovery decided.
     *
     * @param events         the game to resume, its start first (empty: no game could be rebuilt)
     * @param notResumed     intact events that could not be resumed (after a loss no copy fills), in order
     * @param findings       what was found and done, in moves, one sentence each
     * @param keepCopy       the file holds something the resumed game does not: keep it before replacing it
     * @param rewrite        the file must be replaced by the resumed game's records (it is damaged, out of order, or
     *                       misses recovered moves); otherwise at most a torn end is cut off
     * @param recoveredMoves moves taken from the PGN file
     * @param keepPgn        the PGN file holds a game the journal's does not: keep it before the outputs replace it
     */
    record Outcome(List<SessionEvent> events, List<SessionEvent> notResumed, List<String> findings, boolean keepCopy,
                   boolean rewrite, int recoveredMoves, PgnCopy keepPgn) {
    }

    /** An intact, readable record; {@code missingBefore}: records lost just before it (-1: some, how many unknown). */
    private record Entry(long sequence, byte[] payload, SessionEvent event, long offset, long missingBefore) {
    }

    private final JournalFile.Contents contents;
    private final PgnCopy.Finder finder;
    private final List<String> findings = new ArrayList<>();
    private boolean keepCopy;
    private boolean rewrite;
    private Optional<PgnCopy> copy;

    private JournalRecovery(JournalFile.Contents contents, PgnCopy.Finder finder) {
        this.contents = contents;
        this.finder = finder;
    }

    static Outcome recover(JournalFile.Contents contents, PgnCopy.Finder finder) {
        return new JournalRecovery(contents, finder).run();
    }

    private Outcome run() {
        if (contents.headerDamaged()) {
            findings.add("the journal's header is damaged; its records were read all the same");
            keepCopy = rewrite = true;
        }
        if (!contents.damage().isEmpty()) {
            long bytes = contents.damage().stream().mapToLong(JournalFile.Stretch::length).sum();
            findings.add(bytes + " damaged bytes in " + contents.damage().size() + " place(s) skipped; the intact "
                    + "records after them were read");
            keepCopy = rewrite = true;
        }
        List<Entry> entries = entries();
        if (entries.isEmpty()) {
            return new Outcome(List.of(), List.of(), findings, keepCopy, false, 0, null);
        }
        Entry first = entries.get(0);
        if (!(first.event() instanceof SessionEvent.GameStarted start) || first.missingBefore() != 0) {
            List<SessionEvent> all = entries.stream().map(Entry::event).toList();
            findings.add("the record of the game's start is lost, so no game can be rebuilt; not resumed: "
                    + describe(all, null));
            return new Outcome(List.of(), all, findings, true, false, 0, null);
        }
        GameRecord game;
        try {
            game = GameRecord.of(start);
        } catch (IllegalArgumentException e) {
            List<SessionEvent> all = entries.stream().map(Entry::event).toList();
            findings.add("the game's start does not make a game (" + e.getMessage() + "); not resumed: "
                    + describe(all, null));
            return new Outcome(List.of(), all, findings, true, false, 0, null);
        }

        List<SessionEvent> events = new ArrayList<>(List.of(start));
        List<List<Move>> states = new ArrayList<>(List.of(game.moves()));   // every game the journal had, in order
        int recovered = 0;
        byte[] lastPayload = first.payload();
        int i = 1;
        // Records lost since the last move resumed (-1: some, how many unknown). A move after a loss is resumed only
        // when the PGN file fills the loss or confirms the move: the lost records may have been moves and takebacks
        // that leave the next move legal on a position the game never had. Other records (tags, draw offers, results,
        // takebacks) change no move: they are resumed, and the loss carries on to the next move.
        long pending = 0;
        long lostFirstAfterPly = -1;
        for (; i < entries.size(); i++) {
            Entry e = entries.get(i);
            if (e.missingBefore() != 0 && pending == 0) lostFirstAfterPly = game.plies();
            pending = pending < 0 || e.missingBefore() < 0 ? -1 : pending + e.missingBefore();
            if (pending != 0 && e.event() instanceof SessionEvent.MovePlayed m) {
                List<SessionEvent> fill = bridge(game, m, pending);
                if (fill == null) break;
                List<String> names = new ArrayList<>();
                for (SessionEvent b : fill) {
                    SessionEvent.MovePlayed f = (SessionEvent.MovePlayed) b;
                    names.add(GameRecord.numberedMove(game.initial(), f.ply(), f.san()));
                    game = game.apply(b);
                    events.add(b);
                    states.add(game.moves());
                }
                recovered += fill.size();
                findings.add(fill.isEmpty()
                        ? lost(pending) + " after ply " + lostFirstAfterPly + " lost; the PGN file " + copy.get().file()
                        + " confirms the moves before and after them"
                        : String.join(", ", names) + " recovered from the PGN file " + copy.get().file()
                        + ": the journal's record " + (fill.size() == 1 ? "of it is" : "of them is") + " damaged, and "
                        + "the PGN file agrees with the journal's moves before and after");
                game = game.apply(m);
                events.add(m);
                states.add(game.moves());
                lastPayload = e.payload();
                pending = 0;
                continue;
            }
            Optional<GameRecord> next = apply(game, e.event());
            if (next.isPresent()) {
                game = next.get();
                events.add(e.event());
                states.add(game.moves());
                lastPayload = e.payload();
                continue;
            }
            if (Arrays.equals(e.payload(), lastPayload)) {
                // A version 1 file has no sequence numbers: the same event twice in a row is a record written twice.
                findings.add("a record written twice skipped");
                rewrite = true;
                continue;
            }
            break;
        }
        if (i == entries.size() && pending != 0) {
            findings.add(lost(pending) + " after ply " + lostFirstAfterPly + " lost, with no move recorded after them");
        }

        List<SessionEvent> notResumed = entries.subList(i, entries.size()).stream().map(Entry::event).toList();
        if (!notResumed.isEmpty()) {
            Entry stop = entries.get(i);
            String why = pending != 0
                    ? lost(pending) + " after ply " + game.plies() + described(game) + " lost"
                    + lostMoves(game, stop.event()) + ", and no other copy holds or confirms what they were"
                    : "the record after ply " + game.plies() + described(game) + " does not follow on ("
                    + failure(game, stop.event()) + ")";
            findings.add(why + "; the game resumes at ply " + game.plies() + ". Not resumed: "
                    + describe(notResumed, game.initial()));
            keepCopy = true;
            rewrite = true;
        } else {
            recovered += extendFromCopy(game, events, states);
            game = GameRecord.replay(events);
        }
        PgnCopy keepPgn = disagreeingCopy(game, states);
        if (contents.droppedBytes() > 0) {
            findings.add("dropped a torn record (" + contents.droppedBytes() + " bytes) at the end: an event the "
                    + "daemon had not yet confirmed");
        }
        return new Outcome(events, notResumed, findings, keepCopy, rewrite, recovered, keepPgn);
    }

    /** The readable records in sequence order, without those written twice, each knowing what was lost before it. */
    private List<Entry> entries() {
        List<Entry> read = new ArrayList<>();
        boolean unreadableBefore = false;
        for (JournalFile.Frame f : contents.frames()) {
            try {
                read.add(new Entry(f.sequence(), f.payload(), JournalCodec.decode(f.payload()), f.offset(),
                        unreadableBefore ? -1 : 0));
                unreadableBefore = false;
            } catch (IllegalArgumentException e) {
                findings.add("record " + f.sequence() + " is intact but is no event (" + e.getMessage() + ")");
                keepCopy = rewrite = true;
                unreadableBefore = true;
            }
        }
        if (contents.version() == 1) {
            // No sequence numbers: a damaged stretch before a record lost some records, how many is unknown.
            List<Entry> out = new ArrayList<>();
            long previousEnd = -1;
            for (Entry e : read) {
                long from = previousEnd;
                boolean gap = e.missingBefore() != 0 || contents.damage().stream()
                        .anyMatch(s -> s.offset() > from && s.offset() < e.offset());
                out.add(new Entry(e.sequence(), e.payload(), e.event(), e.offset(), gap ? -1 : 0));
                previousEnd = e.offset();
            }
            return out;
        }
        List<Entry> sorted = new ArrayList<>(read);
        sorted.sort(Comparator.comparingLong(Entry::sequence));
        if (!sorted.equals(read)) {
            findings.add("records found out of order were put back in order");
            keepCopy = rewrite = true;
        }
        List<Entry> out = new ArrayList<>();
        long previous = 0;
        int twice = 0;
        for (Entry e : sorted) {
            if (e.sequence() == previous && !out.isEmpty()) {
                if (Arrays.equals(e.payload(), out.getLast().payload())) {
                    twice++;
                } else {
                    findings.add("two different records numbered " + e.sequence() + "; the first is used, the other ("
                            + e.event() + ") is not");
                    keepCopy = true;
                }
                rewrite = true;
                continue;
            }
            out.add(new Entry(e.sequence(), e.payload(), e.event(), e.offset(), e.sequence() - previous - 1));
            previous = e.sequence();
        }
        if (twice > 0) findings.add(twice == 1 ? "a record written twice skipped" : twice + " records written twice skipped");
        return out;
    }

    /**
     * The moves the PGN file fills a loss with, before {@code next} (the first intact move after it), or null when the
     * PGN file does not hold exactly them in agreement with the journal on both sides. Empty when no move is missing
     * and the PGN file confirms {@code next} after the journal's moves. When the number of lost records is known, a
     * fill must account for all of them: a lost record that was not a move would make the fill a guess.
     */
    private List<SessionEvent> bridge(GameRecord game, SessionEvent.MovePlayed next, long missing) {
        int need = next.ply() - 1 - game.plies();
        if (need < 0 || game.isOver() || (missing > 0 && need > 0 && missing != need)) return null;
        PgnCopy c = copy(game).orElse(null);
        if (c == null || !sameStart(c, game) || c.moves().size() < next.ply()
                || !c.moves().subList(0, game.plies()).equals(game.moves())) {
            return null;
        }
        List<SessionEvent> out = new ArrayList<>();
        Position p = game.position();
        for (int ply = game.plies() + 1; ply < next.ply(); ply++) {
            Move m = c.moves().get(ply - 1);
            if (!p.isLegal(m)) return null;
            out.add(new SessionEvent.MovePlayed(next.atMillis(), ply, p.uci(m), p.san(m)));
            p = p.play(m);
        }
        Move confirmed = c.moves().get(next.ply() - 1);
        return p.isLegal(confirmed) && p.uci(confirmed).equals(next.uci()) ? out : null;
    }

    /** Appends the moves the PGN file holds after the journal's last, when the journal lost them; returns how many. */
    private int extendFromCopy(GameRecord game, List<SessionEvent> events, List<List<Move>> states) {
        PgnCopy c = copy(game).orElse(null);
        if (c == null || !sameStart(c, game) || game.isOver() || c.moves().size() <= game.plies()
                || !c.moves().subList(0, game.plies()).equals(game.moves()) || states.contains(c.moves())) {
            return 0;
        }
        long at = events.getLast().atMillis();
        Position p = game.position();
        List<String> names = new ArrayList<>();
        List<SessionEvent> add = new ArrayList<>();
        for (int ply = game.plies() + 1; ply <= c.moves().size(); ply++) {
            Move m = c.moves().get(ply - 1);
            if (!p.isLegal(m)) return 0;
            add.add(new SessionEvent.MovePlayed(at, ply, p.uci(m), p.san(m)));
            names.add(GameRecord.numberedMove(game.initial(), ply, p.san(m)));
            p = p.play(m);
        }
        for (SessionEvent e : add) {
            game = game.apply(e);
            events.add(e);
            states.add(game.moves());
        }
        findings.add(String.join(", ", names) + " recovered from the PGN file " + c.file() + ", which held "
                + (add.size() == 1 ? "this move" : "these moves") + " after the journal's last");
        rewrite = true;
        return add.size();
    }

    /** The PGN file, when it holds a game the journal never had (it would otherwise be replaced by a shorter one). */
    private PgnCopy disagreeingCopy(GameRecord game, List<List<Move>> states) {
        PgnCopy c = copy(game).orElse(null);
        if (c == null || (sameStart(c, game) && states.contains(c.moves()))) return null;
        if (!sameStart(c, game)) {
            findings.add("the PGN file " + c.file() + " starts from another position than the journal's game");
            return c;
        }
        int common = 0;
        while (common < c.moves().size() && common < game.plies() && c.moves().get(common).equals(game.moves().get(common))) {
            common++;
        }
        List<String> theirs = new ArrayList<>();
        Position p = game.initial();
        for (int ply = 1; ply <= c.moves().size(); ply++) {
            Move m = c.moves().get(ply - 1);
            if (ply > common) theirs.add(GameRecord.numberedMove(game.initial(), ply, p.san(m)));
            p = p.play(m);
        }
        findings.add("the PGN file " + c.file() + " holds " + c.moves().size() + " plies and differs from the resumed "
                + "game after ply " + common + " (the PGN file: " + (theirs.isEmpty() ? "no more moves" : String.join(", ", theirs))
                + "; the game: " + (game.plies() > common ? numbered(game, common) : "no more moves") + ")");
        return c;
    }

    /** The game's moves after the first {@code from}, numbered. */
    private static String numbered(GameRecord game, int from) {
        List<String> out = new ArrayList<>();
        for (int ply = from + 1; ply <= game.plies(); ply++) {
            out.add(GameRecord.numberedMove(game.initial(), ply, game.sans().get(ply - 1)));
        }
        return String.join(", ", out);
    }

    private Optional<PgnCopy> copy(GameRecord game) {
        if (copy == null) {
            try {
                copy = finder.find(game);
            } catch (RuntimeException e) {
                findings.add("the PGN file of the game could not be read (" + e.getMessage() + ")");
                copy = Optional.empty();
            }
        }
        return copy;
    }

    private static boolean sameStart(PgnCopy c, GameRecord game) {
        return c.initial().fen().equals(game.initial().fen());
    }

    private static Optional<GameRecord> apply(GameRecord game, SessionEvent e) {
        try {
            return Optional.of(game.apply(e));
        } catch (IllegalArgumentException x) {
            return Optional.empty();
        }
    }

    private static String failure(GameRecord game, SessionEvent e) {
        try {
            game.apply(e);
            return "";
        } catch (IllegalArgumentException x) {
            return x.getMessage();
        }
    }

    /** Which moves a loss held, when the next intact record is a move numbered further on: " (the move 8... of ply 16)". */
    private static String lostMoves(GameRecord game, SessionEvent next) {
        if (!(next instanceof SessionEvent.MovePlayed m) || m.ply() <= game.plies() + 1) return "";
        List<String> moves = new ArrayList<>();
        for (int ply = game.plies() + 1; ply < m.ply(); ply++) {
            moves.add(GameRecord.numberedMove(game.initial(), ply, "").strip() + " (ply " + ply + ")");
        }
        return " (" + (moves.size() == 1 ? "the move " : "the moves ") + String.join(", ", moves) + ")";
    }

    private static String lost(long missing) {
        return missing < 0 ? "records" : missing == 1 ? "1 record" : missing + " records";
    }

    private static String described(GameRecord game) {
        return game.plies() == 0 ? "" : " (" + GameRecord.numberedMove(game.initial(), game.plies(), game.sans().getLast()) + ")";
    }

    /** Events for a person: the moves by number and SAN, then how many other records. */
    static String describe(List<SessionEvent> events, Position initial) {
        List<String> moves = new ArrayList<>();
        int other = 0;
        for (SessionEvent e : events) {
            if (e instanceof SessionEvent.MovePlayed m) {
                moves.add(initial == null ? "ply " + m.ply() + " " + m.san() : GameRecord.numberedMove(initial, m.ply(), m.san()));
            } else {
                other++;
            }
        }
        String text = moves.isEmpty() ? "no move" : String.join(", ", moves);
        return other == 0 ? text : text + " and " + other + (other == 1 ? " other record" : " other records")
                + " (start, tags, draw offers, results, takebacks)";
    }
}
