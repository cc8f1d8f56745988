package org.marelle.bridge.broadcast;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.marelle.bridge.broadcast.Chromium.Screen;
import org.marelle.rules.Move;
import org.marelle.rules.Position;
import org.marelle.rules.Variant;

/**
 * The round page ({@code /round}): every board of a round at once. Twenty boards in projector mode on a 1920×1080
 * screen, all seen without scrolling, each with its pieces on their squares, its players and last move; a move that
 * comes live shows on its board; each board links to the viewer. In headless Chromium, skipped without it unless CI
 * is set (as {@link ViewerBrowserTest}).
 */
@Timeout(180)
class RoundPageTest {

    private static final String[][] OPENINGS = {
        Games.RUY_LOPEZ,
        {"e4", "c5", "Nf3", "d6", "d4", "cxd4", "Nxd4", "Nf6", "Nc3", "a6", "Be3", "e5"},
        {"d4", "d5", "c4", "e6", "Nc3", "Nf6", "Bg5", "Be7", "e3", "h6", "Bh4", "b6"},
        {"c4", "e5", "Nc3", "Nf6", "g3", "d5", "cxd5", "Nxd5", "Bg2", "Nb6", "d3", "Be7"},
    };
    private static final Screen PROJECTOR = new Screen(1920, 1080, false);

    private static Path chromium;
    private BroadcastHub hub;
    private BroadcastServer server;
    private final Map<String, GameSnapshot> games = new LinkedHashMap<>();

    @BeforeAll
    static void findChromium() {
        Optional<Path> found = Chromium.find();
        if (found.isEmpty() && System.getenv("CI") != null) {
            fail("chromium is not installed, and CI is set: .ci/run installs Debian's chromium package");
        }
        Assumptions.assumeTrue(found.isPresent(), "chromium is not installed (apt-get install chromium)");
        chromium = found.get();
    }

    @BeforeEach
    void start() throws Exception {
        BroadcastConfig config = BroadcastConfig.defaults().withPort(0).withLanguage("en");
        hub = BroadcastHub.create(config);
        server = BroadcastServer.start(config, hub);
    }

    @AfterEach
    void stop() {
        server.close();
        hub.close();
    }

    /** Board {@code n} of the round: one of four openings, 3 to 11 plies of it; every fourth board finished. */
    private static GameSnapshot game(int n) {
        String[] line = OPENINGS[n % OPENINGS.length];
        int plies = 3 + (n * 5) % 9;
        GameSnapshot g = GameSnapshot.start("round-" + n, Position.start(Variant.STANDARD))
                .withTag("Event", "Club night").withTag("Round", "4")
                .withTag("White", String.format("White%02d, Anna", n))
                .withTag("Black", String.format("Black%02d, Bruno", n));
        if (n % 2 == 0) {
            g = g.withTag("WhiteElo", Integer.toString(1500 + n)).withTag("BlackTitle", "FM");
        }
        g = Games.play(g, Arrays.copyOf(line, plies));
        if (n % 4 == 0) {
            g = g.withResult(List.of("1-0", "0-1", "1/2-1/2").get(n / 4 % 3));
        }
        return g;
    }

    /** Twenty boards, fed in reverse so that the page has to put them in order itself. */
    private void twentyBoards() {
        for (int n = 20; n >= 1; n--) {
            GameSnapshot g = game(n);
            games.put(Integer.toString(n), g);
            hub.gameChanged(BoardId.of(Integer.toString(n)), g);
        }
    }

    private static final String SHOWN = """
            (() => Array.from(document.querySelectorAll('#grid a.card')).map(a => {
              const r = a.getBoundingClientRect(), d = a.querySelector('svg.diagram').getBoundingClientRect();
              const name = a.querySelector('.player.white .name');
              const cut = Array.from(a.querySelectorAll('.name, .last')).some(e => e.scrollWidth > e.clientWidth);
              return {
                board: a.dataset.board, href: a.href, result: a.dataset.result,
                left: r.left, top: r.top, right: r.right, bottom: r.bottom, diagramHeight: d.height,
                fontSize: parseFloat(getComputedStyle(name).fontSize), cut: cut,
                pieces: Array.from(a.querySelectorAll('g.piece')).map(g => g.dataset.square + '=' + g.dataset.piece
                    + ' ' + g.dataset.color + ' ' + g.dataset.name),
                highlighted: Array.from(a.querySelectorAll('rect.hl')).map(h => h.dataset.square),
                lastSan: a.querySelector('.last').dataset.san, text: a.innerText
              };
            }))()""";

