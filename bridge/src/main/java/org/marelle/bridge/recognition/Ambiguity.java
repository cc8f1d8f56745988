package org.marelle.bridge.recognition;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import org.marelle.rules.SquareSet;

/**
 * The board shows what two or more stories explain equally well (a pawn set on f6 or f5, then taken on f6, en
 * passant or not, read through flicker that fits both): nothing is committed. Once the board has stayed so for the
 * settle window the player is asked: each story's square lights, and touching one (a piece set down on it and
 * lifted, or its piece lifted and set back, longer than a flicker) chooses that story.
 *
 * @param board    the occupancy the stories explain
 * @param stories  the candidate decisions (two plies each); each story's square is where its first move went (all
 *                 different)
 * @param since    when the board began to show it
 * @param asked    the question put to the player, null until then
 * @param touched  the square being touched, -1 when none; {@code touchedSince} since when
 */
record Ambiguity(SquareSet board, List<Matcher.Candidate> stories, long since, RecognitionEvent.BoardAmbiguous asked,
                 int touched, long touchedSince) {

    Ambiguity {
        stories = List.copyOf(stories);
    }

    /** The stories the board shows since {@code since}. */
    static Ambiguity of(SquareSet board, List<Matcher.Candidate> stories, long since) {
        return new Ambiguity(board, stories, since, null, -1, -1);
    }

    /** The square to touch for each story, in the order of {@link #stories}. */
    List<Integer> squares() {
        return stories.stream().map(Ambiguity::squareOf).toList();
    }

    private static int squareOf(Matcher.Candidate story) {
        return PromotionChoices.base(story.move()).to();
    }

    /**
     * Asked at {@code now}: the question names each story in SAN ({@code table} is the position before them,
     * {@code after} gives the table after a first move of it).
     */
    Ambiguity asking(long now, MoveTable table, IntFunction<MoveTable> after) {
        List<RecognitionEvent.StoryChoice> choices = new ArrayList<>();
        for (Matcher.Candidate story : stories) {
            choices.add(new RecognitionEvent.StoryChoice(
                    List.of(story.move(), story.second()),
                    List.of(table.position.san(story.move()), after.apply(story.index()).position.san(story.second())),
                    squareOf(story)));
        }
        return new Ambiguity(board, stories, since, new RecognitionEvent.BoardAmbiguous(now, choices), -1, -1);
    }

    boolean reported() {
        return asked != null;
    }

    Ambiguity touching(int square, long t) {
        return square == touched ? this : new Ambiguity(board, stories, since, asked, square, t);
    }

    Ambiguity untouched() {
        return new Ambiguity(board, stories, since, asked, -1, -1);
    }

    /** The story whose square is {@code square}, or null. */
    Matcher.Candidate storyAt(int square) {
        for (Matcher.Candidate story : stories) {
            if (squareOf(story) == square) return story;
        }
        return null;
    }
}
