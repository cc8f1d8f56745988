package org.marelle.bridge.journal;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import org.marelle.bridge.output.PgnFiles;
import org.marelle.rules.Move;
import org.marelle.rules.Position;

/**
 * The other copy of a game the journal recorded: the PGN file the outputs last wrote for it (atomically, so whole).
 * It lags the journal by at most the events written since, so it never knows a move the journal does not, unless the
 * journal lost it: that is what recovery uses it for.
 *
 * @param file    where it was read, for the log
 * @param initial the game's initial position
 * @param moves   its moves
 */
public record PgnCopy(Path file, Position initial, List<Move> moves) {

    public PgnCopy {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(initial, "initial");
        moves = List.copyOf(moves);
    }

    /** Finds the copy of a game (by its id and tags), if there is one. */
    @FunctionalInterface
    public interface Finder {
        /** @param game the game as far as the journal replays it (its id and tags name its file) */
        java.util.Optional<PgnCopy> find(org.marelle.bridge.session.GameRecord game);

        /** No other copy: the journal alone. */
        Finder NONE = game -> java.util.Optional.empty();
    }

    /** The PGN files the outputs write ({@link PgnFiles#lastWritten}); an unreadable one is an error naming it. */
    public static Finder in(PgnFiles files) {
        return game -> {
            try {
                return files.lastWritten(game).map(w -> new PgnCopy(w.file(), w.game().initial(), w.game().mainline()));
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e.getMessage(), e);
            }
        };
    }
}
