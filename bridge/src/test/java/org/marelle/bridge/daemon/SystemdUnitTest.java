package org.marelle.bridge.daemon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shipped unit file: what it promises (its own user, the hardware groups, restarts, hardening, the paths the
 * install guide uses), and that systemd itself finds nothing wrong with it ({@code systemd-analyze verify}, any
 * warning counts). Skipped where systemd-analyze is missing, except in CI, where .ci/run installs it.
 */
class SystemdUnitTest {

    static final Path UNIT = Path.of("..", "systemd", "marelle.service");

    @TempDir
    Path dir;

    @Test
    void theUnitSaysWhatTheInstallGuideSays() throws IOException {
        List<String> lines = Files.readAllLines(UNIT);
        assertThat(lines).contains("User=marelle", "Group=marelle", "SupplementaryGroups=gpio i2c spi dialout",
                "Restart=on-failure", "NoNewPrivileges=yes", "ProtectSystem=strict", "PrivateTmp=yes",
                "ReadWritePaths=/var/lib/marelle", "SuccessExitStatus=143", "RestartPreventExitStatus=2",
                "WantedBy=multi-user.target");
        assertThat(lines).anySatisfy(l -> assertThat(l).startsWith("ExecStart=/usr/bin/java ")
                .contains(" -Xmx64m ", " -XX:+ExitOnOutOfMemoryError ").endsWith(" -jar /opt/marelle/marelle.jar run --config /etc/marelle/marelle.yaml"));
    }

    @Test
    void systemdAnalyzeVerifyFindsNothingToSay() throws Exception {
        Path analyze = Path.of("/usr/bin/systemd-analyze");
        if (!Files.isExecutable(analyze)) analyze = Path.of("/bin/systemd-analyze");
        boolean present = Files.isExecutable(analyze);
        if (System.getenv("CI") != null) {
            assertThat(present).as("systemd-analyze must be installed in CI (.ci/run installs the systemd package)").isTrue();
        }
        assumeTrue(present, "systemd-analyze is not installed");
        String unit = Files.readString(UNIT);
        if (!Files.isExecutable(Path.of("/usr/bin/java"))) {
            // verify checks that ExecStart's program exists; where Java lives elsewhere, point at this test's Java.
            unit = unit.replace("ExecStart=/usr/bin/java ", "ExecStart=" + Path.of(System.getProperty("java.home"),
                    "bin", "java") + " ");
        }
        Path copy = dir.resolve("marelle.service");
        Files.writeString(copy, unit);
        Process p = new ProcessBuilder(analyze.toString(), "verify", copy.toString()).redirectErrorStream(true).start();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        String said = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.exitValue()).as(said).isZero();
        assertThat(said).as("systemd-analyze verify output").isBlank();
    }
}
