package org.marelle.bridge.broadcast;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.marelle.geometry.BoardGeometry;
import org.marelle.rules.Move;
import org.marelle.rules.Piece;
import org.marelle.rules.Position;
import org.marelle.rules.Variant;

/**
 * The viewer page in a real browser (Debian's headless Chromium): after the simulated board played some moves, the
 * page shows the right pieces on the right squares and the moves in the list, on an 8x8 and a 12x8 (Courier) board;
 * and an open page follows a game live. Skipped when Chromium is missing, unless the environment variable CI is set
 * (then it fails: CI installs it).
 */
@Timeout(180)
class ViewerBrowserTest {

    private static final BoardId COURIER_BOARD = BoardId.of("2");
    private static final String[] COURIER_MOVES = {"e3", "e6", "Nc3", "Nc6", "Ea3", "Ea6", "d3", "d6", "Md2", "Md7"};

    private static Path chromium;
    private BroadcastHub hub;
    private BroadcastServer server;

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
        BroadcastConfig config = BroadcastConfig.defaults().withPort(0).withNotation("fr");
        hub = BroadcastHub.create(config);
        server = BroadcastServer.start(config, hub);
    }

    @AfterEach
    void stop() {
        server.close();
        hub.close();
    }

    /** "e4=P white pawn" for every piece of the position. */
    static List<String> expectedPieces(Position p) {
        BoardGeometry g = p.geometry();
        List<String> out = new ArrayList<>();
        for (int sq = 0; sq < g.squareCount(); sq++) {
            Piece piece = p.pieceAt(sq);
            if (piece != null) {
                out.add(g.squareName(sq) + "=" + piece.type().letter() + " " + GameRenderer.colour(piece.color()) + " "
                        + piece.type().name());
            }
        }
        return out;
    }

    private static final Pattern PIECE = Pattern.compile("<g class=\"piece [^\"]*\"([^>]*)>");

    static List<String> piecesInDom(String dom) {
        List<String> out = new ArrayList<>();
        Matcher m = PIECE.matcher(dom);
        while (m.find()) {
            String attrs = m.group(1);
            out.add(attr(attrs, "data-square") + "=" + attr(attrs, "data-piece") + " " + attr(attrs, "data-color") + " "
                    + attr(attrs, "data-name"));
        }
        return out;
    }

    static List<String> movesInDom(String dom) {
        List<String> out = new ArrayList<>();
        Matcher m = Pattern.compile("<span class=\"move[^\"]*\"([^>]*)>").matcher(dom);
        while (m.find()) {
            out.add(attr(m.group(1), "data-san"));
        }
        return out;
    }

    private static String attr(String attrs, String name) {
        Matcher m = Pattern.compile(name + "=\"([^\"]*)\"").matcher(attrs);
        return m.find() ? m.group(1) : null;
    }

    private GameSnapshot playOnTheSimulatedBoard(BoardId board, GameSnapshot game, String... sans) {
        List<Move> moves = Games.moves(game.position(), sans);
        GameSnapshot after = SimulatedBoard.play(hub, board, game, moves, 7);
        assertThat(after.moves()).as("the recognizer committed every move").hasSize(game.moves().size() + sans.length);
        return after;
    }

    @Test
    void anEightByEightGameAfterTheSimulatedBoardPlayed() throws Exception {
        GameSnapshot game = Games.standard("dom-8x8");
        hub.gameChanged(Games.ONE, game);
        String[] sans = java.util.Arrays.copyOf(Games.RUY_LOPEZ, 12);
        game = playOnTheSimulatedBoard(Games.ONE, game, sans);

        String dom = Chromium.dumpDom(chromium, server.uri());
        assertThat(dom).contains("data-files=\"8\"", "data-ranks=\"8\"");
        assertThat(piecesInDom(dom)).containsExactlyInAnyOrderElementsOf(expectedPieces(game.position()));
        assertThat(piecesInDom(dom)).contains("g1=K white king", "f3=N white knight", "a4=B white bishop",
                "e8=K black king");
        assertThat(movesInDom(dom)).containsExactly(sans);
        // The list is in the configured notation (French: C for the knight, F for the bishop, R for the king).
        assertThat(dom).contains(">Cf3<", ">Fb5<", ">O-O<");
        assertThat(dom).contains("Alpha, Anna", "Beta, Bruno");
    }

    @Test
    void theClocksShowAndTheRunningOneCountsFromWhenItWasRead() throws Exception {
        GameSnapshot game = Games.standard("clocks");
        Position p = game.position();
        game = game.withMove(p.parseSan("e4"), java.time.Duration.ofSeconds(303));
        game = game.withMove(game.position().parseSan("e5"), java.time.Duration.ofSeconds(298));
        // White's clock has run for ten seconds since Black's move: 5:03 then, 4:53 now.
        java.time.Instant asOf = java.time.Instant.now().minusSeconds(10);
        game = game.withClock(new ClockState(java.time.Duration.ofSeconds(303), java.time.Duration.ofSeconds(298),
                org.marelle.rules.Color.WHITE, asOf));
        hub.gameChanged(Games.ONE, game);
        String dom = Chromium.dumpDom(chromium, server.uri());
        assertThat(dom).contains("<span class=\"clock\">4:58</span>");
        assertThat(dom).containsPattern("<span class=\"clock running\">4:(4\\d|5[0-3])</span>");
    }

    @Test
    void aTwelveByEightCourierGameAfterTheSimulatedBoardPlayed() throws Exception {
        GameSnapshot game = GameSnapshot.start("dom-courier", Position.start(Variant.COURIER))
                .withTag("White", "Kurt").withTag("Black", "Lena");
        hub.gameChanged(COURIER_BOARD, game);
        game = playOnTheSimulatedBoard(COURIER_BOARD, game, COURIER_MOVES);

        String dom = Chromium.dumpDom(chromium, server.uri());
        assertThat(dom).contains("data-files=\"12\"", "data-ranks=\"8\"", "data-square=\"l8\"");
        List<String> pieces = piecesInDom(dom);
        assertThat(pieces).containsExactlyInAnyOrderElementsOf(expectedPieces(game.position()));
        // Courier's own pieces, each drawn and labelled as itself.
        assertThat(pieces).contains("g3=F white ferz", "g6=F black ferz", "d2=M white mann", "d7=M black mann",
                "a3=E white alfil", "a6=E black alfil", "d1=B white courier", "h1=W white schleich",
                "c3=N white knight", "f1=K white king", "l1=R white rook");
        assertThat(movesInDom(dom)).containsExactly(COURIER_MOVES);
    }

    @Test
    void anOpenPageFollowsBothBoardsLive() throws Exception {
        GameSnapshot chess = Games.standard("live-8x8");
        hub.gameChanged(Games.ONE, chess);
        GameSnapshot courier = GameSnapshot.start("live-courier", Position.start(Variant.COURIER));
        hub.gameChanged(COURIER_BOARD, courier);

        try (Chromium browser = Chromium.launch(chromium)) {
            String page = browser.open(server.uri());
            assertThat(browser.evaluate(page, "window.marelle.live").asBoolean()).isTrue();
            assertThat(browser.evaluate(page, "window.marelle.whenPly('1', 0)").asInt()).isZero();

            String[] sans = java.util.Arrays.copyOf(Games.RUY_LOPEZ, 10);
            chess = playOnTheSimulatedBoard(Games.ONE, chess, sans);
            JsonNode shown = shown(browser, page, "1", sans.length);
            assertThat(strings(shown.get("pieces"))).containsExactlyInAnyOrderElementsOf(expectedPieces(chess.position()));
            assertThat(strings(shown.get("moves"))).containsExactly(sans);
            assertThat(shown.path("received").path("move").asInt()).as("moves that came as events").isEqualTo(sans.length);
            assertThat(shown.path("resyncs").asInt()).as("times the page had to reload a game").isZero();

            browser.evaluate(page, "window.marelle.show('2'), true");
            courier = playOnTheSimulatedBoard(COURIER_BOARD, courier, COURIER_MOVES);
            JsonNode shownCourier = shown(browser, page, "2", COURIER_MOVES.length);
            assertThat(shownCourier.path("files").asText()).isEqualTo("12");
            assertThat(strings(shownCourier.get("pieces")))
                    .containsExactlyInAnyOrderElementsOf(expectedPieces(courier.position()));
            assertThat(strings(shownCourier.get("moves"))).containsExactly(COURIER_MOVES);
            assertThat(shownCourier.path("resyncs").asInt()).isZero();

            // A takeback and a draw offer reach the list the page keeps from the events.
            courier = courier.withTakeback(2);
            hub.gameChanged(COURIER_BOARD, courier);
            courier = Games.play(courier, "Md2").withDrawOffer();
            hub.gameChanged(COURIER_BOARD, courier);
            browser.evaluate(page, "window.marelle.when(() => document.querySelectorAll('#moves .move .offer').length === 1)");
            JsonNode afterTakeback = shown(browser, page, "2", COURIER_MOVES.length - 1);
            assertThat(strings(afterTakeback.get("moves"))).containsExactly(
                    java.util.Arrays.copyOf(COURIER_MOVES, COURIER_MOVES.length - 1));
            assertThat(strings(afterTakeback.get("pieces")))
                    .containsExactlyInAnyOrderElementsOf(expectedPieces(courier.position()));
            assertThat(browser.evaluate(page, "document.querySelectorAll('#moves .move .offer').length").asInt())
                    .isEqualTo(1);
            assertThat(afterTakeback.path("resyncs").asInt()).isZero();

            // The result reaches the page too.
            hub.gameChanged(COURIER_BOARD, courier.withResult("0-1"));
            JsonNode result = browser.evaluate(page, """
                    window.marelle.when(() => {
                      const r = document.getElementById('result').getAttribute('data-result');
                      return r === '0-1' ? r : null;
                    })""");
            assertThat(result.asText()).isEqualTo("0-1");
        }
    }

    /** The page as shown, without its scripts (which hold the texts of every language). */
    private static String shownPart(String dom) {
        int scripts = dom.indexOf("<script");
        assertThat(scripts).as("the page's scripts").isPositive();
        return dom.substring(0, scripts);
    }

    /** A game White won by checkmate (the scholar's mate), to read how the page words a result. */
    private static GameSnapshot scholarsMate() {
        return Games.play(Games.standard("mate"), "e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#").withResult("1-0");
    }

    @Test
    void thePageSpeaksTheBrowsersLanguageWhenTheConfigurationNamesNone() throws Exception {
        hub.gameChanged(Games.ONE, scholarsMate());
        String dom = shownPart(Chromium.dumpDom(chromium, server.uri(), "--accept-lang=fr-CH,fr,en"));
        assertThat(dom).contains("<html lang=\"fr\">");
        assertThat(dom).contains(">Marelle en direct<", ">Retourner l'\u00E9chiquier<", ">Cette partie (PGN)<",
                ">Coups<", ">Blancs<", ">Noirs<", "Les Blancs gagnent (mat)", ">partie termin\u00E9e<",
                "title=\"pendule des Blancs\"", "<title>Blancs&nbsp;: roi en e1</title>");
        assertThat(dom).doesNotContain("Flip board", "White wins", ">game over<", ">live<");
        // The move list keeps the configured notation (French here too, but from broadcast.notation).
        assertThat(dom).contains(">Dxf7#<");
    }

    @Test
    void aConfiguredLanguageWinsOverTheBrowsers() throws Exception {
        BroadcastConfig german = BroadcastConfig.defaults().withPort(0).withLanguage("de");
        try (BroadcastHub hub2 = BroadcastHub.create(german);
             BroadcastServer server2 = BroadcastServer.start(german, hub2)) {
            hub2.gameChanged(Games.ONE, scholarsMate());
            String dom = shownPart(Chromium.dumpDom(chromium, server2.uri(), "--accept-lang=fr"));
            assertThat(dom).contains("<html lang=\"de\">");
            assertThat(dom).contains(">Brett drehen<", ">Z\u00FCge<", ">Wei\u00DF<", ">Schwarz<",
                    "Wei\u00DF gewinnt (Schachmatt)", ">Partie beendet<", "Runde 3");
            assertThat(dom).doesNotContain("Retourner", "Blancs", "Flip board");
            // The move list stays in the configured notation, standard SAN by default.
            assertThat(dom).contains(">Qxf7#<");
        }
    }

    @Test
    void lettersOnThePiecesAndTheLegendOnlyWhereThePiecesAreUnfamiliar() throws Exception {
        hub.gameChanged(Games.ONE, Games.play(Games.standard("letters-8x8"), "e4", "e5"));
        hub.gameChanged(COURIER_BOARD, GameSnapshot.start("letters-courier", Position.start(Variant.COURIER)));

        // An English browser whatever the machine's locale: the legend's words are checked below.
        String chess = shownPart(Chromium.dumpDom(chromium, server.uri(), "--accept-lang=en"));
        assertThat(piecesInDom(chess)).hasSize(32);
        assertThat(chess).as("no letter badge on an 8x8 board").doesNotContain("class=\"badge\"");
        assertThat(chess).containsPattern("<input type=\"checkbox\" id=\"letters\">");
        assertThat(chess).as("no legend on an 8x8 board").contains("<details id=\"legend\" open=\"\" hidden=\"\"");

        String courier = shownPart(Chromium.dumpDom(chromium, server.uri().resolve("?board=2"), "--accept-lang=en"));
        assertThat(courier).contains("data-files=\"12\"");
        Matcher badges = Pattern.compile("<text class=\"badge\"[^>]*>([A-Z])</text>").matcher(courier);
        List<String> letters = new ArrayList<>();
        while (badges.find()) {
            letters.add(badges.group(1));
        }
        assertThat(letters).as("a letter on each of Courier's 48 pieces").hasSize(48).contains("F", "M", "W", "E", "B");
        Matcher legend = Pattern.compile("<details id=\"legend\"([^>]*)>(.*?)</details>", Pattern.DOTALL)
                .matcher(courier);
        assertThat(legend.find()).isTrue();
        assertThat(legend.group(1)).doesNotContain("hidden");
        assertThat(legend.group(2)).contains("Courier chess pieces", "data-piece=\"ferz\"", "data-piece=\"alfil\"",
                "jumps exactly two squares diagonally", "one square straight: forward, back or sideways",
                "any distance diagonally", "data-piece=\"knight rook\"", "as in chess");
    }

    @Test
    void theConnectionBadgeSaysTheGameIsOverOnceItHasAResult() throws Exception {
        GameSnapshot game = Games.play(Games.standard("badge"), "e4", "e5");
        hub.gameChanged(Games.ONE, game);
        try (Chromium browser = Chromium.launch(chromium, "--accept-lang=en")) {
            String page = browser.open(server.uri());
            assertThat(browser.evaluate(page, "window.marelle.live").asBoolean()).isTrue();
            assertThat(browser.evaluate(page, "document.getElementById('connection').textContent").asText())
                    .isEqualTo("live");
            assertThat(strings(browser.evaluate(page, "window.marelle.languages"))).as("the languages the page speaks")
                    .containsExactlyInAnyOrderElementsOf(BroadcastConfig.VIEWER_LANGUAGES);

            hub.gameChanged(Games.ONE, game.withResult("0-1", Ending.RESIGNATION));
            // Waits in the page for the badge to change, for at most 20 s (then it answers what it shows).
            JsonNode badge = browser.evaluate(page, """
                    Promise.race([
                      window.marelle.when(() => document.getElementById('result').getAttribute('data-result') === '0-1'
                          && document.getElementById('connection').textContent !== 'live'),
                      new Promise(r => setTimeout(r, 20000))
                    ]).then(() => JSON.stringify({ text: document.getElementById('connection').textContent,
                                                   cls: document.getElementById('connection').className }))""");
            JsonNode shown = GameRenderer.JSON.readTree(badge.asText());
            assertThat(shown.path("text").asText()).isEqualTo("game over");
            // How it ended, beside the result: the position did not decide it, White resigned.
            assertThat(browser.evaluate(page, "document.getElementById('result').textContent").asText())
                    .contains("Black wins (resignation)");
            assertThat(shown.path("cls").asText()).isEqualTo("over");

            // Reopened (the arbiter's "*"), the game is live again.
            hub.gameChanged(Games.ONE, game.withResult("*"));
            assertThat(browser.evaluate(page, """
                    Promise.race([
                      window.marelle.when(() => document.getElementById('connection').textContent === 'live'),
                      new Promise(r => setTimeout(r, 20000))
                    ]).then(() => document.getElementById('connection').textContent)""").asText()).isEqualTo("live");
        }
    }

    @Test
    void aBoardWhoseDaemonIsOfflineIsSaidSoUntilItIsBack() throws Exception {
        GameSnapshot game = Games.play(Games.standard("offline"), "d4", "d5");
        hub.gameChanged(Games.ONE, game);
        try (Chromium browser = Chromium.launch(chromium, "--accept-lang=en")) {
            String page = browser.open(server.uri());
            assertThat(browser.evaluate(page, "document.getElementById('status').hidden").asBoolean()).isTrue();
            hub.gameChanged(Games.ONE, game.withStatus(game.status().withOffline(true)));
            assertThat(browser.evaluate(page, """
                    Promise.race([
                      window.marelle.when(() => !document.getElementById('status').hidden),
                      new Promise(r => setTimeout(r, 20000))
                    ]).then(() => document.getElementById('status').textContent)""").asText())
                    .isEqualTo("The board is offline: its moves follow once it is back.");
            hub.gameChanged(Games.ONE, game);
            assertThat(browser.evaluate(page, """
                    Promise.race([
                      window.marelle.when(() => document.getElementById('status').hidden),
                      new Promise(r => setTimeout(r, 20000))
                    ]).then(() => document.getElementById('status').hidden)""").asBoolean()).isTrue();
        }
    }

    /** Waits (in the page) until the board shows {@code ply} moves, then reads what it shows. */
    private static JsonNode shown(Chromium browser, String page, String board, int ply) throws Exception {
        String script = """
                window.marelle.whenPly('%s', %d).then(() => JSON.stringify({
                  files: document.getElementById('board').getAttribute('data-files'),
                  pieces: [...document.querySelectorAll('#board g.piece')].map(g =>
                      g.dataset.square + '=' + g.dataset.piece + ' ' + g.dataset.color + ' ' + g.dataset.name),
                  moves: [...document.querySelectorAll('#moves .move')].map(s => s.dataset.san),
                  received: window.marelle.state.received,
                  resyncs: window.marelle.state.resyncs || 0
                }))""".formatted(board, ply);
        return GameRenderer.JSON.readTree(browser.evaluate(page, script).asText());
    }

    private static List<String> strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }
}
