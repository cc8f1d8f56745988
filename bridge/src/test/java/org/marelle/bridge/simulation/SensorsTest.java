package org.marelle.bridge.simulation;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.marelle.board.Occupancy;
import org.marelle.bridge.recognition.SensorModel;
import org.marelle.bridge.recognition.SensorModel.Range;
import org.marelle.geometry.SquareSet;
import org.marelle.rules.Move;
import org.marelle.rules.PieceType;
import org.marelle.rules.Position;
import org.marelle.rules.Variant;

/** The sensor layer and the hands of the profiles that go with it (reed, hall, swap, drag). */
class SensorsTest {

    private static final Position START = Position.start(Variant.STANDARD);
    private static final List<Profile> NEW = List.of(Profile.REED, Profile.HALL, Profile.SWAP, Profile.DRAG);

    private static List<Move> moves(String... san) {
        List<Move> out = new ArrayList<>();
        Position p = START;
        for (String s : san) {
            Move m = p.parseSan(s);
            out.add(m);
            p = p.play(m);
        }
        return out;
    }

    /** A real game with captures, castling and long slider moves. */
    private static GameFiles.Game game() {
        return TestGames.read("chesslib_Morphy_UTF8.pgn.gz", 3).get(2);
    }

    @Test
    void theSameSeedGivesTheSameSettledFrames() {
        GameFiles.Game g = game();
        for (Profile p : NEW) {
            List<Sensors.Settled> a = HumanPlaySimulator.settled(g.initial(), g.moves(), p, p.sensors(), 5);
            assertThat(a).as(p.toString()).isEqualTo(HumanPlaySimulator.settled(g.initial(), g.moves(), p, p.sensors(), 5));
            assertThat(a).as(p.toString()).isNotEqualTo(HumanPlaySimulator.settled(g.initial(), g.moves(), p, p.sensors(), 6));
        }
    }

    @Test
    void theNewProfilesDefaultToTheDaemonsScanning() {
        for (Profile p : NEW) {
            assertThat(p.sensors().scanHz()).as(p.toString()).isEqualTo(50);
            assertThat(p.sensors().debounceScans()).as(p.toString()).isEqualTo(2);
        }
        assertThat(Profile.NOISY.sensors()).isEqualTo(SensorModel.legacyNoisy());
        assertThat(Profile.HUMAN.sensors()).isEqualTo(SensorModel.ideal(40, 1));
    }

    @Test
    void debouncedFramesAreNeverShorterThanTheDebounceAllows() {
        GameFiles.Game g = game();
        for (Profile p : NEW) {
            SensorModel s = p.sensors();
            List<Sensors.Settled> frames = HumanPlaySimulator.settled(g.initial(), g.moves(), p, s, 3);
            long period = s.scanAt(1);
            // (The debouncer filters each square on its own: a square's reading lasts at least that long.)
            assertThat(shortestSquareReading(frames)).as(p.toString()).isGreaterThanOrEqualTo(s.shortestReading());
            for (int i = 1; i < frames.size(); i++) {
                Sensors.Settled f = frames.get(i);
                // Settled at the second agreeing scan at the earliest (later when a scan was lost).
                assertThat(f.settledAt() - f.frame().atMillis()).as(p + " frame " + i).isGreaterThanOrEqualTo(period);
            }
            // Without debouncing the same hands and sensors give readings one scan long (where the sensors misread
            // squares for tens of ms; reed bounce, a few ms, is seen by one scan at most as a late change).
            if (s.longestUntouchedMisreading() == 0) continue;
            long shortestRaw = Long.MAX_VALUE;
            for (long seed = 1; seed <= 10; seed++) {
                shortestRaw = Math.min(shortestRaw, shortestSquareReading(
                        HumanPlaySimulator.settled(g.initial(), g.moves(), p, s.withScanning(50, 1), seed)));
            }
            assertThat(shortestRaw).as(p + " at debounce 1").isLessThan(s.shortestReading());
        }
    }

    /** The shortest time any square kept a reading between two of its changes, over the frames. */
    private static long shortestSquareReading(List<Sensors.Settled> frames) {
        long shortest = Long.MAX_VALUE;
        int n = frames.get(0).frame().squareCount();
        long[] since = new long[n];
        for (int i = 1; i < frames.size(); i++) {
            var before = frames.get(i - 1).frame();
            var now = frames.get(i).frame();
            for (int sq = 0; sq < n; sq++) {
                if (before.occupied(sq) == now.occupied(sq)) continue;
                if (since[sq] != 0) shortest = Math.min(shortest, now.atMillis() - since[sq]);
                since[sq] = now.atMillis();
            }
        }
        return shortest;
    }

