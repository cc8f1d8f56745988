/**
 * PGN (Portable Game Notation): reading, replaying, checking and writing games.
 *
 * <p>{@link org.marelle.rules.pgn.PgnReader} streams the games of a source as
 * {@link org.marelle.rules.pgn.PgnReader.Entry entries}: a {@link org.marelle.rules.pgn.PgnGame} (tags, initial
 * position, a tree of {@link org.marelle.rules.pgn.GameNode}s with comments, NAGs and variations, result) or a
 * {@link org.marelle.rules.pgn.PgnError} naming the game and line:column, after which reading goes on.
 * {@link org.marelle.rules.pgn.PgnWriter} writes export format; {@link org.marelle.rules.pgn.PgnCheck} is the whole
 * file check behind {@code marelle pgn check}.
 *
 * {@snippet :
 * try (Reader in = PgnReader.decode(Files.newInputStream(path))) {
 *     PgnCheck.Report r = PgnCheck.check(in, path.toString());
 *     r.errors().forEach(System.err::println);   // "games.pgn: game 3, line 41:7: illegal move '12... Nf6' in ..."
 * }
 * }
 */
package org.marelle.rules.pgn;
