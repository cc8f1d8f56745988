package org.marelle.bridge.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.marelle.bridge.journal.Journal;
import org.marelle.bridge.journal.JournalCodec;
import org.marelle.bridge.journal.JournalFile;
import org.marelle.bridge.session.GameRecord;
import org.marelle.bridge.session.SessionEvent;
import org.marelle.rules.pgn.PgnGame;

/**
 * Power cuts, simulated: the demo daemon runs in a JVM of its own and is killed with SIGKILL at random moments
 * (while starting, while replaying its journal, between a move and its result, in the middle of writing files),
 * then started again on the same folder, until the game is over. After every restart the game must resume with
 * every move the daemon had announced (a move is announced only after it is on disk) and none twice, and at the
 * end the PGN file must hold exactly the source game.
 */
class CrashSafetyTest {

    private static final Pattern MOVE = Pattern.compile("move (\\d+)(\\.|\\.\\.\\.) (\\S+)");
    private static final Pattern RESUMED = Pattern.compile("resumed game \\S+ at ply (\\d+) from the journal");

    @TempDir
    Path dir;

    /** Kills so far, over every game of a test. */
    private int kills;
    /** Kills before the child said it was ready, and restarts that resumed a game from the journal. */
    private int killedEarly;
    private int resumes;

    @Test
    void killedAtRandomTheDaemonLosesNoMoveAndDoublesNone() throws Exception {
        killUntil(30, 0x5EED);   // 400 more in -Pslow (manyMoreKills)
    }

    @Test
    @Tag("slow")
    void manyMoreKills() throws Exception {
        killUntil(400, 0xC0FFEE);
    }

    /** Plays the demo game, then the real games, each under random kills, until {@code minKills} kills were made. */
    private void killUntil(int minKills, long seed) throws Exception {
        SplittableRandom random = new SplittableRandom(seed);
        Path games = dir.resolve("real-games.pgn");
        try (InputStream in = CrashSafetyTest.class.getResourceAsStream(TestGames.REAL_GAMES)) {
            Files.write(games, in.readAllBytes());
        }
        List<PgnGame> real = TestGames.read(TestGames.REAL_GAMES);
        int round = 0;
        while (kills < minKills) {
            int which = round % (real.size() + 1);   // 0: the bundled game, then the real games in turn
            PgnGame source = which == 0 ? TestGames.demo() : real.get(which - 1);
            List<String> args = new ArrayList<>(List.of("demo", "--http-port", "0", "--out", "out-" + round, "--profile", "clean",
                    "--speed", "8"));
            if (which > 0) args.addAll(List.of("--pgn", games.toString(), "--game", Integer.toString(which)));
            playUnderKills(source, args.toArray(String[]::new), dir.resolve("out-" + round), random, "seed " + seed
                    + ", round " + round);
            round++;
        }
        assertThat(kills).isGreaterThanOrEqualTo(minKills);
        System.out.printf("crash test: %d kills (%d before the journal was resumed), %d games, %d restarts that "
                + "resumed a game%n", kills, killedEarly, round, resumes);
    }

