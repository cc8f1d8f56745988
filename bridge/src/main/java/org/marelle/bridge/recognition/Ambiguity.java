package org.marelle.bridge.recognition;

import java.util.ArrayList;
import java.util.List;
import org.marelle.geometry.SquareSet;
import org.marelle.rules.Move;
import org.marelle.rules.Position;

/**
 * The board shows what two or more stories explain equally well (a pawn set on f6 or f5, then taken on f6, en
 * passant or not, read through flicker that fits both; or moves made while the board was not read, in an order the
 * log cannot tell): nothing is committed. Once the board has stayed so for the settle window the player is asked:
 * each story's square lights, and touching one (a piece set down on it and lifted, or its piece lifted and set back,
 * longer than a flicker) chooses that story.
 *
 * @param board    the occupancy the stories explain
 * @param stories  the candidate stories, each with its square (all different)
 * @param since    when the board began to show it
 * @param asked    the question put to the player, null until then
 * @param touched  the square being touched, -1 when none; {@code touchedSince} since when; {@code releasedAt} when
 *                 the board came back as it was (the touch ended, the answer taken once the board stays so for
 *                 {@link RecognizerConfig#answerMillis()}), -1 while the square is still touched
 * @param decideAt when the board, still until then, is decided without an answer ({@code Long.MAX_VALUE}: never). A
 *                 story with every piece set down, asked about because a piece might still be held, is taken once the
 *                 board stayed still for longer than anyone holds a piece ({@link RecognizerConfig#holdMillis()}).
 * @param withdraw how many of the moves committed last the stories begin before (0: they begin at the committed
 *                 position; see {@link Correction#doubted}), played from {@code from} (null when 0); {@code exchange}:
 *                 they are the moves committed, one capture's victim exchanged or not
 */
record Ambiguity(SquareSet board, List<Story> stories, long since, RecognitionEvent.BoardAmbiguous asked,
                 int touched, long touchedSince, long releasedAt, long decideAt, int withdraw, Position from,
                 boolean exchange) {

    /**
     * One story the player may choose: its moves from the committed position, the square that stands for it (where
     * the first move that differs from the other stories went), and, for the two-ply stories the matcher tied, the
     * candidate to propose as pending when chosen (null for a story found by {@link StorySearch}, committed at once),
     * and for those when the board showed each move done ({@code doneAt}, null when not known).
     */
    record Story(List<Move> moves, int square, Matcher.TwoPlies twoPly, long[] doneAt) {
        Story {
            moves = List.copyOf(moves);
        }

        Story(List<Move> moves, int square, Matcher.TwoPlies twoPly) {
            this(moves, square, twoPly, null);
        }
    }

    Ambiguity {
        stories = List.copyOf(stories);
    }

    /** Two-ply stories the matcher could not choose among, shown since {@code since}. */
    static Ambiguity of(SquareSet board, List<Matcher.TwoPlies> tied, long since) {
        List<Story> stories = new ArrayList<>();
        for (Matcher.TwoPlies c : tied) {
            stories.add(new Story(List.of(c.move(), c.second()), PromotionChoices.base(c.move()).to(), c));
        }
        return new Ambiguity(board, stories, since, null, -1, -1, -1, Long.MAX_VALUE, 0, null, false);
    }

    /**
     * Stories of any length (found by {@link StorySearch}), each with its square, shown since {@code since}; decided
     * without an answer at {@code decideAt} ({@code Long.MAX_VALUE}: never).
     */
    static Ambiguity ofStories(SquareSet board, List<Story> stories, long since, long decideAt) {
        return new Ambiguity(board, stories, since, null, -1, -1, -1, decideAt, 0, null, false);
    }

    /**
     * Stories that begin {@code withdraw} moves before the committed position, at {@code from} (some keep the moves
     * committed since, some replace them), shown since {@code since}; never decided without an answer.
     */
    static Ambiguity before(SquareSet board, List<Story> stories, long since, int withdraw, Position from,
                            boolean exchange) {
        return new Ambiguity(board, stories, since, null, -1, -1, -1, Long.MAX_VALUE, withdraw, from, exchange);
    }

    /**
     * Asked at {@code now}: the question names each story in SAN, played from {@code position} (the committed one),
     * or from {@link #from} when they begin before it.
     */
    Ambiguity asking(long now, Position position) {
        if (from != null) position = from;
        List<RecognitionEvent.StoryChoice> choices = new ArrayList<>();
        for (Story story : stories) {
            List<String> san = new ArrayList<>();
            Position p = position;
            for (Move m : story.moves()) {
                san.add(p.san(m));
                p = p.play(m);
            }
            choices.add(new RecognitionEvent.StoryChoice(story.moves(), san, story.square(), withdraw));
        }
        return new Ambiguity(board, stories, since, new RecognitionEvent.BoardAmbiguous(now, choices), -1, -1, -1,
                decideAt, withdraw, from, exchange);
    }

    boolean reported() {
        return asked != null;
    }

    Ambiguity touching(int square, long t) {
        return square == touched && releasedAt < 0 ? this
                : new Ambiguity(board, stories, since, asked, square, t, -1, decideAt, withdraw, from, exchange);
    }

    /** The touch ended at {@code t}, the board back as it was: the answer, once the board stays so. */
    Ambiguity released(long t) {
        return new Ambiguity(board, stories, since, asked, touched, touchedSince, t, decideAt, withdraw, from, exchange);
    }

    Ambiguity untouched() {
        return new Ambiguity(board, stories, since, asked, -1, -1, -1, decideAt, withdraw, from, exchange);
    }

    /** The story whose square is {@code square}, or null. */
    Story storyAt(int square) {
        for (Story story : stories) {
            if (story.square() == square) return story;
        }
        return null;
    }
}
