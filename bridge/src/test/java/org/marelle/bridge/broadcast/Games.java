package org.marelle.bridge.broadcast;

import java.util.List;
import org.marelle.rules.Move;
import org.marelle.rules.Position;
import org.marelle.rules.Variant;

/** Small games for the tests, written in SAN. */
final class Games {

    static final BoardId ONE = BoardId.of("1");
    static final BoardId TWO = BoardId.of("2");

    private Games() {
    }

    /** A new standard game with the seven-tag roster filled in. */
    static GameSnapshot standard(String gameId) {
        return GameSnapshot.start(gameId, Position.start(Variant.STANDARD))
                .withTag("Event", "Club championship")
                .withTag("Site", "Marelle test")
                .withTag("Date", "2025.11.29")
                .withTag("Round", "3")
                .withTag("White", "Alpha, Anna")
                .withTag("Black", "Beta, Bruno");
    }

    /** {@code game} with the SAN moves played after its last one. */
    static GameSnapshot play(GameSnapshot game, String... sans) {
        Position p = game.position();
        for (String san : sans) {
            Move m = p.parseSan(san);
            game = game.withMove(m);
            p = p.play(m);
        }
        return game;
    }

    static List<Move> moves(Position start, String... sans) {
        Position p = start;
        List<Move> out = new java.util.ArrayList<>();
        for (String san : sans) {
            Move m = p.parseSan(san);
            out.add(m);
            p = p.play(m);
        }
        return out;
    }

    /** The moves of a short Ruy Lopez, 20 plies. */
    static final String[] RUY_LOPEZ = {"e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5",
        "Bb3", "d6", "c3", "O-O", "h3", "Nb8", "d4", "Nbd7"};
}
