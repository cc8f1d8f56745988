package org.marelle.bridge.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.marelle.board.LedFrame;
import org.marelle.board.Occupancy;
import org.marelle.bridge.play.LichessApi;
import org.marelle.bridge.play.LichessOpponent;
import org.marelle.bridge.recognition.BoardLeds;
import org.marelle.bridge.recognition.RecognizerConfig;
import org.marelle.bridge.session.GameSession;
import org.marelle.bridge.session.SessionJournal;
import org.marelle.geometry.SquareSet;
import org.marelle.rules.Color;
import org.marelle.rules.Position;
import org.marelle.rules.Variant;

/** The board's game kept in line with the server's, on the daemon's thread (here the test's). */
class LichessLinkTest {

    private final ByteArrayOutputStream logBytes = new ByteArrayOutputStream();
    private final EventLog log = EventLog.plain(new PrintStream(logBytes, true, StandardCharsets.UTF_8), false);
    private final GameSession session = GameSession.resume(List.of(), Position.start(Variant.STANDARD), Map.of(),
            SessionJournal.NONE, () -> Instant.parse("2026-12-02T10:00:00Z"), ZoneOffset.UTC);
    private final List<LedFrame> leds = new ArrayList<>();
    private final BoardLoop loop = new BoardLoop(session, RecognizerConfig.defaults(), log, leds::add);
    private long now = 1_000;
    private final LichessLink link = new LichessLink(c -> c.apply(loop), new DaemonClock() {
        @Override
        public long millis() {
            return now;
        }

        @Override
        public long nanosUntil(long millis) {
            return 0;
        }
    }, log);
    private final LichessOpponent opponent = new LichessOpponent(
            new LichessApi(URI.create("https://lichess.example"), "t", Duration.ofSeconds(1)),
            new LichessOpponent.Settings(Set.of(), null, null, null, null, false, null, null, null), link, link);
    private final LichessOpponent.Game game = new LichessOpponent.Game("abcd1234", "standard", "startpos", Color.WHITE,
            "Me", "Them", 180_000L, 2_000L, false);

    LichessLinkTest() {
        link.connect(opponent);
        SquareSet start = Position.start(Variant.STANDARD).occupancy();
        loop.frame(new Occupancy(8, 8, start, 0, null));
    }

    /** The person makes {@code uci} on the board; the loop reads and commits it. */
    private void personMoves(String uci) {
        Position p = session.game().position();
        var m = p.parseUci(uci);
        int plies = session.game().plies();
        SquareSet b = p.occupancy();
        loop.frame(new Occupancy(8, 8, b.without(m.from()), now += 1_000, null));
        SquareSet after = p.occupancyAfter(m);
        loop.frame(new Occupancy(8, 8, after, now += 300, null));
        for (int i = 0; i < 100 && session.game().plies() == plies; i++) loop.tick(now += 100);
        assertThat(session.game().plies()).isEqualTo(plies + 1);
    }

    private LichessOpponent.State state(String moves, long wtime, long btime, String status, String winner) {
        return new LichessOpponent.State(game.id(), moves.isEmpty() ? List.of() : List.of(moves.split(" ")), wtime, btime,
                status, winner);
    }

    @Test
    void aGameThatBeginsIsANewGameWithItsTagsAndTheOpponentsSideIsRemote() {
        link.begin(game);
        assertThat(session.game().tags()).containsEntry("Site", "https://lichess.example/abcd1234")
                .containsEntry("White", "Me").containsEntry("Black", "Them").containsEntry("TimeControl", "180+2");
        assertThat(loop.recognizer().remoteSides()).containsExactly(Color.BLACK);
    }

    @Test
    void theOpponentsMovesArePlayedWithTheServersClockAndShownOnTheLeds() {
        link.begin(game);
        personMoves("e2e4");
        link.state(game, state("e2e4 c7c5", 178_000, 176_500, "started", null));
        assertThat(session.game().sans()).containsExactly("e4", "c5");
        assertThat(session.game().clocks().get(1)).isEqualTo(176_500L);
        int c7 = Position.start(Variant.STANDARD).geometry().parseSquare("c7");
        assertThat(leds.getLast().led(c7).rgb()).isEqualTo(BoardLeds.REMOTE);
    }

    @Test
    void aRefusedMoveIsTakenBackWhateverTheMode() {
        link.begin(game);
        personMoves("e2e4");
        link.refused(game, 1, "HTTP 400: Not your turn");
        assertThat(session.game().plies()).isZero();
        assertThat(logBytes.toString(StandardCharsets.UTF_8)).contains("Lichess refused ply 1");
    }

    @Test
    void whereTheServerWentAnotherWayItIsFollowed() {
        link.begin(game);
        personMoves("e2e4");
        link.state(game, state("d2d4 d7d5", 178_000, 178_000, "started", null));
        assertThat(session.game().sans()).containsExactly("d4", "d5");
    }

    @Test
    void theServersEndIsTheGamesAndADrawOfferNotTakenReopensIt() {
        link.begin(game);
        personMoves("e2e4");
        session.setResult("1/2-1/2", "gesture");   // the person offered a draw with the kings
        link.state(game, state("e2e4 e7e5", 178_000, 178_000, "started", null));
        assertThat(session.game().isOver()).isFalse();
        assertThat(session.game().plies()).isEqualTo(2);
        link.state(game, state("e2e4 e7e5", 178_000, 178_000, "resign", "white"));
        assertThat(session.game().result()).isEqualTo("1-0");
        assertThat(session.game().reason()).isEqualTo("lichess: resign");
    }
}
