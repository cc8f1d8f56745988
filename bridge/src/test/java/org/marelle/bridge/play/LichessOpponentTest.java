package org.marelle.bridge.play;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.marelle.bridge.session.GameSession;
import org.marelle.bridge.session.SessionJournal;
import org.marelle.rules.Position;
import org.marelle.rules.Variant;

/** The Lichess opponent's network side against the local stand-in: rate limits, refusals, challenges, the token. */
@Timeout(60)
class LichessOpponentTest {

    private final List<String> notices = new CopyOnWriteArrayList<>();
    private final LinkedBlockingQueue<String> board = new LinkedBlockingQueue<>();
    private volatile LichessOpponent.Game game;

    private final LichessOpponent.Board recorder = new LichessOpponent.Board() {
        @Override
        public void begin(LichessOpponent.Game g) {
            game = g;
            board.add("begin " + g.id() + " " + g.ours());
        }

        @Override
        public void state(LichessOpponent.Game g, LichessOpponent.State s) {
            board.add("state " + String.join(" ", s.moves()) + " " + s.status());
        }

        @Override
        public void refused(LichessOpponent.Game g, int ply, String reason) {
            board.add("refused " + ply);
        }
    };

    private final Notices log = new Notices() {
        @Override
        public void info(String line) {
            notices.add(line);
        }

        @Override
        public void error(String line) {
            notices.add(line);
        }
    };

    private LichessOpponent start(FakeLichess fake, Set<String> accept) throws Exception {
        LichessOpponent o = new LichessOpponent(new LichessApi(fake.uri(), "secret-token", Duration.ofSeconds(5)),
                new LichessOpponent.Settings(accept, null, 300, 2, null, false, Duration.ofMillis(50),
                        Duration.ofMillis(200), Duration.ofMillis(300)), recorder, log);
        o.start();
        long until = System.nanoTime() + 10_000_000_000L;
        while (!fake.listening() && System.nanoTime() < until) Thread.sleep(5);
        fake.challengeFrom("friend");
        assertThat(next()).isEqualTo("begin " + FakeLichess.GAME + " WHITE");
        assertThat(next()).isEqualTo("state  started");
        return o;
    }

    private String next() throws InterruptedException {
        String s = board.poll(10, TimeUnit.SECONDS);
        assertThat(s).as("what the board heard; notices: " + notices).isNotNull();
        return s;
    }

    /** The person's move, as the session records it: the opponent sends it. */
    private void personPlays(LichessOpponent o, String uci) {
        GameSession s = GameSession.resume(List.of(), Position.start(Variant.STANDARD), Map.of("Site", o.site(game)),
                SessionJournal.NONE, () -> Instant.EPOCH, ZoneOffset.UTC);
        var event = s.play(s.game().position().parseUci(uci));
        o.onEvent(event, s.game());
    }

    @Test
    void afterA429TheMoveWaitsTheRateLimitPauseThenGoesThrough() throws Exception {
        try (FakeLichess fake = new FakeLichess(List.of("e2e4", "e7e5", "g1f3"), true);
             LichessOpponent o = start(fake, Set.of())) {
            fake.nextMoveStatus = 429;
            personPlays(o, "e2e4");
            assertThat(next()).isEqualTo("state e2e4 started");
            assertThat(next()).isEqualTo("state e2e4 e7e5 started");
            assertThat(fake.requests.stream().filter(r -> r.equals("POST /api/board/game/" + FakeLichess.GAME + "/move/e2e4")))
                    .hasSize(2);
            assertThat(notices).anyMatch(n -> n.contains("too many requests (429)"));
            assertThat(String.join("\n", notices)).doesNotContain("secret-token");
        }
    }

    @Test
    void aMoveTheServerRefusesIsHandedBackToTheBoard() throws Exception {
        try (FakeLichess fake = new FakeLichess(List.of("e2e4", "e7e5"), true); LichessOpponent o = start(fake, Set.of())) {
            fake.refuse = "d2d4";
            personPlays(o, "d2d4");
            assertThat(next()).isEqualTo("refused 1");
            assertThat(notices).anyMatch(n -> n.startsWith("Lichess refused the move d2d4"));
        }
    }

    @Test
    void onlyTheChallengesOfThePlayersAllowedAreAccepted() throws Exception {
        try (FakeLichess fake = new FakeLichess(List.of("e2e4"), true);
             LichessOpponent o = new LichessOpponent(new LichessApi(fake.uri(), "secret-token", Duration.ofSeconds(5)),
                     new LichessOpponent.Settings(Set.of("Friend"), null, null, null, null, false, null, null, null),
                     recorder, log)) {
            o.start();
            long until = System.nanoTime() + 10_000_000_000L;
            while (!fake.listening() && System.nanoTime() < until) Thread.sleep(5);
            fake.challengeFrom("stranger");
            fake.challengeFrom("friend");
            assertThat(next()).startsWith("begin");
            assertThat(notices).anyMatch(n -> n.contains("a challenge from stranger left unanswered"));
            assertThat(fake.requests).containsOnlyOnce("POST /api/challenge/chal0001/accept");
        }
    }

    @Test
    void aWrongTokenIsSaidWithoutTheToken() throws Exception {
        try (FakeLichess fake = new FakeLichess(List.of("e2e4"), true);
             LichessOpponent o = new LichessOpponent(new LichessApi(fake.uri(), "wrong-token", Duration.ofSeconds(5)),
                     new LichessOpponent.Settings(Set.of(), null, null, null, null, false, Duration.ofMillis(50),
                             Duration.ofMillis(100), null), recorder, log)) {
            o.start();
            long until = System.nanoTime() + 10_000_000_000L;
            while (notices.isEmpty() && System.nanoTime() < until) Thread.sleep(5);
            assertThat(notices.get(0)).contains("HTTP 401").contains("No such token").contains("board:play scope")
                    .doesNotContain("wrong-token");
        }
    }

    @Test
    void aSeekOpensOnceTheEventStreamIsOpenAndItsGameIsFollowed() throws Exception {
        try (FakeLichess fake = new FakeLichess(List.of("e2e4"), true);
             LichessOpponent o = new LichessOpponent(new LichessApi(fake.uri(), "secret-token", Duration.ofSeconds(5)),
                     new LichessOpponent.Settings(Set.of(), null, 180, 2, null, true, Duration.ofMillis(50),
                             Duration.ofMillis(100), null, true), recorder, log)) {
            o.start();
            assertThat(next()).isEqualTo("begin " + FakeLichess.GAME + " WHITE");
            assertThat(fake.seekForm).isEqualTo("rated=true&time=3&increment=2");
            int events = fake.requests.indexOf("GET /api/stream/event");
            assertThat(events).isGreaterThanOrEqualTo(0).isLessThan(fake.requests.indexOf("POST /api/board/seek"));
            assertThat(notices).anyMatch(n -> n.equals("Lichess: seeking a 3+2 game"));
        }
    }
}
