package org.marelle.bridge.recognition;

import org.marelle.board.LedFrame;
import org.marelle.board.LedFrame.Led;
import org.marelle.board.LedFrame.Pattern;
import org.marelle.bridge.recognition.RecognitionEvent.Fix;
import org.marelle.bridge.recognition.RecognitionEvent.PromotionChoice;
import org.marelle.geometry.BoardGeometry;
import org.marelle.geometry.SquareSet;
import org.marelle.rules.Color;
import org.marelle.rules.Move;
import org.marelle.rules.PieceType;
import org.marelle.rules.Position;

/**
 * The LED frame for a recognizer state: a pure function, one light per square (the driver maps squares onto its
 * LEDs). In order of precedence:
 * <ol>
 * <li>a reported mismatch: squares to fill blink green, squares to clear blink red;</li>
 * <li>a move made elsewhere (an engine, an online opponent) still to be made on the board: its squares in cyan;</li>
 * <li>an ambiguous board the player is asked about: the square of each story blinks magenta (the one being touched
 * is on);</li>
 * <li>a pending promotion: the promotion square blinks white (the default piece) and the choice squares light in their
 * piece's colour (rook magenta, bishop cyan, knight orange; others purple); the chosen one blinks;</li>
 * <li>a provisional move: its squares blink yellow; if the other side already lifted a piece, its hints show too;</li>
 * <li>a lifted piece: its square white, its legal destinations by kind: quiet green, capture red, en passant
 * destination red with the victim blinking orange, castling in blue (king's destination on, rook's square blinking,
 * rook's destination on). A lifted opponent piece (a capture begun victim-first): the squares of the pieces that can
 * take it blink white and its square is red;</li>
 * <li>otherwise the last move, yellow;</li>
 * <li>over all but a mismatch: the king in check blinks red.</li>
 * </ol>
 */
public final class BoardLeds {

    public static final int WHITE = 0xFFFFFF;
    public static final int QUIET = 0x00FF00;
    public static final int CAPTURE = 0xFF0000;
    public static final int EN_PASSANT_VICTIM = 0xFF8000;
    public static final int CASTLING = 0x0000FF;
    public static final int MOVE = 0xFFFF00;
    public static final int CHECK = 0xFF0000;
    public static final int FILL = 0x00FF00;
    public static final int CLEAR = 0xFF0000;
    public static final int REMOTE = 0x00FFFF;
    public static final int ROOK_CHOICE = 0xFF00FF;
    public static final int BISHOP_CHOICE = 0x00FFFF;
    public static final int KNIGHT_CHOICE = 0xFF8000;
    public static final int OTHER_CHOICE = 0x8000FF;
    /** The squares of the stories an ambiguous board asks about. */
    public static final int QUESTION = 0xFF00FF;
    /** The engine's hint: the move it would make for the player (white, steady, on the board as it stands). */
    public static final int HINT = 0xFFFFFF;

    private BoardLeds() {
    }

    /** The colour that stands for choosing {@code piece} at a promotion. */
    public static int choiceColour(PieceType piece) {
        if (piece == PieceType.ROOK) return ROOK_CHOICE;
        if (piece == PieceType.BISHOP) return BISHOP_CHOICE;
        if (piece == PieceType.KNIGHT) return KNIGHT_CHOICE;
        return OTHER_CHOICE;
    }

    static LedFrame render(RecognizerState s) {
        LedFrame off = LedFrame.off(s.table.geometry.files(), s.table.geometry.ranks());
        return switch (s.situation()) {
            case Situation.Unread u -> off;
            case Situation.Mismatch m -> fixes(off, m.report());
            case Situation.AwaitingRemoteMove r -> paintRemote(off, r.move(), s.table.geometry);
            case Situation.Asking a -> question(off, a);
            case Situation.GameOver g -> centre(off, s);
            case Situation.MovePending p -> withCheck(movePending(off, s, p), s.table.position);
            case Situation.TwoPliesPending p -> withCheck(twoPlies(off, s, p), s.table.position);
            case Situation.TakebackPending p -> withCheck(hints(off, s.table, s.board), s.table.position);
            case Situation.NewGamePending p -> withCheck(hints(off, s.table, s.board), s.table.position);
            case Situation.ResultPending p -> withCheck(hints(off, s.table, s.board), s.table.position);
            case Situation.PieceInHand p -> withCheck(hints(off, s.table, s.board), s.table.position);
            case Situation.InSync i -> withCheck(i.lastMove() == null ? off : paintMove(off, i.lastMove(), Pattern.ON),
                    s.table.position);
        };
    }

    /** A mismatch: squares to fill blink green, squares to clear blink red. */
    private static LedFrame fixes(LedFrame f, RecognitionEvent.BoardMismatch report) {
        for (Fix fix : report.fixes()) {
            if (fix.to() >= 0) f = f.with(fix.to(), new Led(FILL, Pattern.BLINK));
            if (fix.from() >= 0) f = f.with(fix.from(), new Led(CLEAR, Pattern.BLINK));
        }
        return f;
    }

    /** A question: each story's square blinks magenta, the one being touched is on. */
    private static LedFrame question(LedFrame f, Situation.Asking a) {
        for (RecognitionEvent.StoryChoice c : a.choices()) {
            f = f.with(c.square(), new Led(QUESTION, c.square() == a.touched() ? Pattern.ON : Pattern.BLINK));
        }
        return f;
    }

