package org.marelle.rules.pgn;

/**
 * What is wrong with one game of a PGN source, and where.
 *
 * @param source     the name the caller gave the source (a file name, "stdin", ...)
 * @param gameNumber 1-based number of the game in the source, counting good and bad games
 * @param line       1-based line of the offending text
 * @param column     1-based column of the offending text
 * @param message    what is wrong, quoting the text
 */
public record PgnError(String source, int gameNumber, int line, int column, String message) {

    @Override
    public String toString() {
        return source + ": game " + gameNumber + ", line " + line + ":" + column + ": " + message;
    }
}
