package org.marelle.rules.notation;

import org.marelle.rules.InvalidMoveException;
import org.marelle.rules.Move;
import org.marelle.rules.Position;

/**
 * UCI move strings, as engines speak them: {@code e2e4}, {@code e7e8q}, {@code 0000} for a null move; castling as
 * the king's two-square move in standard chess ({@code e1g1}, {@code e1h1} also read) and as the king taking its
 * rook in Chess960; a delayed promotion of courier-modern after an underscore ({@code a1a4_b8m}). The core does the
 * work ({@link Position#uci}, {@link Position#parseUci}).
 */
public final class Uci implements MoveNotation {

    @Override
    public String name() {
        return "uci";
    }

    @Override
    public String title() {
        return "UCI";
    }

    @Override
    public String write(Position before, Move move) {
        Scribe.requireLegal(before, move, title());
        return before.uci(move);
    }

    @Override
    public Move read(Position before, String text) {
        if (text == null || text.isBlank()) {
            throw new InvalidMoveException("empty move in " + title());
        }
        String t = Scribe.withoutCheckMarks(Scribe.withoutAnnotations(text));
        if (Scribe.isNullMove(t)) {
            return Move.NULL;
        }
        return before.parseUci(t);
    }
}