    @Test
    void aSwapCapturesDestinationIsEmptyForSixtyToTwoHundredMilliseconds() {
        List<Move> game = moves("e4", "d5", "exd5", "Qxd5", "Nc3", "Qxa2", "Rxa2");
        for (long seed = 1; seed <= 20; seed++) {
            List<HumanPlaySimulator.Change> t = HumanPlaySimulator.timeline(START, game, Profile.SWAP, seed);
            int captures = 0;
            for (int i = 1; i + 1 < t.size(); i++) {
                HumanPlaySimulator.Change before = t.get(i - 1), lift = t.get(i), after = t.get(i + 1);
                // The victim plucked off with the capturing piece in the same hand, which lands there next.
                if (!before.occupied() && !lift.occupied() && after.occupied() && after.square() == lift.square()) {
                    assertThat(after.at() - lift.at()).as("seed " + seed).isBetween(60L, 200L);
                    captures++;
                }
            }
            assertThat(captures).as("seed " + seed).isEqualTo(4);
        }
    }

    private static HumanPlaySimulator.Change next(List<HumanPlaySimulator.Change> t, int i, int square) {
        for (int j = i + 1; j < t.size(); j++) {
            if (t.get(j).square() == square) return t.get(j);
        }
        throw new AssertionError("nothing after change " + i);
    }

    @Test
    void dragRestsAHundredToTwoHundredFiftyMillisecondsOnEachSquareCrossed() {
        // Bb5 crosses e2, d3, c4; a5 (double step) crosses a6; Qh5 (d1-h5) crosses e2, f3, g4.
        List<Move> game = moves("e4", "a5", "Bb5", "c6", "Qh5");
        for (long seed = 1; seed <= 20; seed++) {
            List<HumanPlaySimulator.Change> t = HumanPlaySimulator.timeline(START, game, Profile.DRAG, seed);
            List<String> crossed = new ArrayList<>();
            for (int i = 0; i < t.size(); i++) {
                HumanPlaySimulator.Change c = t.get(i);
                if (!c.occupied() || c.setDown()) continue;
                HumanPlaySimulator.Change off = next(t, i, c.square());
                assertThat(off.occupied()).isFalse();
                assertThat(off.at() - c.at()).as("seed " + seed + " " + START.geometry().squareName(c.square()))
                        .isBetween(100L, 250L);
                crossed.add(START.geometry().squareName(c.square()));
            }
            // e2-e4 crosses e3, a7-a5 crosses a6, and the bishop and queen their squares; hesitations may add more.
            assertThat(crossed).as("seed " + seed).containsSubsequence("e3", "a6", "e2", "d3", "c4", "e2", "f3", "g4");
        }
    }

    @Test
    void reedBounceIsFilteredByTwoScanDebouncingButSeenWithout() {
        // The bounce lasts up to 6 ms, 1-2 ms at a time: at 50 Hz no two scans fall in it (it can only make a change
        // one scan late); read at 500 Hz, one scan in a bounce can read the old state between two reading the new.
        GameFiles.Game g = game();
        SensorModel reed = SensorModel.reed(500, 1);
        SensorModel still = new SensorModel(500, 1, 0, Range.NONE, 0, 0, 0, Range.NONE, reed.lostScanOneIn(), false);
        int extra1 = frames(g, reed).size() - frames(g, still).size();
        assertThat(extra1).as("bounces seen at debounce 1").isGreaterThan(10);
        List<SquareSet> bounced = sequence(frames(g, reed.withScanning(500, 2)));
        assertThat(bounced).as("at debounce 2").isEqualTo(sequence(frames(g, still.withScanning(500, 2))));
    }

    private static List<Occupancy> frames(GameFiles.Game g, SensorModel s) {
        return HumanPlaySimulator.frames(g.initial(), g.moves(), Profile.REED, s, 9);
    }

    private static List<SquareSet> sequence(List<Occupancy> frames) {
        List<SquareSet> out = new ArrayList<>();
        for (Occupancy f : frames) out.add(f.squares());
        return out;
    }

