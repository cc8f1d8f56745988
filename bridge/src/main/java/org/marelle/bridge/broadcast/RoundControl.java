package org.marelle.bridge.broadcast;

import java.util.List;
import java.util.Map;

/**
 * What the round's control API asks of the hub ({@code marelle hub}): tags every board's game gets (Event, Site,
 * Round, Date), and who plays on which board. The HTTP layer has checked the token and the tags' syntax. A board
 * daemon serves one board and has no round to set: {@link #NONE}.
 *
 * <p>A tag whose value is null is removed. What is set stands for the boards' later games too, until it is changed.
 */
public interface RoundControl {

    /** Who plays on {@code board}: {@code White}, {@code Black} and any other tags of that board's game (WhiteElo…). */
    record Pairing(BoardId board, Map<String, String> tags) {
    }

    /**
     * What the round's control set: its tags for every board, each board's own ({@link Pairing}), and the boards the
     * settings have not reached yet (a board that has not connected, or a broker that is down).
     */
    record Settings(Map<String, String> round, Map<BoardId, Map<String, String>> boards, List<BoardId> waiting) {
    }

    /** Sets tags of every board's game, now and later (null removes one). */
    ControlResult setRoundTags(Map<String, String> tags);

    /** Sets each named board's own tags (who plays there); boards not named keep theirs. */
    ControlResult pair(List<Pairing> pairings);

    /** What is set now. */
    Settings settings();

    /** No round here: a board daemon's own server. */
    RoundControl NONE = new RoundControl() {
        private ControlResult none() {
            return new ControlResult.Rejected(null, "this server is one board's; the round's tags and pairings are set"
                    + " on the hub (marelle hub)");
        }

        @Override
        public ControlResult setRoundTags(Map<String, String> tags) {
            return none();
        }

        @Override
        public ControlResult pair(List<Pairing> pairings) {
            return none();
        }

        @Override
        public Settings settings() {
            return new Settings(Map.of(), Map.of(), List.of());
        }
    };
}
