package org.marelle.bridge.simulation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.marelle.board.Occupancy;
import org.marelle.bridge.recognition.RecognitionEvent;
import org.marelle.bridge.recognition.RecognizerConfig;
import org.marelle.geometry.SquareSet;
import org.marelle.rules.Move;
import org.marelle.rules.Position;
import org.marelle.rules.Variant;

class HumanPlaySimulatorTest {

    private static final Position START = Position.start(Variant.STANDARD);

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

    @Test
    void theSameSeedGivesTheSameFrames() {
        List<Move> game = moves("e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Bxc6", "dxc6", "O-O");
        for (Profile p : Profile.values()) {
            assertThat(HumanPlaySimulator.frames(START, game, p, 42)).as(p.toString())
                    .isEqualTo(HumanPlaySimulator.frames(START, game, p, 42));
        }
        assertThat(HumanPlaySimulator.frames(START, game, Profile.HUMAN, 1))
                .isNotEqualTo(HumanPlaySimulator.frames(START, game, Profile.HUMAN, 2));
    }

    @Test
    void framesStartAtTheInitialPositionAndMoveForwardInScans() {
        List<Move> game = moves("d4", "d5", "c4", "dxc4");
        for (Profile p : Profile.values()) {
            List<Occupancy> frames = HumanPlaySimulator.frames(START, game, p, 7);
            assertThat(frames.get(0).atMillis()).isZero();
            assertThat(frames.get(0).squares()).isEqualTo(START.occupancy());
            for (int i = 1; i < frames.size(); i++) {
                assertThat(frames.get(i).atMillis()).isGreaterThan(frames.get(i - 1).atMillis());
                long at = frames.get(i).atMillis();
                assertThat(at).as(p + ": a scan instant").isEqualTo(p.sensors().scanAt(p.sensors().scanAtOrAfter(at)));
                assertThat(frames.get(i).sameSquares(frames.get(i - 1))).isFalse();
            }
            Occupancy last = frames.get(frames.size() - 1);
            Position end = START;
            for (Move m : game) end = end.play(m);
            assertThat(last.squares()).as(p.toString()).isEqualTo(end.occupancy());
        }
    }

    @Test
    void cleanIsOnePieceAtATime() {
        // Lift, drop, settle: every frame differs from the one before by one square.
        List<Occupancy> frames = HumanPlaySimulator.frames(START, moves("e4", "d5", "exd5"), Profile.CLEAN, 3);
        for (int i = 1; i < frames.size(); i++) {
            long changed = frames.get(i).squares().symmetricDifference(frames.get(i - 1).squares()).count();
            assertThat(changed).isEqualTo(1);
        }
    }

    @Test
    void blitzRepliesBeginWithinAHundredAndFiftyMilliseconds() {
        // The frames after a move was committed: the reply's first frame comes within 150 ms (plus one scan).
        List<Move> game = moves("e4", "c5", "Nf3", "d6", "d4", "cxd4", "Nxd4", "Nf6", "Nc3", "a6");
        List<Occupancy> frames = HumanPlaySimulator.frames(START, game, Profile.BLITZ, 11);
        Position p = START;
        int ply = 0;
        for (int i = 1; i < frames.size() && ply < game.size(); i++) {
            SquareSet board = frames.get(i).squares();
            Move m = game.get(ply);
            Position next = p.play(m);
            if (board.equals(next.occupancy()) && i + 1 < frames.size()) {
                // (After a capture the board first shows "after" when the capturing piece is lifted: measure quiet
                // moves only.)
                if (p.pieceAt(m.to()) == null) {
                    assertThat(frames.get(i + 1).atMillis() - frames.get(i).atMillis()).as("after ply " + (ply + 1))
                            .isLessThanOrEqualTo(150 + HumanPlaySimulator.SCAN_MILLIS);
                    p = next;
                    ply++;
                } else {
                    // Find the frame where the capture landed: the next one that also shows "after".
                    p = next;
                    ply++;
                }
            }
        }
        assertThat(ply).isGreaterThan(5);
    }

    @Test
    void underpromotionIsChosenOnTheBoard() {
        Position p = Position.fromFen("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
        List<Move> game = List.of(p.parseSan("a8=N"));
        for (Profile profile : Profile.values()) {
            GameCheck.Result r = GameCheck.run(p, game, profile, 5, RecognizerConfig.defaults());
            assertThat(r.ok()).as(profile + ": " + r.problem()).isTrue();
        }
    }

    @Test
    void nullMovesCannotBePlayed() {
        assertThatThrownBy(() -> HumanPlaySimulator.frames(START, List.of(Move.NULL), Profile.CLEAN, 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("null move");
    }

    @Test
    void gameCheckCountsWrongMissedAndSpurious() {
        List<Move> game = moves("e4", "e5");
        Position afterE4 = START.play(game.get(0));
        Move d4 = START.parseSan("d4");
        RecognitionEvent.MoveCommitted e4c = new RecognitionEvent.MoveCommitted(1, game.get(0), "e4", "e2e4", START, afterE4);
        RecognitionEvent.MoveCommitted e5c = new RecognitionEvent.MoveCommitted(2, game.get(1), "e5", "e7e5", afterE4, afterE4.play(game.get(1)));
        RecognitionEvent.MoveCommitted d4c = new RecognitionEvent.MoveCommitted(1, d4, "d4", "d2d4", START, START.play(d4));
        assertThat(GameCheck.compare(START, game, List.of(e4c, e5c))).satisfies(r -> {
            assertThat(r.correct()).isEqualTo(2);
            assertThat(r.ok()).isTrue();
        });
        assertThat(GameCheck.compare(START, game, List.of(e4c))).satisfies(r -> {
            assertThat(r.missed()).isEqualTo(1);
            assertThat(r.problem()).isEqualTo("ply 2 (e5) never committed");
        });
        assertThat(GameCheck.compare(START, game, List.of(d4c))).satisfies(r -> {
            assertThat(r.wrong()).isEqualTo(1);
            assertThat(r.missed()).isEqualTo(2);
            assertThat(r.problem()).isEqualTo("t=1: ply 1 committed d4 instead of e4");
        });
        assertThat(GameCheck.compare(START, game, List.of(e4c, e5c, new RecognitionEvent.ResultGesture(3, "1-0"))))
                .satisfies(r -> assertThat(r.spurious()).isEqualTo(1));
    }

    @Test
    void profilesByName() {
        assertThat(Profile.byName("Noisy")).isEqualTo(Profile.NOISY);
        assertThatThrownBy(() -> Profile.byName("lazy")).hasMessage("unknown profile: 'lazy' (known: clean, human, noisy, blitz, reed, hall, swap, drag)");
    }
}
