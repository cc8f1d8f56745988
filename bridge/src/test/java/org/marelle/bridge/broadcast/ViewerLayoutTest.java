package org.marelle.bridge.broadcast;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.marelle.bridge.broadcast.Chromium.Screen;
import org.marelle.rules.Move;
import org.marelle.rules.Position;
import org.marelle.rules.Variant;

/**
 * The viewer's layout in a real browser, on the screens a club has: a projector or a laptop in landscape, a phone
 * in portrait. What the page must give on each: the board as large as fits, whole, and the players' names, the
 * clocks and the result on the same screen without scrolling; the move list scrolls in its own box with the last
 * move in view. Measured with {@code getBoundingClientRect()}, and {@code elementFromPoint()} to tell a thing shown
 * from one clipped or covered. Skipped when Chromium is missing, unless CI is set.
 */
@Timeout(240)
class ViewerLayoutTest {

    /** Enough plies that no screen here shows the whole list: it must scroll in its box. */
    private static final int LONG_GAME = 130;

    private static Path chromium;
    private static Chromium browser;
    private BroadcastHub hub;
    private BroadcastServer server;

    @BeforeAll
    static void startChromium() throws Exception {
        Optional<Path> found = Chromium.find();
        if (found.isEmpty() && System.getenv("CI") != null) {
            fail("chromium is not installed, and CI is set: .ci/run installs Debian's chromium package");
        }
        Assumptions.assumeTrue(found.isPresent(), "chromium is not installed (apt-get install chromium)");
        chromium = found.get();
        browser = Chromium.launch(chromium);
    }

    @AfterAll
    static void stopChromium() throws Exception {
        if (browser != null) {
            browser.close();
        }
    }

    @BeforeEach
    void start() throws Exception {
        BroadcastConfig config = BroadcastConfig.defaults().withPort(0);
        hub = BroadcastHub.create(config);
        server = BroadcastServer.start(config, hub);
    }

    @AfterEach
    void stop() {
        server.close();
        hub.close();
    }

    static Stream<Screen> landscapeScreens() {
        // A projector in full HD, laptops, and an older 4:3 projector.
        return Stream.of(new Screen(1920, 1080, false), new Screen(1366, 768, false), new Screen(1400, 900, false),
                new Screen(1024, 768, false));
    }

