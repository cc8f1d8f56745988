package org.marelle.bridge.broadcast;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Map;

/**
 * A board's game as {@code GET /api/game} and every event show it (Jackson writes these records as JSON). Squares
 * are named ({@code "e4"}, {@code "l8"}); pieces carry their variant's name, so a viewer draws a Courier ferz or
 * Schleich without knowing the variant's rules.
 *
 * @param board      the board id
 * @param gameId     the PGN's GameId tag
 * @param variant    the variant's name ({@code standard}, {@code courier}…)
 * @param files      board width
 * @param ranks      board height
 * @param pieceTypes the variant's pieces: FEN letter and name
 * @param initialFen the position before the first move
 * @param fen        the position now
 * @param turn       {@code white} or {@code black}
 * @param ply        the number of moves played
 * @param white      the White tag, or "?"
 * @param black      the Black tag, or "?"
 * @param tags       every tag of the PGN in its order
 * @param result     "*" or the result
 * @param outcome    how the position ended the game by rule ({@code checkmate}, {@code stalemate}…), or null
 * @param ending     how a finished game ended when its position did not ({@link Ending#id()}: {@code resignation},
 *                   {@code agreement}, {@code time-forfeit}, ...), or null
 * @param check      the side to move is in check
 * @param notation   the notation of {@code MoveView.text}
 * @param moves      the moves; left out of the events that follow a move (a viewer keeps the list from the
 *                   {@code state} event and adds each move), present in {@code /api/game} and {@code state} events
 * @param squares    every piece on the board now
 * @param lastMove   the last move's squares, or null
 * @param clock      the clocks, or null
 * @param recognizer what the recognizer says about the physical board
 * @param casual     casual mode (takebacks allowed)
 */
public record GameView(String board, String gameId, String variant, int files, int ranks, List<PieceKind> pieceTypes,
        String initialFen, String fen, String turn, int ply, String white, String black, Map<String, String> tags,
        String result, String outcome, String ending, boolean check, String notation,
        @JsonInclude(JsonInclude.Include.NON_NULL) List<MoveView> moves, List<SquarePiece> squares,
        LastMove lastMove, ClockView clock, BoardStatus recognizer, boolean casual) {

    /** The same view without the move list: what an event carries, the list being the viewer's to keep. */
    public GameView head() {
        return new GameView(board, gameId, variant, files, ranks, pieceTypes, initialFen, fen, turn, ply, white, black,
                tags, result, outcome, ending, check, notation, null, squares, lastMove, clock, recognizer, casual);
    }

    /** One of the variant's piece types. */
    public record PieceKind(String letter, String name) {
    }

    /**
     * One move: its number and side, standard SAN, the configured notation's text, UCI, its squares, the mover's
     * clock after it (milliseconds, or null) and whether a draw was offered with it.
     */
    public record MoveView(int ply, int number, String color, String san, String text, String uci, String from,
            String to, Long clockMillis, boolean drawOffer) {
    }

    /** A piece on a square: upper-case letter, colour and the piece's name. */
    public record SquarePiece(String square, String letter, String color, String name) {
    }

    public record LastMove(String from, String to) {
    }

    /** Milliseconds left for each side (null when unknown), the running side (or null), when it was read. */
    public record ClockView(Long whiteMillis, Long blackMillis, String running, Long asOfMillis) {
    }
}
