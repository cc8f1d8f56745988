package org.marelle.bridge.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.marelle.bridge.config.BoardConfig;
import org.marelle.bridge.config.ConfigLoader;
import org.marelle.bridge.config.DriverConfig;
import org.marelle.bridge.config.MarelleConfig;
import org.marelle.bridge.config.OutputConfig;
import org.marelle.bridge.journal.Journal;
import org.marelle.bridge.output.PgnFiles;
import org.marelle.bridge.session.GameRecord;
import org.marelle.bridge.session.GameSession;
import org.marelle.rules.Move;
import org.marelle.rules.Position;
import org.marelle.rules.Variant;
import org.marelle.rules.pgn.PgnGame;

/**
 * {@code marelle run} on a state directory whose journal was damaged while the daemon was down (a flipped byte, a
 * record written twice, a header gone, a file that is no journal at all) or that holds a game of another variant than
 * the configuration: the daemon starts, keeps every move some copy still holds, and says what it did in moves.
 */
class DamagedRecordStartTest {

    @TempDir
    Path dir;

    private final ByteArrayOutputStream logBytes = new ByteArrayOutputStream();
    private final EventLog log = EventLog.plain(new PrintStream(logBytes, true, StandardCharsets.UTF_8), false);
    private final LauncherTest.HandClock clock = new LauncherTest.HandClock();

    /** The 31 plies of a real game (Morphy, Paris 1858, to 16. Qb8+): the tester recorded as many. */
    private static final List<String> GAME = List.of("e4", "e5", "Nf3", "d6", "d4", "Bg4", "dxe5", "Bxf3", "Qxf3",
            "dxe5", "Bc4", "Nf6", "Qb3", "Qe7", "Nc3", "c6", "Bg5", "b5", "Nxb5", "cxb5", "Bxb5+", "Nbd7", "O-O-O",
            "Rd8", "Rxd7", "Rxd7", "Rd1", "Qe6", "Bxd7+", "Nxd7", "Qb8+");

    private MarelleConfig config(String variant) throws Exception {
        MarelleConfig shipped = ConfigLoader.load(Path.of("..", "config", "simulated.yaml"));
        return new MarelleConfig(new BoardConfig(variant, null, null, new DriverConfig.Simulated(0), null, null, null,
                null), shipped.leds(), shipped.recognition(), shipped.game(),
                new OutputConfig(dir.resolve("pgn").toString(), dir.resolve("state").toString()), null);
    }

    private String log() {
        return logBytes.toString(StandardCharsets.UTF_8);
    }

    /**
     * Records {@code sans} as a daemon would (journal, then the PGN files), and returns where each record starts and
     * ends in {@code current.journal}: {@code [i]} is the start of the record of ply i + 1, {@code [i + 1]} its end.
     */
    private List<Long> record(Variant variant, List<String> sans) throws IOException {
        List<Long> bounds = new ArrayList<>();
        Path state = dir.resolve("state");
        PgnFiles files = new PgnFiles(dir.resolve("pgn"));
        try (Journal j = Journal.open(state)) {
            GameSession s = GameSession.resume(j.events(), Position.start(variant), Map.of("Event", "Recorded"), j,
                    () -> Instant.ofEpochMilli(clock.millis), ZoneOffset.UTC);
            Path current = state.resolve(Journal.CURRENT);
            for (String san : sans) {
                bounds.add(Files.size(current));
                s.play(s.game().position().parseSan(san));
                files.write(s.game());
            }
            bounds.add(Files.size(current));
        }
        return bounds;
    }

    private Path current() {
        return dir.resolve("state").resolve(Journal.CURRENT);
    }

    private List<String> pgnMoves() throws IOException {
        try (Stream<Path> games = Files.list(dir.resolve("pgn/games"))) {
            Path file = games.filter(p -> p.toString().endsWith(".pgn")).findFirst().orElseThrow();
            var entry = org.marelle.rules.pgn.PgnReader.readAll(Files.readString(file)).get(0);
            PgnGame g = ((org.marelle.rules.pgn.PgnReader.Parsed) entry).game();
            return g.mainlineSan();
        }
    }

    private Launcher.Running start(String variant) throws Exception {
        return Launcher.start(config(variant), () -> {
            throw new AssertionError("a simulated board needs no Pi4J");
        }, clock, log);
    }

    /** Issue #14, 1: one flipped byte in the middle record lost every later move, and the PGN files with them. */
    @Test
    void aFlippedByteInTheMiddleLosesNoMoveWhenThePgnFileHoldsIt() throws Exception {
        List<Long> bounds = record(Variant.STANDARD, GAME);
        byte[] bytes = Files.readAllBytes(current());
        int inPly16 = (int) (bounds.get(16) - 2);   // a payload byte of the record of ply 16 (8... c6)
        bytes[inPly16] ^= 0x01;
        Files.write(current(), bytes);

        Launcher.Running r = start("standard");
        r.daemon().stop();
        assertThat(r.session().game().sans()).containsExactlyElementsOf(GAME);
        assertThat(pgnMoves()).containsExactlyElementsOf(GAME);
        assertThat(log()).contains("8... c6").contains("recovered from the PGN file");
        // The viewer says it too, until the next game.
        assertThat(r.session().recordNote()).contains("8... c6 recovered from the PGN file");
        // The damaged file itself is kept for a person to look at.
        try (Stream<Path> files = Files.list(dir.resolve("state"))) {
            assertThat(files.map(p -> p.getFileName().toString())).anyMatch(n -> n.startsWith("current.journal.damaged"));
        }
    }

