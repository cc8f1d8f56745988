package org.marelle.board;

/** Receives each settled {@link Occupancy} a {@link SensorBoard} reports. */
@FunctionalInterface
public interface OccupancyListener {
    void onOccupancy(Occupancy occupancy);
}
