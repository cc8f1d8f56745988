package org.marelle.bridge.recognition;

import java.util.ArrayList;
import java.util.List;
import org.marelle.bridge.recognition.RecognitionEvent.PromotionChoice;
import org.marelle.geometry.BoardGeometry;
import org.marelle.geometry.SquareSet;
import org.marelle.rules.Move;
import org.marelle.rules.PieceType;
import org.marelle.rules.Position;

/**
 * The on-board way to choose the promotion piece without a screen. While a promotion is pending the board lights, in
 * the piece's colour, the empty squares nearest the promotion square (nearest by king steps, then by file and rank
 * steps, then a1 first; the square the pawn came from is left out, since putting a piece there undoes the move): one
 * square per piece other than the default. Setting a piece down on one of them (the pawn just taken off the board is
 * in the hand) and lifting it again chooses that piece. Doing nothing keeps the default (the queen; in Courier the
 * ferz, with no choice at all). A pawn that waited on the last rank (Albers' Courier) is chosen the same way, around
 * its square, with the move that completes its promotion.
 */
public final class PromotionChoices {

    private PromotionChoices() {
    }

    /** The default piece: the first of the variant's promotion pieces. */
    public static PieceType defaultPiece(Position position) {
        return position.variant().promotions().get(0);
    }

    /** Whether the move makes a pawn a new piece: a promotion, or a move completing a delayed promotion. */
    public static boolean isPromotion(Move m) {
        return m instanceof Move.Promotion || m instanceof Move.Deferred;
    }

    /** The piece a promotion (or delayed promotion) makes, or null. */
    public static PieceType pieceOf(Move m) {
        return switch (m) {
            case Move.Promotion p -> p.promotion();
            case Move.Deferred d -> d.promotion();
            default -> null;
        };
    }

    /** The square where the pawn becomes the new piece, or -1. */
    public static int squareOf(Move m) {
        return switch (m) {
            case Move.Promotion p -> p.to();
            case Move.Deferred d -> d.square();
            default -> -1;
        };
    }

    /** The same move making another piece. */
    static Move withPiece(Move m, PieceType piece) {
        return switch (m) {
            case Move.Promotion p -> new Move.Promotion(p.from(), p.to(), piece);
            case Move.Deferred d -> new Move.Deferred(d.move(), d.square(), piece);
            default -> m;
        };
    }

    /** What the pieces do on the board, without the delayed promotion riding on a move. */
    public static Move base(Move m) {
        return m instanceof Move.Deferred d ? d.move() : m;
    }

    /**
     * The squares to light for a promotion (or a move completing a delayed promotion) played in {@code position};
     * empty when there is no choice.
     */
    public static List<PromotionChoice> of(Position position, Move promotion) {
        List<PieceType> pieces = position.variant().promotions();
        if (pieces.size() <= 1 || !isPromotion(promotion)) return List.of();
        BoardGeometry g = position.geometry();
        SquareSet after = position.occupancyAfter(promotion);
        int to = squareOf(promotion);
        int from = base(promotion).from();
        // The empty squares nearest the promotion square: fewest king steps, then fewest rook steps, then the lower
        // square, as one sort key per square (the story search asks this for every promotion it reads).
        int[] empty = new int[g.squareCount()];
        int count = 0;
        for (int sq = 0; sq < g.squareCount(); sq++) {
            if (!after.contains(sq) && sq != from) {
                empty[count++] = kingSteps(g, sq, to) << 16 | lineSteps(g, sq, to) << 8 | sq;
            }
        }
        java.util.Arrays.sort(empty, 0, count);
        List<PromotionChoice> out = new ArrayList<>();
        for (int i = 1; i < pieces.size() && i - 1 < count; i++) {
            out.add(new PromotionChoice(pieces.get(i), empty[i - 1] & 0xFF));
        }
        return out;
    }

    private static int kingSteps(BoardGeometry g, int a, int b) {
        return Math.max(Math.abs(g.file(a) - g.file(b)), Math.abs(g.rank(a) - g.rank(b)));
    }

    private static int lineSteps(BoardGeometry g, int a, int b) {
        return Math.abs(g.file(a) - g.file(b)) + Math.abs(g.rank(a) - g.rank(b));
    }
}
