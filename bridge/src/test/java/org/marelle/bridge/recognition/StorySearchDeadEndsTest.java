package org.marelle.bridge.recognition;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.marelle.bridge.simulation.GameFiles;
import org.marelle.bridge.simulation.HumanPlaySimulator;
import org.marelle.bridge.simulation.Profile;
import org.marelle.bridge.simulation.Sensors;
import org.marelle.geometry.SquareSet;
import org.marelle.rules.Move;
import org.marelle.rules.Position;

/**
 * The story search keeps the positions it found dead from one pass to the next (each pass allows one more capture
 * nobody saw): it must find exactly the stories it finds when every pass starts afresh, and visit no more positions.
 * The situations are live boards: four plies of real games played by the simulated one-handed hands on Hall sensors
 * scanned at 24 Hz (where captures go unseen, so searches take several passes), cut at the end and twice before it
 * (pieces in hand), each searched four and six plies deep.
 */
class StorySearchDeadEndsTest {

    private static final SensorModel SENSORS = Profile.SWAP.sensors().withScanning(24, 2);
    private static final RecognizerConfig CONFIG = RecognizerConfig.defaults().withSensors(SENSORS);
    /** Far above what these searches visit: both complete, so their stories can be compared whole. */
    private static final int BUDGET = 1_000_000;

    @Test
    void keepingDeadEndsAcrossPassesFindsTheSameStoriesVisitingFewerPositions() throws Exception {
        List<GameFiles.Game> games = GameFiles.read(resource("chessjs_benchmark.pgn.gz")).games().subList(0, 40);
        int situations = 0, withStories = 0, twoUnseen = 0;
        long kept = 0, forgotten = 0;
        for (GameFiles.Game g : games) {
            Position p = g.initial();
            List<Move> moves = g.moves();
            for (int k = 0; k + 4 <= moves.size(); k++) {
                // (Stretches with two captures or more: lines with several captures nobody saw, several passes.)
                if (captures(p, moves.subList(k, k + 4)) >= 2) {
                    List<Sensors.Settled> frames = HumanPlaySimulator.settled(p, moves.subList(k, k + 4), Profile.SWAP,
                            SENSORS, 7_919L * (g.number() * 1_000 + k));
                    for (int cut : new int[] {frames.size(), frames.size() * 2 / 3, frames.size() / 3}) {
                        if (cut < 2) continue;
                        for (int plies : new int[] {StorySearch.SHORT_PLIES, StorySearch.MAX_PLIES}) {
                            StorySearch.Result a = search(p, frames.subList(0, cut), plies, false);
                            StorySearch.Result b = search(p, frames.subList(0, cut), plies, true);
                            String where = "game " + g.number() + " after ply " + k + ", " + cut + " frames, " + plies
                                    + " plies";
                            assertThat(a.complete()).as(where).isTrue();
                            assertThat(b.complete()).as(where).isTrue();
                            assertThat(summary(a)).as(where).isEqualTo(summary(b));
                            assertThat(a.nodes()).as(where).isLessThanOrEqualTo(b.nodes());
                            situations++;
                            if (!a.stories().isEmpty()) withStories++;
                            if (a.stories().stream().anyMatch(x -> x.unseen() >= 2)) twoUnseen++;
                            kept += a.nodes();
                            forgotten += b.nodes();
                        }
                    }
                }
                p = p.play(moves.get(k));
            }
        }
        assertThat(situations).isGreaterThan(200);
        assertThat(withStories).isGreaterThan(situations / 2);
        // (Stories found only in a second pass or later are among them: what a kept dead end could have hidden.)
        assertThat(twoUnseen).isPositive();
        // (The memory does work: over these boards the passes visit fewer positions in all.)
        assertThat(kept).isLessThan(forgotten);
    }

    private static int captures(Position p, List<Move> moves) {
        int n = 0;
        for (Move m : moves) {
            if (p.pieceAt(m.to()) != null && !(m instanceof Move.Castle) || m instanceof Move.EnPassant) n++;
            p = p.play(m);
        }
        return n;
    }

    /** The stories, each as its moves, cost and what it rests on (a story's arrays compare by identity). */
    private static List<String> summary(StorySearch.Result r) {
        List<String> out = new ArrayList<>();
        for (StorySearch.Story x : r.stories()) {
            out.add(x.moves() + " cost " + x.cost() + " partial " + x.partial() + " unseen " + x.unseen()
                    + " confirmed " + x.confirmed() + " misread " + x.misread() + " unexplained " + x.unexplained());
        }
        return out;
    }

    private static StorySearch.Result search(Position start, List<Sensors.Settled> frames, int plies, boolean forget) {
        long first = frames.get(0).frame().atMillis();
        FrameLog log = FrameLog.of(first, frames.get(0).frame().squares());
        for (Sensors.Settled f : frames.subList(1, frames.size())) {
            log = log.push(f.frame().atMillis(), f.frame().squares());
        }
        // (Searched at a glance after the last change, as the recognizer searches a board that stopped changing.)
        long now = log.at() + CONFIG.settleMillis();
        return StorySearch.searchOnce(start, log.board(), log, now, first, SquareSet.EMPTY, SENSORS,
                CONFIG.proofMillis(), CONFIG.slideMillis(), PromotionChoices::defaultPiece, plies, BUDGET, forget);
    }

    private static Path resource(String name) throws URISyntaxException {
        return Path.of(StorySearchDeadEndsTest.class.getResource("/recognition/games/" + name).toURI());
    }
}
