package org.marelle.board.layout;

import java.util.Objects;

/**
 * The order in which a chain of elements (sensors, LEDs) visits a {@code width × height} grid in board
 * coordinates: x counts files from the a-file, y counts ranks from rank 1. The chain runs in lines along the
 * hardware's own rows; with {@code serpentine} every second line runs back (as LED strips are usually laid);
 * {@link Rotation} and {@code mirrored} say how the hardware grid lies on the board (see {@link Rotation} for
 * where element 0 ends up).
 *
 * @param width      cells across (files, or files + 1 for corner LEDs)
 * @param height     cells up (ranks, or ranks + 1)
 * @param rotation   how the hardware grid is turned on the board
 * @param mirrored   whether the files are reversed after turning
 * @param serpentine whether every second line runs the opposite way
 */
public record GridOrder(int width, int height, Rotation rotation, boolean mirrored, boolean serpentine) {

    public GridOrder {
        if (width < 1 || height < 1) throw new IllegalArgumentException("grid of " + width + "x" + height + " cells");
        Objects.requireNonNull(rotation, "rotation");
    }

    /** Row by row from a1 along rank 1, every line the same way: the plain numbering squares already have. */
    public static GridOrder rowMajor(int width, int height) {
        return new GridOrder(width, height, Rotation.R0, false, false);
    }

    public int size() {
        return width * height;
    }

    /** Length of one hardware line: the lines run across the board at R0 and R180, up it at R90 and R270. */
    private int lineLength() {
        return rotation == Rotation.R0 || rotation == Rotation.R180 ? width : height;
    }

    /** The cell ({@code y * width + x}) that element {@code index} of the chain sits on. */
    public int cell(int index) {
        Objects.checkIndex(index, size());
        int len = lineLength();
        int v = index / len;
        int u = index % len;
        if (serpentine && (v & 1) == 1) u = len - 1 - u;
        int x, y;
        switch (rotation) {
            case R0 -> { x = u; y = v; }
            case R90 -> { x = width - 1 - v; y = u; }
            case R180 -> { x = width - 1 - u; y = height - 1 - v; }
            case R270 -> { x = v; y = height - 1 - u; }
            default -> throw new AssertionError(rotation);
        }
        if (mirrored) x = width - 1 - x;
        return y * width + x;
    }

    /** The chain element sitting on cell ({@code x}, {@code y}): the inverse of {@link #cell(int)}. */
    public int index(int x, int y) {
        Objects.checkIndex(x, width);
        Objects.checkIndex(y, height);
        if (mirrored) x = width - 1 - x;
        int u, v;
        switch (rotation) {
            case R0 -> { u = x; v = y; }
            case R90 -> { u = y; v = width - 1 - x; }
            case R180 -> { u = width - 1 - x; v = height - 1 - y; }
            case R270 -> { u = height - 1 - y; v = x; }
            default -> throw new AssertionError(rotation);
        }
        int len = lineLength();
        if (serpentine && (v & 1) == 1) u = len - 1 - u;
        return v * len + u;
    }
}
