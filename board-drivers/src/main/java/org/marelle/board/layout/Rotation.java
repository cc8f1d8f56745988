package org.marelle.board.layout;

/**
 * How a chain of sensors or LEDs lies on the board, as a turn of the hardware's own grid. Element 0 of the chain
 * and the direction its first line runs, on an 8x8 board (12x8 alike, with l for h):
 *
 * <table>
 * <caption>Where the chain starts</caption>
 * <tr><th>rotation</th><th>element 0</th><th>first line runs</th><th>mirrored: element 0</th><th>runs</th></tr>
 * <tr><td>R0</td><td>a1</td><td>along rank 1 towards h1</td><td>h1</td><td>towards a1</td></tr>
 * <tr><td>R90</td><td>h1</td><td>up the h-file towards h8</td><td>a1</td><td>up the a-file</td></tr>
 * <tr><td>R180</td><td>h8</td><td>along rank 8 towards a8</td><td>a8</td><td>towards h8</td></tr>
 * <tr><td>R270</td><td>a8</td><td>down the a-file towards a1</td><td>h8</td><td>down the h-file</td></tr>
 * </table>
 *
 * The eight combinations cover every start corner and both first directions.
 */
public enum Rotation {
    R0, R90, R180, R270;

    public int degrees() {
        return ordinal() * 90;
    }

    /** @throws IllegalArgumentException naming the value unless it is 0, 90, 180 or 270 */
    public static Rotation ofDegrees(int degrees) {
        return switch (degrees) {
            case 0 -> R0;
            case 90 -> R90;
            case 180 -> R180;
            case 270 -> R270;
            default -> throw new IllegalArgumentException("rotation " + degrees + " is not one of 0, 90, 180, 270");
        };
    }
}
