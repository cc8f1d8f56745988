package org.marelle.bridge.simulation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.marelle.bridge.recognition.SensorModel;
import org.marelle.bridge.recognition.SensorModel.Range;

/** The sensor model the simulator generates from (in the recognition package, for the recognizer to reason with). */
class SensorModelTest {

    @Test
    void derivedValues() {
        SensorModel daemon = SensorModel.reed(50, 2);
        assertThat(daemon.scanMillis()).isEqualTo(20.0);
        assertThat(daemon.shortestReading()).isEqualTo(40);
        assertThat(daemon.longestUntouchedMisreading()).isZero();
        SensorModel slow = SensorModel.hall(24, 2);
        assertThat(slow.scanAt(1)).isEqualTo(41);
        assertThat(slow.scanAt(3)).isEqualTo(125);
        assertThat(slow.scanAtOrAfter(42)).isEqualTo(2);
        assertThat(slow.scanAtOrAfter(41)).isEqualTo(1);
        assertThat(slow.shortestReading()).isEqualTo(83);
        assertThat(slow.longestUntouchedMisreading()).isEqualTo(120);
        assertThat(SensorModel.legacyNoisy().longestUntouchedMisreading()).isEqualTo(75);
        assertThat(SensorModel.legacyNoisy().scanAt(4)).isEqualTo(100);
        assertThat(SensorModel.hall(50, 2).withScanning(40, 3)).satisfies(m -> {
            assertThat(m.scanHz()).isEqualTo(40);
            assertThat(m.debounceScans()).isEqualTo(3);
            assertThat(m.dropout()).isEqualTo(new Range(30, 120));
        });
    }

    @Test
    void mayMissSaysWhetherAReadingThatShortCanFallBetweenTheDebouncersReadings() {
        // Checked against the daemon's own Debouncer: a square empty for 60 ms (the fastest one-handed swap), at every
        // phase against the scans, with no scan lost or any one lost (the scan loop skips it).
        for (int hz : new int[] {24, 40, 50}) {
            for (SensorModel m : new SensorModel[] {SensorModel.hall(hz, 2), SensorModel.ideal(hz, 2)}) {
                assertThat(m.mayMiss(60)).as(hz + " Hz, lost scans " + m.lostScanOneIn())
                        .isEqualTo(missedSomehow(m, 60));
            }
        }
        assertThat(SensorModel.hall(24, 2).mayMiss(60)).isTrue();
        assertThat(SensorModel.hall(40, 2).mayMiss(60)).isTrue();    // only through a lost scan
        assertThat(SensorModel.ideal(40, 2).mayMiss(60)).isFalse();
        assertThat(SensorModel.hall(50, 2).mayMiss(60)).isFalse();
    }

    /** Whether some phase of a {@code millis} ms dip, with at most one scan lost, leaves the debouncer reporting nothing. */
    private static boolean missedSomehow(SensorModel m, long millis) {
        for (long start = 1_000; start < 1_000 + 1_000 / m.scanHz() + 1; start++) {
            for (long lost = -1; lost < 200; lost++) {
                if (lost >= 0 && m.lostScanOneIn() == 0) break;
                org.marelle.board.Debouncer d = new org.marelle.board.Debouncer(m.debounceScans());
                boolean seen = false;
                for (long k = 0; k < 200; k++) {
                    if (k == lost) continue;
                    long at = m.scanAt(k);
                    boolean empty = at >= start && at < start + millis;
                    var scan = empty ? org.marelle.board.Occupancy.empty(8, 8, at) : org.marelle.board.Occupancy.of(8, 8, at, 0);
                    var settled = d.accept(scan);
                    if (k > 0 && settled.isPresent() && !settled.get().occupied(0)) seen = true;
                }
                if (!seen) return true;
            }
        }
        return false;
    }

