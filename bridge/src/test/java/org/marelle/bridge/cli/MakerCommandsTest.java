package org.marelle.bridge.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Supplier;
import com.pi4j.context.Context;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.marelle.board.SensorMapping;
import org.marelle.bridge.config.ConfigLoader;
import org.marelle.geometry.BoardGeometry;

/** {@code marelle calibrate} and {@code marelle leds} on the simulated board of config/simulated.yaml. */
class MakerCommandsTest {

    @TempDir
    Path dir;

    private static final Supplier<Context> NO_PI4J = () -> {
        throw new AssertionError("a simulated board needs no Pi4J");
    };

    @Test
    void calibrateOnTheSimulatedBoardWritesTheTableIntoTheOutputFile() throws Exception {
        Path config = SensorsCommandTest.simulatedConfig(dir);
        String before = Files.readString(config);
        StringBuilder person = new StringBuilder();
        for (int sq = 0; sq < 64; sq++) {
            String name = BoardGeometry.CHESS.squareName(sq);
            person.append("drop ").append(name).append('\n').append("lift ").append(name).append('\n');
        }
        Path out = dir.resolve("calibrated.yaml");
        CliRun r = SensorsCommandTest.run(new CalibrateCommand(new StringReader(person.toString()),
                SensorsCommandTest.steppingClock(), NO_PI4J), "--config", config.toString(), "--output", out.toString());
        assertThat(r.exitCode()).as(r.out() + r.err()).isZero();
        assertThat(r.out()).contains("Put a piece on a1", "Lift the piece off h8", "no stuck or dead sensor",
                "sensor table written to " + out);
        assertThat(Files.readString(config)).isEqualTo(before);
        String table = ConfigLoader.load(out).board().sensors().table();
        assertThat(SensorMapping.parse(8, 8, table)).isEqualTo(SensorMapping.identity(8, 8));
        assertThat(Files.readString(out)).contains("# A simulated board: no hardware.", "  mode: casual");
    }

    @Test
    void calibrateAbandonedLeavesTheFileAlone() throws IOException {
        Path config = SensorsCommandTest.simulatedConfig(dir);
        String before = Files.readString(config);
        CliRun r = SensorsCommandTest.run(new CalibrateCommand(new StringReader("drop a1\nlift a1\nquit\n"),
                SensorsCommandTest.steppingClock(), NO_PI4J), "--config", config.toString());
        assertThat(r.exitCode()).isEqualTo(1);
        assertThat(r.out()).contains("Put a piece on b1", "calibration abandoned");
        assertThat(Files.readString(config)).isEqualTo(before);
    }

    @Test
    void ledsWithoutLedsDrawsTheWalkAsText() throws IOException {
        Path config = SensorsCommandTest.simulatedConfig(dir);
        CliRun r = SensorsCommandTest.run(new LedsCommand(SensorsCommandTest.steppingClock(), NO_PI4J),
                "--config", config.toString(), "--step-millis", "0");
        assertThat(r.exitCode()).as(r.out() + r.err()).isZero();
        assertThat(r.out()).contains("no LEDs configured", "64 steps", "square a1", "square h8",
                "........\n........\n........\n........\n........\n........\n........\no.......\n");
        assertThat(r.out().indexOf("square a1")).isLessThan(r.out().indexOf("square b1"));
    }

    @Test
    void theToolsAreSubcommandsOfMarelle() {
        for (String tool : new String[] {"sensors", "calibrate", "leds"}) {
            CliRun r = CliRun.of(tool, "--help");
            assertThat(r.exitCode()).isZero();
            assertThat(r.out()).contains("--config");
        }
    }
}
