package org.marelle.bridge.recognition;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.marelle.geometry.SquareSet;
import org.marelle.rules.Move;
import org.marelle.rules.Position;
import org.marelle.rules.Variant;

class RevisableTest {

    private static final Position START = Position.start(Variant.STANDARD);

    private static Revisable.Entry entry(Move m, FrameLog log, long at) {
        return new Revisable.Entry(START, m, null, null, Long.MIN_VALUE, log, at);
    }

    @Test
    void theLogOfAMoveCommittedIsItsDecisionsLogWithEveryBoardReadSince() {
        SquareSet a = SquareSet.of(1, 2, 3);
        SquareSet b = SquareSet.of(1, 2);
        SquareSet c = SquareSet.of(1, 2, 5);
        FrameLog decided = FrameLog.of(0, a).push(100, b);
        Move e4 = START.parseSan("e4");
        Revisable r = Revisable.NONE.committed(entry(e4, decided, 300), b).push(400, c).push(500, b);
        FrameLog log = r.logFor(r.back(1));
        assertThat(log.size()).isEqualTo(4);
        assertThat(log.at()).isEqualTo(500);
        assertThat(log.board()).isEqualTo(b);
        assertThat(log.older().at()).isEqualTo(400);
        assertThat(log.older().older()).isSameAs(decided);
        assertThat(r.moves(1)).containsExactly(e4);
    }

    @Test
    void noMorePliesThanKeptAreKeptAndReadingsOnlyForTheLastSearched() {
        SquareSet b = SquareSet.of(1);
        Move e4 = START.parseSan("e4");
        Revisable r = Revisable.NONE;
        int n = Revisable.PLIES + 2;
        for (int i = 0; i < n; i++) r = r.committed(entry(e4, FrameLog.of(i * 1_000L, b), i * 1_000L + 10), b);
        assertThat(r.entries()).hasSize(Revisable.PLIES);
        assertThat(r.back(Revisable.PLIES).committedAt()).isEqualTo(2_010);
        int k = Revisable.SEARCHED_PLIES;
        assertThat(r.frames().oldest().at()).isEqualTo((n - k) * 1_000L + 10);
        assertThat(r.logFor(r.back(k))).isNotNull();
        assertThat(r.logFor(r.back(k + 1))).isNull();
        assertThat(r.without(3).entries()).hasSize(Revisable.PLIES - 3);
    }

    @Test
    void aBoardInDisorderLeavesTheMovesBeforeItUnsearched() {
        SquareSet b = SquareSet.of(1);
        Move e4 = START.parseSan("e4");
        Revisable r = Revisable.NONE.committed(entry(e4, FrameLog.of(0, b), 10), b);
        for (int i = 0; i < Revisable.MAX_READINGS; i++) r = r.push(100 + i, i % 2 == 0 ? SquareSet.of(2) : b);
        assertThat(r.frames().size()).isLessThan(Revisable.MAX_READINGS);
        assertThat(r.logFor(r.back(1))).isNull();
    }
}