    @Test
    void mayReadCarryInOneFrameSaysWhetherALiftAndALandingCanSettleTogether() {
        // Checked against the daemon's own Debouncer: a piece lifted from square 0 and set down on square 1 some ms
        // later, at every phase against the scans, the lifted square reading occupied still through its bounce (the
        // worst a bounce can do), no scan lost.
        for (int hz : new int[] {24, 40, 50}) {
            for (int debounce : new int[] {1, 2, 3}) {
                for (SensorModel m : new SensorModel[] {SensorModel.hall(hz, debounce), SensorModel.ideal(hz, debounce),
                        SensorModel.reed(hz, debounce)}) {
                    for (long carry : new long[] {20, 30, 45, 50, 60, 80}) {
                        assertThat(m.mayReadCarryInOneFrame(carry))
                                .as(hz + " Hz, debounce " + debounce + ", bounce " + m.bounceMillis() + ", " + carry + " ms")
                                .isEqualTo(inOneFrameSomehow(m, carry));
                    }
                }
            }
        }
        assertThat(SensorModel.hall(24, 2).mayReadCarryInOneFrame(50)).isFalse();
        assertThat(SensorModel.reed(24, 2).mayReadCarryInOneFrame(45)).isTrue();
        assertThat(SensorModel.legacyNoisy().mayReadCarryInOneFrame(90)).isTrue();   // a lift read up to three scans late
    }

    /** Whether some phase of a carry of {@code millis} ms settles its lift and its landing in one frame. */
    private static boolean inOneFrameSomehow(SensorModel m, long millis) {
        for (long lift = 1_000; lift < 1_000 + 1_000 / m.scanHz() + 1; lift++) {
            org.marelle.board.Debouncer d = new org.marelle.board.Debouncer(m.debounceScans());
            long lifted = -1, landed = -1;
            for (long k = 0; k < 400; k++) {
                long at = m.scanAt(k);
                boolean from = at < lift + m.bounceMillis();
                boolean to = at >= lift + millis;
                var scan = from && to ? org.marelle.board.Occupancy.of(8, 8, at, 0, 1)
                        : from ? org.marelle.board.Occupancy.of(8, 8, at, 0)
                        : to ? org.marelle.board.Occupancy.of(8, 8, at, 1) : org.marelle.board.Occupancy.empty(8, 8, at);
                var settled = d.accept(scan);
                if (k == 0 || settled.isEmpty()) continue;
                if (lifted < 0 && !settled.get().occupied(0)) lifted = at;
                if (landed < 0 && settled.get().occupied(1)) landed = at;
            }
            if (lifted == landed) return true;
        }
        return false;
    }

    @Test
    void invalidModelsNameTheField() {
        assertThatThrownBy(() -> SensorModel.ideal(0, 1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("scanHz");
        assertThatThrownBy(() -> SensorModel.reed(1001, 1)).hasMessageContaining("scanHz");
        assertThatThrownBy(() -> SensorModel.reed(50, 0)).hasMessageContaining("debounceScans");
        assertThatThrownBy(() -> SensorModel.reed(50, 51)).hasMessageContaining("debounceScans");
        assertThatThrownBy(() -> new SensorModel(50, 2, -1, Range.NONE, 0, 0, 0, Range.NONE, 0, false))
                .hasMessageContaining("bounceMillis");
        assertThatThrownBy(() -> new SensorModel(50, 2, 0, new Range(30, 120), 0, 1000, 0, Range.NONE, 0, false))
                .hasMessageContaining("dropoutTimes");
        assertThatThrownBy(() -> new SensorModel(50, 2, 0, Range.NONE, 0, 0, 1.5, Range.NONE, 0, false))
                .hasMessageContaining("brushChance");
        assertThatThrownBy(() -> new SensorModel(50, 2, 0, Range.NONE, 0, 0, 0.5, Range.NONE, 0, false))
                .hasMessageContaining("brush");
        assertThatThrownBy(() -> new SensorModel(50, 2, 0, Range.NONE, 0, 0, 0, Range.NONE, 1, false))
                .hasMessageContaining("lostScanOneIn");
        assertThatThrownBy(() -> new Range(10, 5)).hasMessageContaining("min <= max");
    }
}
