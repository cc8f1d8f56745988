package org.marelle.bridge.maker;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.marelle.board.SensorMapping;
import org.marelle.board.SensorReading;
import org.marelle.board.layout.GridOrder;
import org.marelle.board.layout.Rotation;
import org.marelle.board.sim.SimulatedBoard;
import org.marelle.bridge.config.ConfigLoader;
import org.marelle.bridge.config.MarelleConfig;
import org.marelle.bridge.daemon.Hardware;
import org.marelle.geometry.BoardGeometry;
import org.marelle.rules.Variant;

/**
 * Calibration driven by frames from a simulated board standing for the raw sensors (read through the identity
 * mapping, as {@code marelle calibrate} reads them): the test's wiring decides which sensor a piece on a square
 * turns on.
 */
class CalibrationTest {

    @TempDir
    Path dir;

    /** Plays the person: a piece on each square asked for, then lifted, skipping squares that do not answer. */
    private static Calibration calibrate(SimulatedBoard sensors, int files, int ranks, java.util.function.IntUnaryOperator sensorOf,
                                         java.util.Set<Integer> silent) {
        Calibration[] cal = {Calibration.start(files, ranks)};
        sensors.addListener(o -> cal[0] = cal[0].accept(o));
        sensors.start();
        long t = 0;
        for (int guard = 0; !cal[0].done() && guard < 10 * files * ranks; guard++) {
            int sq = cal[0].litSquare().orElseThrow();
            int sensor = sensorOf.applyAsInt(sq);
            switch (cal[0].phase()) {
                case PLACE -> {
                    if (silent.contains(sensor)) cal[0] = cal[0].skip();
                    else sensors.drop(sensor, t += 500);
                }
                case LIFT -> sensors.lift(sensor, t += 500);
                default -> throw new AssertionError(cal[0].prompt());
            }
        }
        assertThat(cal[0].done()).as(cal[0].prompt()).isTrue();
        return cal[0];
    }

    @Test
    void findsARotatedMirroredSerpentineWiringAndWritesItIntoTheConfig() throws IOException, Exception {
        GridOrder wiring = new GridOrder(8, 8, Rotation.R90, true, true);
        SimulatedBoard sensors = new SimulatedBoard(8, 8);
        Calibration cal = calibrate(sensors, 8, 8, sq -> wiring.index(sq % 8, sq / 8), java.util.Set.of());

        SensorMapping expected = SensorMapping.grid(8, 8, wiring);
        Calibration.Result r = cal.result();
        assertThat(r.mapping()).isEqualTo(expected);
        assertThat(r.stuckSensors()).isEmpty();
        assertThat(r.deadSensors()).isEmpty();
        assertThat(r.unmappedSquares()).isEmpty();
        assertThat(cal.report()).contains("no stuck or dead sensor");

        // Into a copy of a real configuration file: the rest of the file stays as it was.
        String original = Files.readString(Path.of("../config/reed-matrix-ws2812.yaml"));
        Path copy = dir.resolve("board.yaml");
        Files.writeString(copy, SensorTableWriter.withTable(original, r.mapping()));
        String written = Files.readString(copy);
        for (String line : original.lines().toList()) {
            if (!line.strip().startsWith("sensors:") && !line.startsWith("    rotation") && !line.startsWith("    mirrored")
                    && !line.startsWith("    serpentine")) {
                assertThat(written).contains(line);
            }
        }
        MarelleConfig loaded = ConfigLoader.load(copy);
        SensorMapping mapping = Hardware.mapping(loaded.board().sensors(), Variant.byName("standard").geometry());
        assertThat(mapping).isEqualTo(expected);
        // The sensor the wiring puts under e4 now reads as e4.
        int e4 = BoardGeometry.CHESS.parseSquare("e4");
        int sensor = wiring.index(4, 3);
        assertThat(mapping.occupancy(SensorReading.ofSensors(sensor), 0).squares()).containsExactly(e4);
    }

    @Test
    void findsACourierBoardWiredFromTheFarCorner() {
        GridOrder wiring = new GridOrder(12, 8, Rotation.R180, false, false);
        Calibration cal = calibrate(new SimulatedBoard(12, 8), 12, 8, sq -> wiring.index(sq % 12, sq / 12), java.util.Set.of());
        assertThat(cal.result().mapping()).isEqualTo(SensorMapping.grid(12, 8, wiring));
    }

    @Test
    void reportsAStuckAndADeadSensorBySensorAndSquare() {
        int stuck = 10;   // under c2, always on
        int dead = 37;    // under f5, never on
        SimulatedBoard sensors = new SimulatedBoard(8, 8);
        sensors.drop(stuck, 0);
        Calibration cal = calibrate(sensors, 8, 8, sq -> sq, java.util.Set.of(stuck, dead));
        Calibration.Result r = cal.result();
        assertThat(r.stuckSensors()).containsExactly(stuck);
        assertThat(r.deadSensors()).containsExactly(dead);
        assertThat(r.unmappedSquares()).containsExactly(BoardGeometry.CHESS.parseSquare("c2"), BoardGeometry.CHESS.parseSquare("f5"));
        assertThat(r.mapping().square(stuck)).isEqualTo(SensorMapping.UNUSED);
        assertThat(r.mapping().square(dead)).isEqualTo(SensorMapping.UNUSED);
        assertThat(r.mapping().square(11)).isEqualTo(11);
        assertThat(cal.report()).contains("sensor 10: stuck (always on)", "sensor 37: dead (never seen on)",
                "c2: no sensor answered", "f5: no sensor answered");
    }

    @Test
    void twoSensorsAtOnceAreRefusedUntilOnlyThePieceAskedForRemains() {
        Calibration cal = Calibration.start(8, 8).accept(org.marelle.board.Occupancy.empty(8, 8, 0));
        Calibration two = cal.accept(org.marelle.board.Occupancy.of(8, 8, 1, 0, 9));
        assertThat(two.phase()).isEqualTo(Calibration.Phase.PLACE);
        assertThat(two.prompt()).contains("2 sensors are on (0, 9)", "a1");
        Calibration one = two.accept(org.marelle.board.Occupancy.of(8, 8, 2, 9));
        assertThat(one.phase()).isEqualTo(Calibration.Phase.LIFT);
        assertThat(one.result().mapping().square(9)).isZero();
    }
}