    private void playUnderKills(PgnGame source, String[] args, Path out, SplittableRandom random, String where)
            throws Exception {
        List<String> sans = source.mainlineSan();
        int announced = 0;        // plies the daemon said were recorded, over all runs so far
        int fruitless = 0;        // runs in a row that ended with no new ply announced
        for (int run = 0; ; run++) {
            ChildJvm child = ChildJvm.start(dir, args);
            // Anywhere from the JVM's start to well into the game; a window that grows while runs make no progress,
            // so that a machine slow to start JVMs (a loaded CI host) still sees the game through.
            long killAfter = 50 + random.nextLong(1_400L * (1 + fruitless));
            int announcedBefore = announced;
            boolean exited = child.waitFor(killAfter);
            if (!exited) {
                child.kill();
                kills++;
                if (child.lines().stream().noneMatch(l -> l.startsWith("ready"))) killedEarly++;
            }
            if (child.lines().stream().anyMatch(l -> RESUMED.matcher(l).matches())) resumes++;
            String context = where + ", run " + run + (exited ? "" : " killed after " + killAfter + " ms")
                    + ":\n" + child.output();
            int resumedAt = 0;
            int ply = -1;
            for (String line : child.lines()) {
                Matcher r = RESUMED.matcher(line);
                if (r.matches()) {
                    resumedAt = Integer.parseInt(r.group(1));
                    // Every move announced before the kill is in the journal: none is missing.
                    ChildJvm.check(resumedAt >= announced, "resumed at ply " + resumedAt + " but " + announced
                            + " plies had been announced; " + context);
                    ply = resumedAt;
                }
                Matcher m = MOVE.matcher(line);
                if (m.matches()) {
                    if (ply < 0) ply = 0;   // a fresh start
                    int number = Integer.parseInt(m.group(1));
                    int thisPly = (number - source.initial().fullmoveNumber()) * 2 + (m.group(2).equals(".") ? 1 : 2);
                    // The next move after the resumed ones, in order: none doubled, none skipped, none wrong.
                    ChildJvm.check(thisPly == ply + 1, "announced ply " + thisPly + " after ply " + ply + "; " + context);
                    ChildJvm.check(m.group(3).equals(sans.get(thisPly - 1)), "ply " + thisPly + " announced as "
                            + m.group(3) + " but the game has " + sans.get(thisPly - 1) + "; " + context);
                    ply = thisPly;
                    announced = Math.max(announced, ply);
                }
            }
            fruitless = announced > announcedBefore ? 0 : fruitless + 1;
            if (exited) {
                int code = child.exitCode();
                ChildJvm.check(code == 0, "exit code " + code + "; " + context);
                break;
            }
            ChildJvm.check(run < 400, "the game never finished; " + context);
        }
        // The journal replays to exactly the source game, and the PGN file holds it.
        try (Journal j = Journal.open(out.resolve("state"))) {
            GameRecord g = GameRecord.replay(j.events());
            assertThat(g.moves()).as(where).isEqualTo(source.mainline());
            assertThat(g.result()).as(where).isEqualTo(source.result());
        }
        List<SessionEvent> raw = JournalFile.read(out.resolve("state").resolve(Journal.CURRENT)).records().stream()
                .map(JournalCodec::decode).toList();
        assertThat(raw.stream().filter(e -> e instanceof SessionEvent.MovePlayed)).as(where).hasSize(source.mainline().size());
        try (var files = Files.list(out.resolve("games"))) {
            List<Path> pgns = files.filter(p -> p.toString().endsWith(".pgn")).toList();
            assertThat(pgns).as(where).hasSize(1);
            SameGame.assertSame(SameGame.readOnly(pgns.get(0)), source);
        }
    }

    @Test
    void sigtermStopsTheDaemonCleanly() throws Exception {
        ChildJvm child = ChildJvm.start(dir, "demo", "--http-port", "0", "--out", "out", "--speed", "1");
        // Wait for the first move (the board is playing), then ask it to stop as systemd would.
        for (int i = 0; i < 200 && child.lines().stream().noneMatch(l -> l.startsWith("move 1. ")); i++) {
            child.waitFor(100);
        }
        int code = child.terminate();
        assertThat(code).as(child.output()).isEqualTo(143);   // 128 + SIGTERM, after the shutdown hook ran
        assertThat(child.lines()).as(child.output()).contains("stopped");   // 128 + SIGTERM, after the shutdown hook ran
        try (Journal j = Journal.open(dir.resolve("out/state"))) {
            assertThat(j.recovery().repaired()).isFalse();
            assertThat(GameRecord.replay(j.events()).plies()).isPositive();
        }
        try (var files = Files.list(dir.resolve("out"))) {
            assertThat(files.filter(p -> p.getFileName().toString().endsWith(".tmp"))).isEmpty();
        }
    }

    @Test
    void sigtermStopsMarelleRunCleanly() throws Exception {
        Path config = dir.resolve("sim.yaml");
        Files.writeString(config, "board:\n  driver: {type: simulated, listen: 0}\noutput:\n  pgnDirectory: pgn\n"
                + "  stateDirectory: state\n");
        ChildJvm child = ChildJvm.start(dir, "run", "--config", config.toString());
        for (int i = 0; i < 300 && child.lines().stream().noneMatch(l -> l.startsWith("ready in ")); i++) {
            child.waitFor(100);
        }
        assertThat(child.lines()).as(child.output()).anyMatch(l -> l.startsWith("ready in "));
        int code = child.terminate();
        assertThat(code).as(child.output()).isEqualTo(143);
        assertThat(child.lines()).as(child.output()).endsWith("stopped");
        assertThat(dir.resolve("pgn/round-unknown/board1.pgn")).exists();
        try (Journal j = Journal.open(dir.resolve("state"))) {
            assertThat(j.recovery().repaired()).isFalse();
            assertThat(j.events()).hasSize(1);
        }
    }
}
