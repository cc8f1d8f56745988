package org.marelle.bridge.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.marelle.board.sim.SimulatedBoard;
import org.marelle.bridge.config.ConfigLoader;
import org.marelle.bridge.config.MarelleConfig;
import org.marelle.bridge.journal.Journal;
import org.marelle.bridge.journal.JournalFile;
import org.marelle.bridge.journal.SmallDisk;
import org.marelle.bridge.session.GameRecord;
import org.marelle.bridge.session.SaveStatus;
import org.marelle.bridge.session.SessionEvent;
import org.marelle.rules.Position;
import org.marelle.rules.Variant;

/**
 * Issue #14, 2: {@code marelle run} with its state directory on a disk that fills up during the game (a real one: a
 * 64 KiB tmpfs). The board goes on recognizing and the game goes on in memory; the log says so once (not once per
 * sensor frame), the viewer says so, and once space returns the daemon writes everything by itself, says so once,
 * and a restart resumes every move.
 */
class DiskFullRunTest {

    @TempDir
    Path dir;

    private final ByteArrayOutputStream logBytes = new ByteArrayOutputStream();
    private final EventLog log = EventLog.plain(new PrintStream(logBytes, true, StandardCharsets.UTF_8), false);
    private final LauncherTest.HandClock clock = new LauncherTest.HandClock();

    private String log() {
        return logBytes.toString(StandardCharsets.UTF_8);
    }

    private long lines(String containing) {
        return log().lines().filter(l -> l.contains(containing)).count();
    }

    @Test
    void onAFullDiskTheBoardPlaysOnSaysSoOnceAndWritesEverythingWhenSpaceReturns() throws Exception {
        try (SmallDisk disk = SmallDisk.mount(dir.resolve("disk"))) {
            Path state = disk.root().resolve("state");
            MarelleConfig config = ConfigLoader.parse("""
                    board:
                      driver: {type: simulated}
                    recognition:
                      mode: casual
                    output:
                      pgnDirectory: %s
                      stateDirectory: %s
                    broadcast:
                      bind: 127.0.0.1
                      port: 0
                    """.formatted(dir.resolve("pgn"), state), "disk-full.yaml");
            Launcher.Running r = Launcher.start(config, () -> {
                throw new AssertionError("a simulated board needs no Pi4J");
            }, clock, log);
            SimulatedBoard board = (SimulatedBoard) r.hardware().sensors();
            Position p = Position.start(Variant.STANDARD);
            GameRecord played;
            try {
                p = play(r, board, p, "e4", "e5");

                disk.fill();
                CompletableFuture<SaveStatus> notSaved = new CompletableFuture<>();
                CompletableFuture<SaveStatus> savedAgain = new CompletableFuture<>();
                r.journal().onSaveStatusChange(s -> (s.saved() ? savedAgain : notSaved).complete(s));
                // Tags until the journal's last page on the disk is full and the disk refuses a record.
                Path current = state.resolve(Journal.CURRENT);
                for (int i = 0; i < 40 && !notSaved.isDone(); i++) {
                    String value = i + "x".repeat(250);
                    r.daemon().submit(l -> l.session().setTag("Annotator", value)).get(10, TimeUnit.SECONDS);
                }
                assertThat(notSaved.get(10, TimeUnit.SECONDS).problem()).contains("No space left on device");
                p = play(r, board, p, "Nf3", "Nc6", "Bb5");
                played = r.daemon().submit(l -> l.session().game()).get(10, TimeUnit.SECONDS);
                assertThat(played.sans()).containsExactly("e4", "e5", "Nf3", "Nc6", "Bb5");
                assertThat(JournalFile.read(current).droppedBytes()).as("part of a refused record").isZero();

                // One line for the change, none per frame; nothing refused to the recognizer.
                assertThat(lines("not being saved")).isEqualTo(1);
                assertThat(lines("did not record")).isZero();
                JsonNode game = apiGame(r.live().uri());
                assertThat(game.at("/recognizer/record").asText()).contains("not being saved", "No space left on device");

                disk.free();
                clock.millis += 2 * BoardLoop.SAVE_RETRY_MILLIS;   // the daemon tries again by itself
                savedAgain.get(10, TimeUnit.SECONDS);
                assertThat(lines("saved again")).isEqualTo(1);
                assertThat(apiGame(r.live().uri()).at("/recognizer/record").isMissingNode()
                        || apiGame(r.live().uri()).at("/recognizer/record").isNull()).isTrue();
            } finally {
                r.daemon().stop();
            }

            Launcher.Running again = Launcher.start(config, () -> {
                throw new AssertionError();
            }, clock, log);
            again.daemon().stop();
            assertThat(again.session().game().sans()).containsExactlyElementsOf(played.sans());
            assertThat(again.session().game().tags()).isEqualTo(played.tags());
        }
    }

    /** Plays moves on the simulated board and waits until the game recorded them. */
    private Position play(Launcher.Running r, SimulatedBoard board, Position p, String... sans) throws Exception {
        int target = r.daemon().submit(l -> l.session().game().plies()).get(10, TimeUnit.SECONDS) + sans.length;
        CompletableFuture<GameRecord> done = new CompletableFuture<>();
        r.session().addListener((e, g) -> {
            if (e instanceof SessionEvent.MovePlayed && g.plies() == target) done.complete(g);
        });
        for (String san : sans) {
            var move = p.parseSan(san);
            clock.millis += 2_000;
            board.lift(move.from(), clock.millis);
            clock.millis += 300;
            board.drop(move.to(), clock.millis);
            p = p.play(move);
        }
        clock.millis += 5_000;   // every window has run out
        done.get(10, TimeUnit.SECONDS);
        return p;
    }

    private static JsonNode apiGame(URI base) throws Exception {
        HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(base.resolve("/api/game")).build(),
                HttpResponse.BodyHandlers.ofString());
        return new ObjectMapper().readTree(r.body());
    }
}
