package org.marelle.bridge.broadcast;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.marelle.rules.Color;
import org.marelle.rules.PieceType;
import org.marelle.rules.Position;

/**
 * A game session as small as the control API needs: it records each call, and carries it out on the hub's games
 * (so a test can see the result in the PGN), or refuses all when told to.
 */
final class RecordingControl implements GameControl {

    final List<String> calls = new CopyOnWriteArrayList<>();
    private final BroadcastHub hub;
    volatile ControlResult.Rejected refuseWith;

    RecordingControl(BroadcastHub hub) {
        this.hub = hub;
    }

    private ControlResult apply(BoardId board, String call, java.util.function.UnaryOperator<GameSnapshot> change) {
        calls.add(board + " " + call);
        if (refuseWith != null) {
            return refuseWith;
        }
        hub.gameChanged(board, change.apply(hub.latest(board).orElseThrow()));
        return new ControlResult.Accepted(call);
    }

    @Override
    public ControlResult newGame(BoardId board, Position start, Map<String, String> tags) {
        return apply(board, "newGame " + start.fen() + " " + tags,
                g -> GameSnapshot.start("new-" + calls.size(), start).withTags(tags));
    }

    @Override
    public ControlResult setTags(BoardId board, Map<String, String> tags) {
        return apply(board, "setTags " + tags, g -> {
            for (var e : tags.entrySet()) {
                g = g.withTag(e.getKey(), e.getValue());
            }
            return g;
        });
    }

    @Override
    public ControlResult setResult(BoardId board, String result) {
        return apply(board, "setResult " + result, g -> g.withResult(result));
    }

    @Override
    public ControlResult offerDraw(BoardId board, Color by) {
        return apply(board, "offerDraw " + by, GameSnapshot::withDrawOffer);
    }

    @Override
    public ControlResult choosePromotion(BoardId board, PieceType piece) {
        return apply(board, "choosePromotion " + piece.name(), g -> g);
    }

    @Override
    public ControlResult takeBack(BoardId board, int plies) {
        return apply(board, "takeBack " + plies, g -> g.withTakeback(plies));
    }
}
