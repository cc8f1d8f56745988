package org.marelle.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.marelle.board.Occupancy;
import org.marelle.bridge.recognition.RecognizerState;
import org.marelle.bridge.recognition.Step;
import org.marelle.geometry.BoardGeometry;
import org.marelle.rules.Move;
import org.marelle.rules.Position;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The recognizer catching up with a still board (the story search, then the commit or the question), as a sampled
 * distribution: the one tick that can cost milliseconds rather than microseconds, since it walks up to four plies of
 * legal moves. The issue's target is the four-ply search well under 20 ms. Situations ({@code situation}):
 * <ul>
 * <li>{@code start2}, {@code start3}, {@code start4}: a daemon restarted at the start position first reads the board
 * after 1.e4 e5, after 2.Nf3, after 2...Nc6 (it asks: with no readings of the moves, their order is unknown);</li>
 * <li>{@code middle2}, {@code middle3}, {@code middle4}: the same in a middlegame, Morphy - Mac Connel, New Orleans
 * 1849, after 21.Bxc5+: 21...Ka5 22.Rg3 b5 23.Ra3# (each commits the plies read);</li>
 * <li>{@code worst4}: the slowest situation {@link CatchUpWorstCase} found in the Morphy games, Morphy - Loewenthal,
 * New Orleans 1850, after 28.Rg2: 28...Qxg2+ 29.Bxg2 Rexf6 30.Qxf6, four captures on a crowded board (nothing is
 * committed: the line ends in a capture, which only a later move could confirm);</li>
 * <li>{@code pieceInHand}: the common case on a live board, in the middlegame of {@link RecognizerBenchmark}: the side
 * to move has lifted its knight from f3 and holds it; the board stays still for a glance, the search runs
 * and finds nothing (no move or sequence leaves one piece fewer without a capture square reading empty).</li>
 * <li>{@code blitz5}, {@code bound6}: live boards on Hall sensors at 24 Hz, from simulated blitz games, whose glance
 * searches six plies back: five plies past a capture nobody saw, found; and a board whose six-ply search passes its
 * bound, searched again four plies back (see {@link #replay});</li>
 * <li>{@code correction}: a live board on Hall sensors at 24 Hz whose moves show two committed wrong: the tick that
 * corrects them (searches the board again from one and two moves back).</li>
 * <li>{@code wider6}: a live board on Hall sensors at 40 Hz whose six-ply search passes its bound and whose four-ply
 * stories decide nothing: the six plies are searched again with a wider bound.</li>
 * </ul>
 * Each operation ticks the same immutable prepared state, so every sample is the same work. The sensors are reed
 * switches scanned at 50 Hz (see {@link CatchUpSituation#CONFIG}).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class CatchUpBenchmark {

    private static final String START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    /** Morphy - Mac Connel, New Orleans 1849 (chesslib_Morphy_UTF8.pgn, game 6), after 21.Bxc5+. */
    private static final String MIDDLE = "rnb3nr/pp1p1Np1/1k1P3p/2B3R1/2B5/8/PPP2P1P/R3K3 b Q - 0 21";
    /** Morphy - Loewenthal, New Orleans 1850 (chesslib_Morphy_UTF8.pgn, game 21), after 28.Rg2. */
    private static final String WORST = "5k2/pp3p2/4rN1r/2b1nQ2/4B3/2P3q1/P5RP/5R1K b - - 5 28";
    /** {@link RecognizerBenchmark}'s Queen's Gambit Declined after 10...Qxe7, White to move. */
    private static final String QGD = "r1b2rk1/pp1nqppp/2p1p3/3n4/2BP4/2N1PN2/PP3PPP/2RQK2R w K - 0 11";

    @Param({"start2", "start3", "start4", "middle2", "middle3", "middle4", "worst4", "pieceInHand", "blitz5", "bound6",
        "wider6", "correction"})
    public String situation;

    private RecognizerState prepared;
    private long tickAt;

    @Setup(Level.Trial)
    public void setUp() {
        switch (situation) {
            case "start2" -> restart(START, "e4 e5");
            case "start3" -> restart(START, "e4 e5 Nf3");
            case "start4" -> restart(START, "e4 e5 Nf3 Nc6");
            case "middle2" -> restart(MIDDLE, "Ka5 Rg3");
            case "middle3" -> restart(MIDDLE, "Ka5 Rg3 b5");
            case "middle4" -> restart(MIDDLE, "Ka5 Rg3 b5 Ra3#");
            case "worst4" -> restart(WORST, "Qxg2+ Bxg2 Rexf6 Qxf6");
            case "pieceInHand" -> pieceInHand();
            case "blitz5" -> replay(BLITZ, BLITZ_FRAMES, HALL_24);
            case "bound6" -> replay(BOUND, BOUND_FRAMES, HALL_24);
            case "wider6" -> replay(WIDER, WIDER_FRAMES, org.marelle.bridge.recognition.SensorModel.hall(40, 2));
            case "correction" -> {
                replay(CORRECTED, CORRECTED_FRAMES, HALL_24);
                untilCorrected();
            }
            default -> throw new IllegalArgumentException(situation);
        }
        // Prints what the measured tick decides, so that the figures are read with it (a commit, a question, nothing).
        Step step = prepared.tick(tickAt);
        System.out.println("\n" + situation + ": " + CatchUpSituation.decided(step, prepared.position().geometry()));
    }

    private void restart(String fen, String san) {
        Position p = Position.fromFen(fen);
        List<Move> moves = new ArrayList<>();
        Position q = p;
        for (String s : san.split(" ")) {
            Move m = q.parseSan(s);
            moves.add(m);
            q = q.play(m);
        }
        prepared = CatchUpSituation.restart(p, moves).prepared;
        tickAt = CatchUpSituation.TICK_AT;
        if (prepared.wakeUpAt().orElse(Long.MAX_VALUE) > tickAt) throw new IllegalStateException(situation + ": no catch-up due by " + tickAt);
    }

    private void pieceInHand() {
        Position p = Position.fromFen(QGD);
        BoardGeometry g = p.geometry();
        Occupancy synced = CatchUpSituation.frame(p.occupancy(), g, 0);
        RecognizerState s = RecognizerState.start(p, CatchUpSituation.CONFIG).accept(synced).state();
        prepared = s.accept(synced.without(g.parseSquare("f3")).at(1_000)).state();
        // The search is due at a glance (the board still for as long as the sensors can misread a square, within the
        // settle window); the tick then is the one measured.
        tickAt = prepared.wakeUpAt().orElse(Long.MAX_VALUE);
        if (tickAt <= 1_000 || tickAt > 1_000 + CatchUpSituation.CONFIG.settleMillis()) {
            throw new IllegalStateException("pieceInHand: the catch-up is not due within the settle window but at " + tickAt);
        }
    }

    /**
     * A live board, read all along, on {@code sensors}: the frames (milliseconds since the one before, then the
     * squares emptied and filled) are fed with the ticks due between them, and the tick measured is the glance after
     * the last one, which searches six plies back.
     */
    private void replay(String fen, String[] frames, org.marelle.bridge.recognition.SensorModel sensors) {
        Position p = Position.fromFen(fen);
        BoardGeometry g = p.geometry();
        var config = org.marelle.bridge.recognition.RecognizerConfig.defaults().withSensors(sensors);
        RecognizerState s = RecognizerState.start(p, config).accept(CatchUpSituation.frame(p.occupancy(), g, 0)).state();
        org.marelle.geometry.SquareSet occ = p.occupancy();
        long t = 1_000;
        for (String frame : frames) {
            String[] parts = frame.split(" ");
            long next = t + Long.parseLong(parts[0]);
            for (long w = s.wakeUpAt().orElse(Long.MAX_VALUE); w <= next; w = s.wakeUpAt().orElse(Long.MAX_VALUE)) {
                s = s.tick(w).state();
            }
            t = next;
            for (int i = 1; i < parts.length; i++) {
                int sq = g.parseSquare(parts[i].substring(1));
                occ = parts[i].charAt(0) == '+' ? occ.with(sq) : occ.without(sq);
            }
            s = s.accept(CatchUpSituation.frame(occ, g, t)).state();
        }
        prepared = s;
        tickAt = s.wakeUpAt().orElse(Long.MAX_VALUE);
    }

    /**
     * Ticks on from the replay's end, as the daemon would, up to the tick that corrects moves committed: the one
     * measured.
     */
    private void untilCorrected() {
        RecognizerState s = prepared;
        for (int guard = 0; guard < 100; guard++) {
            long w = s.wakeUpAt().orElseThrow(() -> new IllegalStateException("correction: nothing due, nothing corrected"));
            Step step = s.tick(w);
            if (step.events().stream().anyMatch(e -> e instanceof org.marelle.bridge.recognition.RecognitionEvent.Corrected)) {
                prepared = s;
                tickAt = w;
                return;
            }
            s = step.state();
        }
        throw new IllegalStateException("correction: no tick corrected a move");
    }

    /** chess.js benchmark game 22 after 12.Nd5, as the simulator's `swap` hands at 24 Hz make it (seed 3). */
    private static final String CORRECTED = "r2qr1k1/pppbbpp1/3p1n1p/3N4/2BQP2B/8/PPP2PPP/2KRR3 b - - 7 12";
    /**
     * 12...Nxd5 13.Qxd5 (a swap nobody saw, the a7 pawn lifted 167 ms: read as Qxa7) Bxh4 14.Qxf7+ Kh8: the tick that
     * corrects Qxa7 and Bxh4 searches the board again from one and two moves back on every reading since.
     */
    private static final String[] CORRECTED_FRAMES = {"0 -f6", "375 -d5", "83 +d5", "2667 -d4", "500 -a7", "167 +a7",
        "208 -e7", "125 -h4", "208 +h4", "2000 -d5", "292 -f7", "83 +f8", "84 -f8 +f7", "250 -g7", "208 +g7", "625 -g8",
        "458 +h8"};

    private static final org.marelle.bridge.recognition.SensorModel HALL_24 =
            org.marelle.bridge.recognition.SensorModel.hall(24, 2);

    /** Lichess 2016-05 game 1910 after 24.Qf6, as the simulator's `hall` hands at 40 Hz make it (seed 1). */
    private static final String WIDER = "3r3r/1kq4p/p1n1pQp1/1pp5/4P3/1P2N3/PB4PP/3R1R1K b - - 3 24";
    /**
     * 24...Rxd1 25.Rxd1, the black rook dragged d8-d1 onto the rook White lifted, a dropout of it, then White's
     * recapture: the six-ply search passes its bound, the four-ply stories leave more unexplained than a proof, and the
     * six plies are searched again with the wider bound (see {@code StorySearch.search}).
     */
    private static final String[] WIDER_FRAMES = {"55 -d1 -f6", "100 +f6", "50 -d8", "725 +d7", "100 -d7 +d6",
        "150 -d6", "25 +d5", "125 -d5", "25 +d4", "125 -d4 +d3", "175 -d3", "25 +d2", "100 -d2", "25 +d1", "150 -d1",
        "50 +d1", "100 -d1", "175 -f1", "150 +d1"};

    /** Lichess 2016-05 game 1398 after 12.Nxe5, as the simulator's `swap` hands at 24 Hz make it (seed 1). */
    private static final String BLITZ = "rn2k2r/p1q2ppp/bpp2n2/4N3/1bPpP3/1P4P1/PB1PNPBP/R2QR1K1 b kq - 0 12";
    /** 12...Qxe5 (e5 never read empty) 13.a3 Bd6 14.Rc1 c5: five plies, read only once c5 is set down. */
    private static final String[] BLITZ_FRAMES = {"0 -c7", "625 -a2", "667 +a2", "83 -a2 +a3", "167 -b4", "83 +c5",
        "125 -c5", "42 +d6", "125 -a1", "42 +b1", "125 -b1 +c1", "208 -c6", "2333 +c5"};
    /** Lichess 2016-05 game 4298 after 15...Nbd7. */
    private static final String BOUND = "r4rk1/p1Nn2pp/1p2pn2/6q1/3PP3/1P6/P3QPPP/R4RK1 w - - 1 16";
    /**
     * 16.Nxa8 Rxa8 17.Rac1 Rf8 18.Rc7, one-handed captures and dragged rooks: the six-ply search passes its bound
     * and the four-ply one runs after it, the slowest tick a live board has found so far.
     */
    private static final String[] BOUND_FRAMES = {"0 -c7", "208 -a8", "83 +a8", "167 -e6", "375 +e6", "542 -f8",
        "291 -a8", "84 +a8", "333 -a1", "83 +b1", "84 -b1", "41 +c1", "167 -a8", "42 +b8", "166 -b8 +c8", "84 -c8",
        "41 +d8", "84 -d8 +e8", "125 -e8 +f8", "208 -c1", "42 +c2", "125 -c2 +c3", "83 -c3", "42 +c4", "166 -c4",
        "42 +c5", "83 -c5 +c6", "167 -c6 +c7"};

    @Benchmark
    public Step tick() {
        return prepared.tick(tickAt);
    }
}
