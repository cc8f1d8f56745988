package org.marelle.rules;

/** A piece of one colour: a white knight, a black ferz. */
public record Piece(PieceType type, Color color) {

    /** The FEN letter: upper case for White, lower case for Black. */
    public char fenChar() {
        return color == Color.WHITE ? type.letter() : Character.toLowerCase(type.letter());
    }

    @Override
    public String toString() {
        return color.name().toLowerCase() + " " + type.name();
    }
}