    /** Without a PGN file that holds the lost move, the later moves are kept aside and named, never dropped silently. */
    @Test
    void aMoveNoCopyHoldsIsNamedWithEveryMoveAfterIt() throws Exception {
        List<Long> bounds = record(Variant.STANDARD, GAME.subList(0, 20));
        byte[] bytes = Files.readAllBytes(current());
        bytes[(int) (bounds.get(16) - 2)] ^= 0x01;
        Files.write(current(), bytes);
        try (Stream<Path> games = Files.list(dir.resolve("pgn/games"))) {
            for (Path p : games.toList()) Files.delete(p);
        }

        Launcher.Running r = start("standard");
        r.daemon().stop();
        assertThat(r.session().game().sans()).containsExactlyElementsOf(GAME.subList(0, 15));
        assertThat(log()).contains("the move 8... (ply 16)").contains("9. Bg5, 9... b5, 10. Nxb5, 10... cxb5")
                .contains("current.journal.damaged");
        assertThat(r.session().recordNote()).contains("Not resumed: 9. Bg5, 9... b5, 10. Nxb5, 10... cxb5");
    }

    /** Issue #14, 6: a record written twice (same record, same content) stopped the start. */
    @Test
    void aRecordWrittenTwiceIsSkipped() throws Exception {
        List<Long> bounds = record(Variant.STANDARD, GAME.subList(0, 6));
        byte[] bytes = Files.readAllBytes(current());
        int from = (int) (long) bounds.get(5);
        byte[] twice = new byte[bytes.length + (bytes.length - from)];
        System.arraycopy(bytes, 0, twice, 0, bytes.length);
        System.arraycopy(bytes, from, twice, bytes.length, bytes.length - from);
        Files.write(current(), twice);

        Launcher.Running r = start("standard");
        r.daemon().stop();
        assertThat(r.session().game().sans()).containsExactlyElementsOf(GAME.subList(0, 6));
    }

    /** Issue #14, 6: a damaged header stopped the start; the records after it are still whole. */
    @Test
    void aDamagedHeaderKeepsTheGame() throws Exception {
        record(Variant.STANDARD, GAME.subList(0, 6));
        byte[] bytes = Files.readAllBytes(current());
        bytes[3] ^= 0x40;
        Files.write(current(), bytes);

        Launcher.Running r = start("standard");
        r.daemon().stop();
        assertThat(r.session().game().sans()).containsExactlyElementsOf(GAME.subList(0, 6));
    }

    /** A file that holds no record at all: a new game starts, the file is kept aside, and the log says where. */
    @Test
    void aFileThatIsNoJournalIsKeptAsideAndANewGameStarts() throws Exception {
        Files.createDirectories(dir.resolve("state"));
        Files.writeString(current(), "this is not a journal\n");

        Launcher.Running r = start("standard");
        r.daemon().stop();
        assertThat(r.session().game().plies()).isZero();
        try (Stream<Path> files = Files.list(dir.resolve("state"))) {
            List<Path> kept = files.filter(p -> p.getFileName().toString().startsWith("current.journal.unreadable")).toList();
            assertThat(kept).hasSize(1);
            assertThat(kept.get(0)).content().isEqualTo("this is not a journal\n");
            assertThat(log()).contains(kept.get(0).getFileName().toString());
        }
    }

    /**
     * Issue #14, 6: a journal of another variant than the configuration's ran a daemon that recognized nothing. Chosen:
     * the journal's game is archived with its PGN and a new game of the configured variant starts, and the log names
     * both variants.
     */
    @Test
    void aJournalOfAnotherVariantIsArchivedAndANewGameOfTheConfiguredOneStarts() throws Exception {
        Position courier = Position.start(Variant.COURIER);
        Move first = courier.legalMoves().get(0);
        record(Variant.COURIER, List.of(courier.san(first)));
        GameRecord old;
        try (Journal j = Journal.open(dir.resolve("state"))) {
            old = GameRecord.replay(j.events());
        }

        Launcher.Running r = start("standard");
        r.daemon().stop();
        assertThat(r.session().game().variant()).isEqualTo(Variant.STANDARD);
        assertThat(r.session().game().plies()).isZero();
        assertThat(log()).contains("courier").contains("standard");
        assertThat(dir.resolve("state/archive/" + old.gameId() + ".pgn")).content().contains(courier.san(first));
    }
}
