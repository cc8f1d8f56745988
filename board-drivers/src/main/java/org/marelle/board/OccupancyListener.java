package org.marelle.board;

/** Receives each settled {@link Occupancy} a {@link SensorBoard} reports. */
@FunctionalInterface
public interface OccupancyListener {
    void onOccupancy(Occupancy occupancy);

    /**
     * The board stopped being read at {@code atMillis} (a serial link lost: a cable pulled, the microcontroller
     * reset); the next frame, once it is read again, is the board as it then stands, whatever was played meanwhile.
     */
    default void onReadingLost(long atMillis) {
    }
}