    private static List<String> strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }

    private static List<String> lastMoveSquares(GameSnapshot g) {
        Move last = g.moves().getLast();
        Position before = g.initial();
        for (Move m : g.moves().subList(0, g.moves().size() - 1)) {
            before = before.play(m);
        }
        return List.of(before.geometry().squareName(last.from()), before.geometry().squareName(last.to()));
    }

    private static String lastSan(GameSnapshot g) {
        Position before = g.initial();
        for (Move m : g.moves().subList(0, g.moves().size() - 1)) {
            before = before.play(m);
        }
        return before.san(g.moves().getLast());
    }

    @Test
    void twentyBoardsFitAProjectorWithTheirPiecesNamesAndLastMoves() throws Exception {
        twentyBoards();
        try (Chromium browser = Chromium.launch(chromium)) {
            String page = browser.open(server.uri().resolve("round?projector"), PROJECTOR);
            JsonNode window = browser.evaluate(page, "({w: innerWidth, h: innerHeight, "
                    + "sw: document.documentElement.scrollWidth, sh: document.documentElement.scrollHeight})");
            assertThat(window.path("w").asInt()).isEqualTo(1920);
            assertThat(window.path("h").asInt()).isEqualTo(1080);
            assertThat(window.path("sh").asInt()).as("no vertical scrolling").isLessThanOrEqualTo(1080);
            assertThat(window.path("sw").asInt()).as("no horizontal scrolling").isLessThanOrEqualTo(1920);

            JsonNode cards = browser.evaluate(page, SHOWN);
            List<String> order = new ArrayList<>();
            cards.forEach(c -> order.add(c.path("board").asText()));
            assertThat(order).as("boards in numeric order").containsExactly(
                    "1", "2", "3", "4", "5", "6", "7", "8", "9", "10",
                    "11", "12", "13", "14", "15", "16", "17", "18", "19", "20");
            for (JsonNode c : cards) {
                String board = c.path("board").asText();
                GameSnapshot g = games.get(board);
                String what = "board " + board;
                assertThat(c.path("left").asDouble()).as(what).isGreaterThanOrEqualTo(0);
                assertThat(c.path("top").asDouble()).as(what).isGreaterThanOrEqualTo(0);
                assertThat(c.path("right").asDouble()).as(what).isLessThanOrEqualTo(1920);
                assertThat(c.path("bottom").asDouble()).as(what).isLessThanOrEqualTo(1080);
                // Legible from the back of the hall: boards a fifth of the screen's height, text of 18 px or more.
                assertThat(c.path("diagramHeight").asDouble()).as(what).isGreaterThanOrEqualTo(200);
                assertThat(c.path("fontSize").asDouble()).as(what).isGreaterThanOrEqualTo(18);
                assertThat(c.path("cut").asBoolean()).as(what + ": a name or the last move cut short").isFalse();
                assertThat(strings(c.get("pieces"))).as(what)
                        .containsExactlyInAnyOrderElementsOf(ViewerBrowserTest.expectedPieces(g.position()));
                assertThat(strings(c.get("highlighted"))).as(what).containsExactlyInAnyOrderElementsOf(lastMoveSquares(g));
                assertThat(c.path("lastSan").asText()).as(what).isEqualTo(lastSan(g));
                String text = c.path("text").asText();
                assertThat(text).as(what).contains("Board " + board, g.tags().get("White"), g.tags().get("Black"), lastSan(g));
                if (Integer.parseInt(board) % 2 == 0) {
                    assertThat(text).as(what).contains(Integer.toString(1500 + Integer.parseInt(board)), "FM");
                }
                assertThat(c.path("result").asText()).as(what).isEqualTo(g.result());
                if (!g.result().equals("*")) {
                    assertThat(text).as(what).contains(g.result().replace("1/2-1/2", "\u00BD-\u00BD"));
                }
                assertThat(URI.create(c.path("href").asText())).as(what + " opens in the viewer")
                        .isEqualTo(server.uri().resolve("/?board=" + board));
            }
            assertThat(browser.evaluate(page, "document.getElementById('heading').textContent").asText())
                    .isEqualTo("Round 4");
        }
    }

    @Test
    void aMoveArrivingLiveShowsOnItsBoard() throws Exception {
        twentyBoards();
        try (Chromium browser = Chromium.launch(chromium)) {
            String page = browser.open(server.uri().resolve("round"), new Screen(1366, 768, false));
            assertThat(browser.evaluate(page, "window.marelle.live").asBoolean()).isTrue();

            GameSnapshot seven = games.get("7");
            String next = OPENINGS[7 % OPENINGS.length][seven.moves().size()];
            GameSnapshot after = Games.play(seven, next);
            hub.gameChanged(BoardId.of("7"), after);
            browser.evaluate(page, "window.marelle.when(() => document.querySelector('#board-7 .last').dataset.san === '"
                    + next + "')");
            JsonNode card = find(browser.evaluate(page, SHOWN), "7");
            assertThat(strings(card.get("pieces")))
                    .containsExactlyInAnyOrderElementsOf(ViewerBrowserTest.expectedPieces(after.position()));
            assertThat(strings(card.get("highlighted"))).containsExactlyInAnyOrderElementsOf(lastMoveSquares(after));
            // The other boards stay as they were, and the page was not reloaded.
            JsonNode eight = find(browser.evaluate(page, SHOWN), "8");
            assertThat(strings(eight.get("pieces")))
                    .containsExactlyInAnyOrderElementsOf(ViewerBrowserTest.expectedPieces(games.get("8").position()));
            assertThat(browser.evaluate(page, "window.marelle.state.received.move").asInt()).isEqualTo(1);
            assertThat(browser.evaluate(page, "window.marelle.state.resyncs").asInt()).isZero();

            // A result arriving live, and a board that was not there when the page was opened.
            hub.gameChanged(BoardId.of("7"), after.withResult("0-1"));
            hub.gameChanged(BoardId.of("21"), game(21));
            browser.evaluate(page, "window.marelle.when(() => document.querySelector('#board-7').dataset.result === '0-1'"
                    + " && document.querySelector('#grid a.card:last-child').dataset.board === '21')");

            // A board whose daemon went offline is marked while its game goes on (the hub hears it on the broker),
            // until it is back; a finished game is not (its daemon may well be shut down after the round).
            String id = games.entrySet().stream().filter(e -> e.getValue().result().equals("*")
                    && !e.getKey().equals("7")).map(java.util.Map.Entry::getKey).findFirst().orElseThrow();
            String over = games.entrySet().stream().filter(e -> !e.getValue().result().equals("*"))
                    .map(java.util.Map.Entry::getKey).findFirst().orElseThrow();
            GameSnapshot live = games.get(id);
            String badge = "document.querySelector('#board-" + id + " .offline')";
            assertThat(browser.evaluate(page, badge + ".hidden").asBoolean()).isTrue();
            hub.gameChanged(BoardId.of(id), live.withStatus(live.status().withOffline(true)));
            hub.gameChanged(BoardId.of(over), games.get(over).withStatus(games.get(over).status().withOffline(true)));
            browser.evaluate(page, "window.marelle.when(() => !" + badge + ".hidden && " + badge
                    + ".textContent === 'offline' && document.querySelector('#board-" + id + "').classList.contains('offline')"
                    + " && window.marelle.state.games['" + over + "'].recognizer.offline)");
            assertThat(browser.evaluate(page, "document.querySelector('#board-" + over + " .offline').hidden").asBoolean())
                    .isTrue();
            hub.gameChanged(BoardId.of(id), live);
            browser.evaluate(page, "window.marelle.when(() => " + badge + ".hidden)");
        }
    }

    @Test
    void thePageSpeaksTheConfiguredLanguage() throws Exception {
        BroadcastConfig french = BroadcastConfig.defaults().withPort(0).withLanguage("fr");
        try (BroadcastHub hub2 = BroadcastHub.create(french); BroadcastServer server2 = BroadcastServer.start(french, hub2)) {
            hub2.gameChanged(Games.ONE, game(4));
            hub2.gameChanged(Games.TWO, game(5));
            String dom = Chromium.dumpDom(chromium, server2.uri().resolve("round"), "--accept-lang=de");
            assertThat(dom).contains("<html lang=\"fr\"", "Ronde 4", "\u00C9chiquier 1", "\u00C9chiquier 2",
                    "Les Noirs gagnent", "Projecteur");
            // The viewer links to the round page once there are several boards.
            String viewer = Chromium.dumpDom(chromium, server2.uri(), "--accept-lang=de");
            assertThat(viewer).contains("<a id=\"round-link\" href=\"round\" data-text=\"allBoards\">Tous les \u00E9chiquiers</a>");
        }
    }

    @Test
    void oneBoardHasNoLinkToTheRoundPage() throws Exception {
        hub.gameChanged(Games.ONE, game(1));
        String viewer = Chromium.dumpDom(chromium, server.uri());
        assertThat(viewer).contains("id=\"round-link\" href=\"round\" hidden=\"\"");
    }

    private static JsonNode find(JsonNode cards, String board) {
        for (JsonNode c : cards) {
            if (c.path("board").asText().equals(board)) {
                return c;
            }
        }
        throw new AssertionError("no card for board " + board + " in " + cards);
    }
}
