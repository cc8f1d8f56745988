package org.marelle.rules.pgn;

import java.io.Reader;
import java.util.ArrayList;
import java.util.List;

/**
 * Checks a PGN source: reads every game, replays every move (variations included), and collects the faults: the check
 * {@code marelle pgn check FILE...} makes, for a whole source at once (the command reads the games itself, to print
 * each fault as it is found).
 */
public final class PgnCheck {

    /**
     * The outcome of a check.
     *
     * @param games  games in the source, good and bad
     * @param moves  main-line plies replayed in the good games
     * @param errors one error per bad game, in source order
     */
    public record Report(int games, long moves, List<PgnError> errors) {
        public Report {
            errors = List.copyOf(errors);
        }

        public boolean ok() {
            return errors.isEmpty();
        }
    }

    private PgnCheck() {
    }

    /**
     * Reads all of {@code in} (the caller closes it).
     *
     * @param sourceName names the source in the errors
     * @throws java.io.UncheckedIOException when reading fails
     */
    public static Report check(Reader in, String sourceName) {
        PgnReader reader = new PgnReader(in, sourceName);
        int games = 0;
        long moves = 0;
        List<PgnError> errors = new ArrayList<>();
        while (reader.hasNext()) {
            games++;
            switch (reader.next()) {
                case PgnReader.Parsed p -> moves += p.game().mainline().size();
                case PgnReader.Failed f -> errors.add(f.error());
            }
        }
        return new Report(games, moves, errors);
    }
}
