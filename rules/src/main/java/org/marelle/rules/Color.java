package org.marelle.rules;

/** The two sides. White moves up the board (towards higher ranks). */
public enum Color {
    WHITE, BLACK;

    public Color other() {
        return this == WHITE ? BLACK : WHITE;
    }

    /** 'w' or 'b', as in FEN. */
    public char fenChar() {
        return this == WHITE ? 'w' : 'b';
    }
}
