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
 * package installs, no start before there is a configuration), and that systemd itself finds nothing wrong with it ({@code systemd-analyze verify}, any
 * warning counts). Skipped where systemd-analyze is missing, except in CI, where .ci/run installs it.
 */
class SystemdUnitTest {

    static final Path UNIT = Path.of("..", "systemd", "marelle.service");
    static final String PACKAGE_JAVA = "/usr/lib/marelle/runtime/bin/java";

    @TempDir
    Path dir;

    @Test
    void theUnitSaysWhatTheInstallGuideSays() throws IOException {
        List<String> lines = Files.readAllLines(UNIT);
        assertThat(lines).contains("User=marelle", "Group=marelle", "SupplementaryGroups=gpio i2c spi dialout",
                "Restart=on-failure", "NoNewPrivileges=yes", "ProtectSystem=strict", "PrivateTmp=yes",
                "ReadWritePaths=/var/lib/marelle", "SuccessExitStatus=143", "RestartPreventExitStatus=2",
                "WantedBy=multi-user.target", "ConditionPathExists=/etc/marelle/marelle.yaml");
        // The package's runtime (scripts/package), its class-data archive, and the jar where the package puts it.
        assertThat(lines).anySatisfy(l -> assertThat(l).startsWith("ExecStart=" + PACKAGE_JAVA + " ")
                .contains(" -Xmx64m ", " -XX:+ExitOnOutOfMemoryError ", " -XX:SharedArchiveFile=/usr/lib/marelle/marelle.jsa ")
                .endsWith(" -jar /usr/share/marelle/marelle.jar run --config /etc/marelle/marelle.yaml"));
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
        if (!Files.isExecutable(Path.of(PACKAGE_JAVA))) {
            // verify checks that ExecStart's program exists; without the package installed, point at this test's Java
            // (scripts/test-package verifies the installed unit as it is).
            unit = unit.replace("ExecStart=" + PACKAGE_JAVA + " ", "ExecStart=" + Path.of(System.getProperty("java.home"),
                    "bin", "java") + " ");
        }
        if (!Files.exists(Path.of("/usr/share/man/man1/marelle.1.gz"))) {
            // verify also runs `man` on the Documentation= pages; marelle(1) comes with the package.
            unit = unit.replace("Documentation=man:marelle(1)", "Documentation=man:systemd.service(5)");
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
