package org.marelle.bridge.broadcast;

/**
 * One board as the public sees it: the snapshot it was made from, rendered once into everything the endpoints serve
 * (the JSON of {@link GameView}, the PGN with its entity tag).
 *
 * @param board    the board
 * @param snapshot what the session published
 * @param view     the JSON model
 * @param json     {@code view} as JSON text (one line)
 * @param headJson {@code view.head()} as JSON text: the view without its move list, for events
 * @param pgn      the game as PGN, ending with a line end
 * @param etag     the PGN's entity tag (quoted, strong), a digest of its bytes
 */
public record BoardView(BoardId board, GameSnapshot snapshot, GameView view, String json, String headJson, String pgn,
        String etag) {
}
