package org.marelle.bridge.recognition;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.marelle.board.LedFrame;
import org.marelle.board.Occupancy;
import org.marelle.bridge.recognition.RecognitionEvent.BoardMismatch;
import org.marelle.bridge.recognition.RecognitionEvent.MoveCommitted;
import org.marelle.bridge.recognition.RecognitionEvent.MoveProvisional;
import org.marelle.bridge.recognition.RecognitionEvent.NewGameDetected;
import org.marelle.bridge.recognition.RecognitionEvent.PromotionPending;
import org.marelle.bridge.recognition.RecognitionEvent.TakenBack;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.marelle.geometry.BoardGeometry;
import org.marelle.geometry.SquareSet;
import org.marelle.rules.PieceType;
import org.marelle.rules.Position;
import org.marelle.rules.Variant;

/**
 * PicoChess's tests for its occupancy-only board (resources: {@code recognition/board-traces}), replayed as frames
 * 300 ms apart, with 3 s of quiet where the scenario checks its positions and at the end. Where PicoChess expects a position Marelle does not report, the test says why:
 * Marelle never publishes a move it may rewrite (a slide's intermediate square, the king's square halfway through
 * castling), and a piece in the hand is not a missing piece.
 */
class PicochessScenariosTest {

    private static final long STEP = 300;
    private static Map<String, List<JsonNode>> scenarios;

    /** What a scenario's replay produced. */
    private record Run(RecognizerState state, List<RecognitionEvent> events, List<LedFrame> leds) {
        List<String> committed() {
            return events.stream().filter(MoveCommitted.class::isInstance).map(e -> ((MoveCommitted) e).san()).toList();
        }

        <T extends RecognitionEvent> List<T> all(Class<T> kind) {
            return events.stream().filter(kind::isInstance).map(kind::cast).toList();
        }

        int sq(String name) {
            return BoardGeometry.CHESS.parseSquare(name);
        }
    }

