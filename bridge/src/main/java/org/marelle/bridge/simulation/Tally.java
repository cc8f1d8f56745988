package org.marelle.bridge.simulation;

/**
 * Totals over many games, printed as the last line of {@code marelle simulate} ({@code questions}, how often the board
 * asked the person which moves were made, {@code falseMismatches}, how often it reported a mismatch in a game it then
 * followed right to the end (on a broadcast board, an alert to the operator for nothing), {@code stalled}, games
 * in which the recognizer stopped following without committing a wrong move, and {@code corrections}, how often it
 * withdrew moves it had committed and recorded others, are printed on lines of their own).
 */
public record Tally(long games, long plies, long correct, long wrong, long missed, long spurious, long questions,
                    long falseMismatches, long stalled, long corrections) {

    public static final Tally ZERO = new Tally(0, 0, 0, 0, 0, 0, 0, 0, 0, 0);

    public Tally plus(GameCheck.Result r) {
        return new Tally(games + 1, plies + r.plies(), correct + r.correct(), wrong + r.wrong(), missed + r.missed(),
                spurious + r.spurious(), questions + r.questions(), falseMismatches + (r.ok() ? r.mismatches() : 0),
                stalled + (r.stalled() ? 1 : 0), corrections + r.corrections());
    }

    public Tally plus(Tally o) {
        return new Tally(games + o.games, plies + o.plies, correct + o.correct, wrong + o.wrong, missed + o.missed,
                spurious + o.spurious, questions + o.questions, falseMismatches + o.falseMismatches,
                stalled + o.stalled, corrections + o.corrections);
    }

    public boolean perfect() {
        return wrong == 0 && missed == 0 && spurious == 0;
    }

    @Override
    public String toString() {
        return "games: " + games + ", plies: " + plies + ", correct: " + correct + ", wrong: " + wrong + ", missed: "
                + missed + ", spurious: " + spurious;
    }
}