    /** After a result gesture: the kings on the centre squares. */
    private static LedFrame centre(LedFrame f, RecognizerState s) {
        for (int sq : s.board.intersect(ResultGestures.centre(s.table.geometry)).toArray()) {
            f = f.with(sq, new Led(WHITE, Pattern.ON));
        }
        return f;
    }

    /**
     * A provisional move: its squares blink yellow; a promotion with a choice lights its choice squares. If the other
     * side already lifted a piece, its hints show too.
     */
    private static LedFrame movePending(LedFrame f, RecognizerState s, Situation.MovePending p) {
        Move m = p.move();
        if (p.choices().isEmpty()) {
            f = paintMove(f, m, Pattern.BLINK);
        } else {
            PieceType chosen = p.chosen();
            Move b = PromotionChoices.base(m);
            f = f.with(b.from(), new Led(MOVE, Pattern.ON)).with(b.to(), new Led(MOVE, Pattern.ON));
            f = f.with(PromotionChoices.squareOf(m), new Led(chosen == null ? WHITE : choiceColour(chosen), Pattern.BLINK));
            for (PromotionChoice c : p.choices()) {
                f = f.with(c.square(), new Led(choiceColour(c.piece()), c.piece() == chosen ? Pattern.BLINK : Pattern.ON));
            }
        }
        return pendingHints(f, s);
    }

    /** A move and its reply, both provisional: their squares blink yellow (and the next move's hints, if begun). */
    private static LedFrame twoPlies(LedFrame f, RecognizerState s, Situation.TwoPliesPending p) {
        f = paintMove(f, p.move(), Pattern.BLINK);
        f = paintMove(f, p.reply(), Pattern.BLINK);
        return pendingHints(f, s);
    }

    /** The hints of the pieces lifted since the board showed the pending move. */
    private static LedFrame pendingHints(LedFrame f, RecognizerState s) {
        // (A promotion the story search waits on has no pending move: nothing lifted since to hint at.)
        if (!(s.pending instanceof Pending.Moves shown)) return f;
        return s.board.equals(shown.board()) ? f : hints(f, shown.finalTable(), s.board);
    }

    /** Over all but a mismatch, a move elsewhere, a question and the game over: the king in check blinks red. */
    private static LedFrame withCheck(LedFrame f, Position p) {
        if (!p.isCheck()) return f;
        int king = p.king(p.turn());
        return king < 0 ? f : f.with(king, new Led(CHECK, Pattern.BLINK));
    }

    /**
     * A move made elsewhere: its from and to squares, the rook's for castling, and the captured pawn's square for
     * en passant (blinking: that pawn is to be taken off, not moved).
     */
    private static LedFrame paintRemote(LedFrame f, Move remote, BoardGeometry g) {
        Move m = PromotionChoices.base(remote);
        Led led = new Led(REMOTE, Pattern.ON);
        f = f.with(m.from(), led).with(m.to(), led);
        if (m instanceof Move.Castle c) f = f.with(c.rookFrom(), led).with(c.rookTo(), led);
        if (m instanceof Move.EnPassant e) {
            f = f.with(g.square(g.file(e.to()), g.rank(e.from())), new Led(REMOTE, Pattern.BLINK));
        }
        return f;
    }

    private static LedFrame paintMove(LedFrame f, Move move, Pattern pattern) {
        Move m = PromotionChoices.base(move);
        Led led = new Led(MOVE, pattern);
        f = f.with(m.from(), led).with(m.to(), led);
        if (m instanceof Move.Castle c) f = f.with(c.rookFrom(), led).with(c.rookTo(), led);
        return f;
    }

    /** Lights what the lifted pieces can still do: the moves of the table the board is a part of. */
    private static LedFrame hints(LedFrame f, MoveTable tb, SquareSet board) {
        SquareSet lifted = tb.occupancy().minus(board), added = board.minus(tb.occupancy());
        if (lifted.isEmpty()) return f;
        Color mover = tb.position.turn();
        SquareSet own = tb.position.occupancy(mover);
        for (int sq : lifted.toArray()) {
            f = f.with(sq, new Led(WHITE, Pattern.ON));
        }
        for (int i = 0; i < tb.count; i++) {
            if (!tb.partly(i, lifted, added)) continue;
            Move m = PromotionChoices.base(tb.moves[i]);
            if (!lifted.contains(m.from()) && !(m instanceof Move.Castle)) {
                // Only the victim is off the board: show which pieces can take it.
                if (own.contains(m.from())) f = f.with(m.from(), new Led(WHITE, Pattern.BLINK));
                f = f.with(tb.victim[i] >= 0 ? tb.victim[i] : m.to(), new Led(CAPTURE, Pattern.ON));
                continue;
            }
            switch (m) {
                case Move.Castle c -> {
                    f = f.with(c.to(), new Led(CASTLING, Pattern.ON));
                    f = f.with(c.rookTo(), new Led(CASTLING, Pattern.ON));
                    if (board.contains(c.rookFrom())) f = f.with(c.rookFrom(), new Led(CASTLING, Pattern.BLINK));
                }
                case Move.EnPassant e -> {
                    f = f.with(e.to(), new Led(CAPTURE, Pattern.ON));
                    f = f.with(tb.victim[i], new Led(EN_PASSANT_VICTIM, Pattern.BLINK));
                }
                default -> f = f.with(m.to(), new Led(tb.victim[i] >= 0 ? CAPTURE : QUIET, Pattern.ON));
            }
        }
        return f;
    }
}