    @Test
    void hallDropoutsFollowOffCentreSetDownsOnly() {
        GameFiles.Game g = game();
        SensorModel hall = SensorModel.hall(50, 2);
        // Brush off, to see dropouts alone.
        SensorModel dropoutsOnly = new SensorModel(50, 2, 0, hall.dropout(), hall.dropoutTimes(),
                hall.dropoutWithinMillis(), 0, Range.NONE, 0, false);
        int dropouts = 0;
        for (long seed = 1; seed <= 3; seed++) {
            List<HumanPlaySimulator.Change> t = HumanPlaySimulator.timeline(g.initial(), g.moves(), Profile.HALL, seed);
            List<Occupancy> frames = HumanPlaySimulator.frames(g.initial(), g.moves(), Profile.HALL, dropoutsOnly, seed);
            for (Occupancy f : frames) {
                SquareSet physical = board(g.initial().occupancy(), t, f.atMillis());
                for (int sq : physical.toArray()) {
                    if (f.occupied(sq)) continue;
                    // Read empty under a standing piece: it was set down off centre at most a second and a bit ago.
                    HumanPlaySimulator.Change put = lastChange(t, sq, f.atMillis());
                    assertThat(put).as("t=" + f.atMillis()).isNotNull();
                    assertThat(put.offCentre()).as("t=" + f.atMillis() + " " + g.initial().geometry().squareName(sq)).isTrue();
                    assertThat(f.atMillis() - put.at()).isBetween(0L, 1000L + 120);
                    dropouts++;
                }
            }
            // The ideal sensors read nothing of the kind with the same hands.
            for (Occupancy f : HumanPlaySimulator.frames(g.initial(), g.moves(), Profile.HALL, SensorModel.ideal(50, 2), seed)) {
                assertThat(f.squares()).isEqualTo(board(g.initial().occupancy(), t, f.atMillis()));
            }
        }
        assertThat(dropouts).isGreaterThan(3);
    }

    /** The board the hands made, as it stands at {@code at}. */
    private static SquareSet board(SquareSet initial, List<HumanPlaySimulator.Change> t, long at) {
        SquareSet b = initial;
        for (HumanPlaySimulator.Change c : t) {
            if (c.at() > at) break;
            b = c.occupied() ? b.with(c.square()) : b.without(c.square());
        }
        return b;
    }

    private static HumanPlaySimulator.Change lastChange(List<HumanPlaySimulator.Change> t, int square, long at) {
        HumanPlaySimulator.Change last = null;
        for (HumanPlaySimulator.Change c : t) {
            if (c.at() > at) break;
            if (c.square() == square) last = c;
        }
        return last;
    }

    @Test
    void quickPlayersReplyWithinAQuarterSecondOften() {
        // After a set-down, the next change (another square) begins 120-250 ms later for a good share of moves.
        GameFiles.Game g = game();
        List<HumanPlaySimulator.Change> t = HumanPlaySimulator.timeline(g.initial(), g.moves(), Profile.REED, 1);
        List<HumanPlaySimulator.Change> human = HumanPlaySimulator.timeline(g.initial(), g.moves(), Profile.HUMAN, 1);
        assertThat(quick(t)).isGreaterThan(quick(human) + g.moves().size() / 5);
    }

    private static int quick(List<HumanPlaySimulator.Change> t) {
        int n = 0;
        for (int i = 1; i < t.size(); i++) {
            long gap = t.get(i).at() - t.get(i - 1).at();
            if (t.get(i - 1).setDown() && !t.get(i).occupied() && gap >= 120 && gap <= 250) n++;
        }
        return n;
    }

    @Test
    void promotionsAndUnderpromotionsStillWork() {
        Position p = Position.fromFen("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
        for (PieceType piece : List.of(PieceType.QUEEN, PieceType.KNIGHT)) {
            List<Move> game = List.of(p.parseSan(piece == PieceType.QUEEN ? "a8=Q" : "a8=N"));
            for (Profile profile : NEW) {
                GameCheck.Result r = GameCheck.run(p, game, profile, 5, org.marelle.bridge.recognition.RecognizerConfig.defaults());
                assertThat(r.ok()).as(profile + " " + piece + ": " + r.problem()).isTrue();
            }
        }
    }
}
