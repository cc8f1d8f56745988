/**
 * Board geometry: what a board of squares is, with no chess in it, shared by the rules core ({@code rules}) and the
 * board drivers ({@code board-drivers}).
 *
 * <p>{@link org.marelle.geometry.BoardGeometry} is a board's shape ({@code files × ranks}) and names its squares
 * ({@code a1}, {@code e4}, {@code l8}); a square is a plain {@code int}, {@code rank * files + file}, a1 = 0 on every
 * board. {@link org.marelle.geometry.SquareSet} is an immutable set of squares, 128 bits wide, so that every board
 * supported (8×8, 12×8, up to 128 squares) fits: what the sensors see, the squares a move empties, fills or passes
 * over. It is read and combined as a set ({@code union}, {@code minus}, {@code containsAll}, ...); only the rules
 * core's move generator looks at the bits themselves ({@code word(index)} gives them where words must be written).
 *
 * <p>How the parts fit: {@code docs/architecture.md}.
 */
package org.marelle.geometry;
