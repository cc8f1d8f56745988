package org.marelle.bridge.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class TimeControlTest {

    @Test
    void readsTheTagFormsOfPgn() {
        assertThat(TimeControl.parse("300+2").orElseThrow().periods())
                .containsExactly(new TimeControl.Period(0, 300_000, 2_000));
        assertThat(TimeControl.parse("5400").orElseThrow().periods())
                .containsExactly(new TimeControl.Period(0, 5_400_000, 0));
        assertThat(TimeControl.parse("40/5400+30:1800+30").orElseThrow().periods()).containsExactly(
                new TimeControl.Period(40, 5_400_000, 30_000), new TimeControl.Period(0, 1_800_000, 30_000));
        assertThat(TimeControl.parse("180+0.5").orElseThrow().periods())
                .containsExactly(new TimeControl.Period(0, 180_000, 500));
        assertThat(TimeControl.parse("0+5").orElseThrow().initialMillis()).isZero();
    }

    @Test
    void unknownAndNoClockAreNoTimeControl() {
        assertThat(TimeControl.parse("?")).isEmpty();
        assertThat(TimeControl.parse("-")).isEmpty();
        assertThat(TimeControl.parse(null)).isEmpty();
    }

    @Test
    void writesTheTagBack() {
        for (String tag : List.of("300+2", "5400", "40/5400+30:1800+30", "180+0.5", "40/7200:20/3600:900")) {
            assertThat(TimeControl.parse(tag).orElseThrow().tag()).isEqualTo(tag);
        }
    }

    @Test
    void badTagsSayWhatIsWrongAndHowToWriteIt() {
        assertThatThrownBy(() -> TimeControl.parse("5 min")).hasMessageContaining("'5 min'")
                .hasMessageContaining("[MOVES/]SECONDS[+INCREMENT]");
        assertThatThrownBy(() -> TimeControl.parse("*60")).hasMessageContaining("sandglass");
        assertThatThrownBy(() -> TimeControl.parse("0/300")).hasMessageContaining("0 moves");
        assertThatThrownBy(() -> TimeControl.parse("300:40/60")).hasMessageContaining("only the last period");
        assertThatThrownBy(() -> TimeControl.parse("300+")).hasMessageContaining("increment");
        assertThatThrownBy(() -> TimeControl.parse("0")).hasMessageContaining("no time");
    }

    @Test
    void aMoveCostsItsTimeAndEarnsTheIncrement() {
        TimeControl tc = TimeControl.parse("180+2").orElseThrow();
        assertThat(tc.after(180_000, 0, 4_500)).isEqualTo(177_500);
        assertThat(tc.after(1_000, 10, 5_000)).as("never below zero").isZero();
    }

    @Test
    void completingAPeriodAddsTheNextOnesTime() {
        TimeControl fide = TimeControl.parse("40/5400+30:1800+30").orElseThrow();
        assertThat(fide.after(100_000, 38, 10_000)).as("39th move").isEqualTo(120_000);
        assertThat(fide.after(100_000, 39, 10_000)).as("40th move").isEqualTo(120_000 + 1_800_000);
        assertThat(fide.after(100_000, 40, 10_000)).as("41st move, last period").isEqualTo(120_000);
    }

    @Test
    void aLastPeriodWithAMoveCountRepeats() {
        TimeControl tc = TimeControl.parse("40/7200").orElseThrow();
        assertThat(tc.after(60_000, 39, 1_000)).isEqualTo(59_000 + 7_200_000);
        assertThat(tc.after(60_000, 79, 1_000)).isEqualTo(59_000 + 7_200_000);
        assertThat(tc.after(60_000, 78, 1_000)).isEqualTo(59_000);
        TimeControl two = TimeControl.parse("40/7200:20/3600").orElseThrow();
        assertThat(two.after(10_000, 59, 0)).as("end of the second period").isEqualTo(10_000 + 3_600_000);
        assertThat(two.after(10_000, 79, 0)).as("the 20-move period again").isEqualTo(10_000 + 3_600_000);
    }
}
