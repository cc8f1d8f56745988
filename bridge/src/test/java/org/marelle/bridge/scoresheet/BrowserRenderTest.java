package org.marelle.bridge.scoresheet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The HTML score sheet printed by a real browser (headless Chromium, "print to PDF", A4): the short game on one
 * page, the 88-move game on two. Skipped when no {@code chromium} (or {@code chromium-browser},
 * {@code google-chrome}) is on the PATH; .ci/run installs Debian's chromium.
 */
class BrowserRenderTest {

    @TempDir
    Path dir;

    @Test
    void printsOnOnePageUpToSixtyMovesAndContinuesPastThem() throws Exception {
        Path browser = browser();
        assumeTrue(browser != null, "no chromium on the PATH");
        assertThat(pages(browser, ScoreSheet.of(ScoreSheetTest.OPERA, Labels.FRENCH), "opera")).isEqualTo(1);
        assertThat(pages(browser, ScoreSheet.of(ScoreSheetTest.LONG, Labels.FRENCH), "long")).isEqualTo(2);
    }

    private int pages(Path browser, ScoreSheet sheet, String name) throws IOException, InterruptedException {
        Path html = dir.resolve(name + ".html");
        Path pdf = dir.resolve(name + ".pdf");
        Files.writeString(html, HtmlScoreSheet.render(sheet), StandardCharsets.UTF_8);
        List<String> command = new ArrayList<>(List.of(browser.toString(), "--headless", "--no-sandbox",
                "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--no-first-run", "--user-data-dir=" + Files.createTempDirectory(dir, "profile"),
                "--no-pdf-header-footer", "--print-to-pdf=" + pdf, html.toUri().toString()));
        Process p = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(dir.resolve(name + ".log").toFile()).start();
        // A guard against a hung browser, not a speed check.
        if (!p.waitFor(3, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new AssertionError("chromium did not finish printing " + html);
        }
        assertThat(pdf).as("chromium's log: %s", Files.readString(dir.resolve(name + ".log"))).exists();
        String text = new String(Files.readAllBytes(pdf), StandardCharsets.ISO_8859_1);
        Matcher count = Pattern.compile("/Type\\s*/Pages\\b[^>]*?/Count\\s+(\\d+)|/Count\\s+(\\d+)[^>]*?/Type\\s*/Pages\\b")
                .matcher(text);
        assertThat(count.find()).as("a page count in the PDF").isTrue();
        return Integer.parseInt(count.group(1) != null ? count.group(1) : count.group(2));
    }

    private static Path browser() {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            for (String name : List.of("chromium", "chromium-browser", "google-chrome")) {
                Path p = Path.of(dir, name);
                if (Files.isExecutable(p)) {
                    return p;
                }
            }
        }
        return null;
    }
}