    @BeforeAll
    static void read() throws IOException {
        scenarios = new LinkedHashMap<>();
        try (InputStream in = PicochessScenariosTest.class.getResourceAsStream("/recognition/board-traces/picochess_eboard_test_scenarios.jsonl");
             BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            ObjectMapper json = new ObjectMapper();
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                if (line.isBlank()) continue;
                JsonNode obj = json.readTree(line);
                List<JsonNode> steps = new ArrayList<>();
                obj.get("steps").forEach(steps::add);
                scenarios.put(obj.get("scenario").asText(), steps);
            }
        }
    }

    @Test
    void allTwentyThreeScenariosAreHere() {
        assertThat(scenarios).hasSize(23);
    }

    /** The squares a FEN placement (letters = pieces) occupies. */
    private static SquareSet placement(String fen) {
        SquareSet s = SquareSet.EMPTY;
        String[] ranks = fen.split("/");
        for (int r = 0; r < ranks.length; r++) {
            int file = 0;
            for (char c : ranks[r].toCharArray()) {
                if (Character.isDigit(c)) {
                    file += c - '0';
                } else {
                    s = s.with(BoardGeometry.CHESS.square(file, 7 - r));
                    file++;
                }
            }
        }
        return s;
    }

    private static Run replay(String name, Position position, String... moves) {
        return replay(name, position, null, moves);
    }

    /** Replays a scenario from {@code position} (after {@code moves}); {@code choose} is an API promotion choice. */
    private static Run replay(String name, Position position, PieceType choose, String... moves) {
        List<JsonNode> steps = scenarios.get(name);
        assertThat(steps).as(name).isNotNull();
        List<org.marelle.rules.Move> played = new ArrayList<>();
        Position p = position;
        for (String m : moves) {
            played.add(p.parseUci(m));
            p = p.playUci(m);
        }
        for (JsonNode step : steps) {
            if (step.has("played")) {
                played.add(p.parseUci(step.get("played").asText()));
                p = p.playUci(step.get("played").asText());
            }
        }
        RecognizerState s = RecognizerState.resume(position, played, RecognizerConfig.defaults());
        List<RecognitionEvent> events = new ArrayList<>();
        List<LedFrame> leds = new ArrayList<>();
        long t = 0;
        if (choose != null) {
            Step st = s.choosePromotion(choose, t);
            events.addAll(st.events());
            s = st.state();
        }
        for (JsonNode step : steps) {
            Step st = null;
            if (step.has("engine_move")) {
                st = s.remoteMove(s.position().parseUci(step.get("engine_move").asText()), t);
            } else if (step.has("expect_positions")) {
                // PicoChess checks its positions here: the board has settled.
                t += 3_000;
                st = s.tick(t);
            } else if (step.has("occupancy")) {
                SquareSet b = placement(step.get("occupancy").asText());
                st = s.accept(new Occupancy(8, 8, b, t, null));
                t += STEP;
            }
            if (st != null) {
                events.addAll(st.events());
                s = st.state();
                leds.add(s.leds());
            }
        }
        Step st = s.tick(t + 3_000);
        events.addAll(st.events());
        s = st.state();
        leds.add(s.leds());
        return new Run(s, events, leds);
    }

    private static Position start() {
        return Position.start(Variant.STANDARD);
    }

    // ---- LEDs and missing pieces ---------------------------------------------------------------------------------

    @Test
    void missingAllPiecesIsAMismatchWithEverySquareToFill() {
        Run r = replay("test_leds_missing_all_pieces", start());
        assertThat(r.all(BoardMismatch.class)).singleElement()
                .satisfies(m -> assertThat(m.toFill()).isEqualTo(start().occupancy()));
        assertThat(r.state().leds().led(r.sq("a1")).rgb()).isEqualTo(BoardLeds.FILL);
    }

    @Test
    void missingRookIsAMismatch() {
        // The a1 rook has no legal move at the start: it cannot be a piece in the hand.
        Run r = replay("test_leds_missing_rook_a1", start());
        assertThat(r.all(BoardMismatch.class)).singleElement()
                .satisfies(m -> assertThat(m.toFill()).isEqualTo(SquareSet.of(r.sq("a1"))));
    }

    @Test
    void missingPawnIsAPawnInTheHandNotAMismatch() {
        // PicoChess lights h2 as missing; for Marelle an h2 pawn off the board at the start is a pawn being moved:
        // the LEDs show where it can go, and no mismatch is reported.
        Run r = replay("test_leds_missing_pawn_h2", start());
        assertThat(r.all(BoardMismatch.class)).isEmpty();
        LedFrame leds = r.state().leds();
        assertThat(leds.led(r.sq("h2")).rgb()).isEqualTo(BoardLeds.WHITE);
        assertThat(leds.led(r.sq("h3")).rgb()).isEqualTo(BoardLeds.QUIET);
        assertThat(leds.led(r.sq("h4")).rgb()).isEqualTo(BoardLeds.QUIET);
    }

    @Test
    void engineMoveIsLitUntilMadeOnTheBoard() {
        Run r = replay("test_leds_combine_with_engine_move", start());
        assertThat(r.state().leds().led(r.sq("e2")).rgb()).isEqualTo(BoardLeds.REMOTE);
        assertThat(r.state().leds().led(r.sq("e4")).rgb()).isEqualTo(BoardLeds.REMOTE);
        assertThat(r.all(BoardMismatch.class)).isEmpty();
    }

    @Test
    void engineMoveStaysLitWhileAnotherPieceIsTouched() {
        Run r = replay("test_leds_stay_on_for_engine_move", start());
        assertThat(r.state().leds().led(r.sq("e2")).rgb()).isEqualTo(BoardLeds.REMOTE);
        assertThat(r.state().leds().led(r.sq("e4")).rgb()).isEqualTo(BoardLeds.REMOTE);
    }

    @Test
    void engineMoveMadeOnTheBoardShowsAsTheLastMove() {
        Run r = replay("test_leds_stay_on_for_finished_engine_move", start());
        assertThat(r.state().inSync()).isTrue();
        assertThat(r.state().leds().led(r.sq("e4")).rgb()).isEqualTo(BoardLeds.MOVE);
        assertThat(r.committed()).isEmpty();   // the engine's move was already in the game
    }

    // ---- moves ---------------------------------------------------------------------------------------------------

    @Test
    void nonCaptureMove() {
        assertThat(replay("test_non_capture_move", start()).committed()).containsExactly("e4");
    }

    @Test
    void captureMove() {
        Run r = replay("test_capture_move", Position.fromFen("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2"));
        assertThat(r.committed()).containsExactly("exd5");
        assertThat(r.state().position().fen()).startsWith("rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR");
    }

    @Test
    void enPassantInEachOfTheThreeOrders() {
        Position p = Position.fromFen("rnbqkbnr/pp2pppp/8/2pP4/8/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 3");
        for (String name : List.of("test_en_passant_move_a", "test_en_passant_move_b", "test_en_passant_move_c")) {
            Run r = replay(name, p);
            assertThat(r.committed()).as(name).containsExactly("dxc6");
            assertThat(r.state().position().fen()).as(name).startsWith("rnbqkbnr/pp2pppp/2P5/8/8/8/PPPP1PPP/RNBQKBNR");
        }
    }

    @Test
    void promotionIsPendingThenTheQueen() {
        // PicoChess waits for the player's choice on a screen; Marelle lights the choice squares and takes the
        // queen when none is made within the promotion window.
        Run r = replay("test_promotion_request", Position.fromFen("4k3/P7/8/8/8/8/8/4K3 w - - 0 1"));
        assertThat(r.all(PromotionPending.class)).hasSize(1);
        assertThat(r.committed()).containsExactly("a8=Q+");
    }

    @Test
    void promotionWithCapture() {
        Run r = replay("test_promotion_request_with_capture", Position.fromFen("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1"));
        assertThat(r.all(PromotionPending.class)).hasSize(1);
        assertThat(r.committed()).containsExactly("axb8=Q+");
    }

    @Test
    void promotionFinishedWithAKnightChosenThroughTheApi() {
        Run r = replay("test_finish_promotion_move", Position.fromFen("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1"), PieceType.KNIGHT);
        assertThat(r.committed()).containsExactly("axb8=N");
        assertThat(r.state().position().fen()).startsWith("1N2k3/8/8/8/8/8/8/4K3");
    }

    @Test
    void newGameDetected() {
        Run r = replay("test_detect_new_game", Position.fromFen("4k3/P7/8/8/8/8/8/4K3 w - - 0 1"));
        assertThat(r.all(NewGameDetected.class)).hasSize(1);
        assertThat(r.state().position()).isEqualTo(start());
    }

    @Test
    void slidingPieceCommitsOnlyWhereItStops() {
        // PicoChess reports e3 and then e4; Marelle never publishes the intermediate square.
        Run r = replay("test_sliding_piece", start());
        assertThat(r.committed()).containsExactly("e4");
    }

    @Test
    void kingFirstCastling() {
        // PicoChess lists the board with the king on g1 and the rook still on h1 as a position; it is half of
        // castling, and Marelle commits only O-O.
        Run r = replay("test_castle", Position.fromFen("rnbqk2r/pppp1ppp/5n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"));
        assertThat(r.committed()).containsExactly("O-O");
    }

    @Test
    void takebackOfOnePly() {
        Run r = replay("test_take_back_a", start());
        assertThat(r.all(TakenBack.class)).singleElement().satisfies(t -> assertThat(t.plies()).isEqualTo(1));
        assertThat(r.state().position()).isEqualTo(start().playUci("e2e4"));
    }

    @Test
    void takebackTwiceInARow() {
        // The scenario's game (reduced away in the data) is 1.e4 c5 2.Nf3 d6 3.Bb5+ Bd7 4.Bxd7+ Nxd7: the
        // occupancy it starts from. The knight goes back to b8 and the bishop reappears on d7 (4...Nxd7 undone),
        // then the white bishop goes back to b5 and Black's bishop to d7 (4.Bxd7+ undone).
        Run r = replay("test_take_back_b", start(), "e2e4", "c7c5", "g1f3", "d7d6", "f1b5", "c8d7", "b5d7", "b8d7");
        assertThat(r.all(TakenBack.class)).extracting(TakenBack::plies).containsExactly(1, 1);
        assertThat(r.state().position()).isEqualTo(start().playUci("e2e4").playUci("c7c5").playUci("g1f3")
                .playUci("d7d6").playUci("f1b5").playUci("c8d7"));
        assertThat(r.committed()).isEmpty();
    }

    @Test
    void pawnOnTheThirdRankWaitsForTheSlideWindow() {
        // The pawn may still slide on to e4: e3 is provisional at once and committed only after the slide window.
        Run r = replay("test_timer_is_started_for_extendable_move", start());
        assertThat(r.all(MoveProvisional.class)).extracting(MoveProvisional::san).containsExactly("e3");
        MoveCommitted c = r.all(MoveCommitted.class).get(0);
        assertThat(c.san()).isEqualTo("e3");
        long placed = 2 * STEP;
        assertThat(c.atMillis() - placed).isGreaterThanOrEqualTo(RecognizerConfig.defaults().slideMillis());
    }

    @Test
    void pawnThatSlidesOnCommitsOnlyTheLastSquare() {
        assertThat(replay("test_timer_is_canceled_for_non_extendable_move", start()).committed()).containsExactly("e4");
    }

    @Test
    void rookMoveIsExtendable() {
        Position p = Position.fromFen("rn1qk2r/pp2ppbp/2p2np1/3p1b1P/3P4/4PN2/PPP1BPP1/RNBQK2R w KQkq - 0 1");
        Run r = replay("test_rook_move_is_extendable", p);
        assertThat(r.all(MoveProvisional.class)).extracting(MoveProvisional::san).containsExactly("Rh2", "Rh3");
        assertThat(r.committed()).containsExactly("Rh3");
    }

    @Test
    void knightMove() {
        assertThat(replay("test_ignore_knight_move", start()).committed()).containsExactly("Nf3");
    }
}
