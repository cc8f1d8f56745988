package org.marelle.rules.notation;

import org.marelle.rules.AmbiguousMoveException;
import org.marelle.rules.IllegalMoveException;
import org.marelle.rules.InvalidMoveException;
import org.marelle.rules.Move;
import org.marelle.rules.Position;

/**
 * One way of writing a move: French algebraic, ICCF digits, descriptive notation… Every notation works from the same
 * {@link Move} values, so a game read in one can be written in any other; the PGN file itself always stays standard
 * English SAN.
 *
 * {@snippet :
 * MoveNotation french = Notations.byName("fr");
 * Position start = Position.start(Variant.STANDARD);
 * Move m = french.read(start, "Cf3");        // the king's knight to f3
 * Notations.byName("descriptive-en").write(start, m);   // "N-KB3"
 * }
 *
 * <p>Errors are the core's exceptions, with a message that quotes the text and says why:
 * {@link InvalidMoveException} when the text is not a move in this notation at all, {@link IllegalMoveException}
 * when it is one but not legal in the position, {@link AmbiguousMoveException} when several legal moves fit it.
 */
public interface MoveNotation {

    /** The registry name of the notation, as the command line spells it ({@code fr}, {@code iccf}, …). */
    String name();

    /** A human name for messages, e.g. "French SAN". */
    String title();

    /**
     * Writes a legal move as this notation spells it in {@code before}, with its check mark when the notation has one.
     *
     * @throws IllegalMoveException when the move is not legal in {@code before}
     * @throws IllegalArgumentException when the notation has no meaning on this board (ICCF digits on 12×8)
     */
    String write(Position before, Move move);

    /**
     * Reads one move written in this notation.
     *
     * @throws InvalidMoveException   when the text is not a move in this notation
     * @throws IllegalMoveException   when no legal move fits
     * @throws AmbiguousMoveException when more than one legal move fits
     */
    Move read(Position before, String text);

    /** The game result as this notation's readers write it: "1-0", "0-1", "1/2-1/2" or "½-½", "*". */
    default String result(String pgnResult) {
        return pgnResult;
    }
}
