package org.marelle.bridge.recognition;

import java.util.List;
import org.marelle.rules.SquareSet;

/**
 * The board shows what two or more stories explain equally well (a pawn set on f6 or f5, then taken on f6, en
 * passant or not, read through flicker that fits both): nothing is committed. Once the board has stayed so for the
 * settle window the player is asked: each story's square lights, and touching one (a piece set down on it and
 * lifted, or its piece lifted and set back, longer than a flicker) chooses that story.
 *
 * @param board    the occupancy the stories explain
 * @param stories  the candidate decisions (two plies each), in the order of {@code squares}
 * @param squares  the square to touch for each story: where its first move went (all different)
 * @param since    when the board began to show it
 * @param asked    the question put to the player, null until then
 * @param touched  the square being touched, -1 when none; {@code touchedSince} since when
 */
record Ambiguity(SquareSet board, List<Matcher.Candidate> stories, List<Integer> squares, long since,
                 RecognitionEvent.BoardAmbiguous asked, int touched, long touchedSince) {

    Ambiguity {
        stories = List.copyOf(stories);
        squares = List.copyOf(squares);
    }

    /** The stories the board shows since {@code since}; each story's square is where its first move went. */
    static Ambiguity of(SquareSet board, List<Matcher.Candidate> stories, long since) {
        List<Integer> squares = stories.stream().map(c -> PromotionChoices.base(c.move()).to()).toList();
        return new Ambiguity(board, stories, squares, since, null, -1, -1);
    }

    Ambiguity asking(RecognitionEvent.BoardAmbiguous question) {
        return new Ambiguity(board, stories, squares, since, question, -1, -1);
    }

    boolean reported() {
        return asked != null;
    }

    Ambiguity touching(int square, long t) {
        return square == touched ? this : new Ambiguity(board, stories, squares, since, asked, square, t);
    }

    Ambiguity untouched() {
        return new Ambiguity(board, stories, squares, since, asked, -1, -1);
    }

    /** The story whose square is {@code square}, or null. */
    Matcher.Candidate storyAt(int square) {
        int k = squares.indexOf(square);
        return k < 0 ? null : stories.get(k);
    }
}