    /** A long finished game with titles, ratings and clocks: everything the side panel shows. */
    private GameSnapshot longGame(Position start, String id) {
        GameSnapshot game = GameSnapshot.start(id, start)
                .withTag("Event", "Club championship").withTag("Round", "3")
                .withTag("White", "Alpha, Anna").withTag("WhiteTitle", "FM").withTag("WhiteElo", "2150")
                .withTag("Black", "Beta, Bruno").withTag("BlackElo", "1987");
        SplittableRandom random = new SplittableRandom(17);
        Position p = start;
        while (game.moves().size() < LONG_GAME) {
            Position before = p;
            List<Move> legal = before.legalMoves().stream().filter(m -> !before.play(m).isGameOver()).toList();
            assertThat(legal).as("a move that does not end the game").isNotEmpty();
            Move m = legal.get(random.nextInt(legal.size()));
            game = game.withMove(m);
            p = p.play(m);
        }
        return game.withClock(new ClockState(Duration.ofSeconds(1234), Duration.ofSeconds(987), null, Instant.now()))
                .withResult("1/2-1/2");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("landscapeScreens")
    void onALandscapeScreenTheBoardTakesTheHeightAndTheNamesStandBesideIt(Screen screen) throws Exception {
        hub.gameChanged(Games.ONE, longGame(Position.start(Variant.STANDARD), "layout-8x8"));
        Layout page = measure(screen);

        page.noScrolling();
        page.fullyShown("board");
        assertThat(page.height("board")).as("the board's side, against the screen's height")
                .isGreaterThanOrEqualTo(0.8 * screen.height());
        assertThat(page.width("board")).as("an 8x8 board is square").isCloseTo(page.height("board"),
                org.assertj.core.data.Offset.offset(2.0));
        for (String part : List.of("topName", "bottomName", "topClock", "bottomClock", "result")) {
            page.fullyShown(part);
            assertThat(page.left(part)).as(part + " beside the board, right of it").isGreaterThanOrEqualTo(
                    page.right("board"));
        }
        assertThat(page.bottom("topName")).as("Black's name above White's").isLessThan(page.top("bottomName"));
        page.namesWhole();
        page.lastMoveInViewOfAScrollingList();
    }

    @Test
    void onAPhoneTheBoardTakesTheWidthWithTheNamesAboveAndBelowIt() throws Exception {
        hub.gameChanged(Games.ONE, longGame(Position.start(Variant.STANDARD), "layout-phone"));
        Screen phone = new Screen(390, 844, true);
        Layout page = measure(phone);

        assertThat(page.number("scrollWidth")).as("nothing wider than the phone").isLessThanOrEqualTo(phone.width());
        page.fullyShown("board");
        assertThat(page.width("board")).as("the board's width, against the phone's")
                .isGreaterThanOrEqualTo(0.9 * phone.width());
        page.fullyShown("topName");
        page.fullyShown("bottomName");
        assertThat(page.bottom("topName")).as("Black's name above the board").isLessThanOrEqualTo(page.top("board"));
        assertThat(page.top("bottomName")).as("White's name below the board").isGreaterThanOrEqualTo(
                page.bottom("board"));
        page.namesWhole();
        page.lastMoveInViewOfAScrollingList();
    }

    @Test
    void aCourierBoardKeepsItsTwelveByEightProportionsOnEveryScreen() throws Exception {
        hub.gameChanged(Games.ONE, longGame(Position.start(Variant.COURIER), "layout-courier"));
        for (Screen screen : List.of(new Screen(1920, 1080, false), new Screen(1366, 768, false),
                new Screen(390, 844, true))) {
            Layout page = measure(screen);
            page.fullyShown("board");
            page.fullyShown("topName");
            page.fullyShown("bottomName");
            // 12 files and 8 ranks of 100 units, and the coordinates' margin on the left and at the bottom.
            double margin = page.number("boardMargin");
            assertThat(page.width("board") / page.height("board")).as(screen + ": files x ranks")
                    .isCloseTo((1200 + margin) / (800 + margin), org.assertj.core.data.Offset.offset(0.01));
            if (screen.phone()) {
                assertThat(page.width("board")).as(screen + ": the board's width").isGreaterThanOrEqualTo(
                        0.9 * screen.width());
            } else {
                page.noScrolling();
                assertThat(page.height("board")).as(screen + ": the board's height").isGreaterThanOrEqualTo(
                        0.8 * screen.height());
                page.fullyShown("result");
            }
        }
    }

    /**
     * What the page shows on {@code screen}: the boxes of its parts, and whether each is really seen. The page as the
     * server sent it: its event stream is refused, so no event draws it again while it is measured (the first
     * drawing must be right on its own: a projector shows it until the next move).
     */
    private Layout measure(Screen screen) throws Exception {
        String tab = browser.open(server.uri(), screen, "*/events*");
        String script = """
                new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r))).then(() => {
                  const parts = {
                    board: document.getElementById('board'),
                    topName: document.querySelector('#top-player .name'),
                    bottomName: document.querySelector('#bottom-player .name'),
                    topClock: document.querySelector('#top-player .clock'),
                    bottomClock: document.querySelector('#bottom-player .clock'),
                    result: document.getElementById('result'),
                    moves: document.getElementById('moves'),
                    lastMove: document.querySelector('#moves .move.current')
                  };
                  const out = { innerWidth: innerWidth, innerHeight: innerHeight,
                                scrollWidth: document.documentElement.scrollWidth,
                                scrollHeight: document.documentElement.scrollHeight,
                                movesScrollHeight: parts.moves.scrollHeight,
                                movesClientHeight: parts.moves.clientHeight,
                                namesCut: [...document.querySelectorAll('.player .line')]
                                    .filter(e => e.scrollWidth > e.clientWidth || e.scrollHeight > e.clientHeight)
                                    .map(e => e.textContent),
                                boardMargin: document.getElementById('board').viewBox.baseVal.width
                                    - 100 * Number(document.getElementById('board').getAttribute('data-files')) };
                  for (const [name, e] of Object.entries(parts)) {
                    const b = e.getBoundingClientRect();
                    // Seen: the element (or its text) is what the browser finds at its centre, not something
                    // covering it or the box that clips it.
                    const hit = document.elementFromPoint((b.left + b.right) / 2, (b.top + b.bottom) / 2);
                    out[name] = { left: b.left, top: b.top, right: b.right, bottom: b.bottom,
                                  seen: !!hit && (hit === e || e.contains(hit)) };
                  }
                  return JSON.stringify(out);
                })""";
        JsonNode shown = GameRenderer.JSON.readTree(browser.evaluate(tab, script).asText());
        assertThat(shown.path("innerWidth").asInt()).as("the viewport").isEqualTo(screen.width());
        assertThat(shown.path("innerHeight").asInt()).isEqualTo(screen.height());
        return new Layout(screen, shown);
    }

    private record Layout(Screen screen, JsonNode shown) {

        double number(String name) {
            return shown.path(name).asDouble();
        }

        double left(String part) {
            return shown.path(part).path("left").asDouble();
        }

        double right(String part) {
            return shown.path(part).path("right").asDouble();
        }

        double top(String part) {
            return shown.path(part).path("top").asDouble();
        }

        double bottom(String part) {
            return shown.path(part).path("bottom").asDouble();
        }

        double width(String part) {
            return right(part) - left(part);
        }

        double height(String part) {
            return bottom(part) - top(part);
        }

        /** Inside the viewport as the page opens, and not hidden by anything. */
        void fullyShown(String part) {
            assertThat(width(part)).as(screen + ": " + part + " has a size").isPositive();
            assertThat(height(part)).as(screen + ": " + part + " has a size").isPositive();
            assertThat(left(part)).as(screen + ": " + part + "'s left edge").isGreaterThanOrEqualTo(0);
            assertThat(top(part)).as(screen + ": " + part + "'s top edge").isGreaterThanOrEqualTo(0);
            assertThat(right(part)).as(screen + ": " + part + "'s right edge").isLessThanOrEqualTo(screen.width());
            assertThat(bottom(part)).as(screen + ": " + part + "'s bottom edge").isLessThanOrEqualTo(screen.height());
            assertThat(shown.path(part).path("seen").asBoolean()).as(screen + ": " + part + " is seen, not covered")
                    .isTrue();
        }

        /** No player's line (title, name, rating) cut short. */
        void namesWhole() {
            assertThat(shown.path("namesCut")).as(screen + ": names cut short").isEmpty();
        }

        /** The page is no larger than the screen: nothing to scroll to. */
        void noScrolling() {
            assertThat(number("scrollWidth")).as(screen + ": the page's width").isLessThanOrEqualTo(screen.width());
            assertThat(number("scrollHeight")).as(screen + ": the page's height").isLessThanOrEqualTo(screen.height());
        }

        /** The list is longer than its box, which scrolls, and the last move shows at its bottom. */
        void lastMoveInViewOfAScrollingList() {
            assertThat(number("movesScrollHeight")).as(screen + ": the list overflows its box")
                    .isGreaterThan(number("movesClientHeight"));
            assertThat(height("moves")).as(screen + ": the list's box has room for a few moves")
                    .isGreaterThanOrEqualTo(3 * height("lastMove"));
            fullyShown("lastMove");
            assertThat(top("lastMove")).as(screen + ": the last move inside the list's box")
                    .isGreaterThanOrEqualTo(top("moves"));
            assertThat(bottom("lastMove")).isLessThanOrEqualTo(bottom("moves") + 0.5);
        }
    }
}
