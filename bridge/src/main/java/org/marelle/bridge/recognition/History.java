package org.marelle.bridge.recognition;

import org.marelle.rules.Move;
import org.marelle.rules.Position;

/** The committed positions before the current one, newest first: what a takeback can return to. */
record History(Position position, Move move, History older, int depth) {

    /** {@code position} is the position {@code move} was played in. Keeps at most {@code limit} entries. */
    static History push(History h, Position position, Move move, int limit) {
        if (limit <= 0) return null;
        History out = new History(position, move, h, h == null ? 1 : h.depth + 1);
        return out.depth > limit ? out.trim(limit) : out;
    }

    private History trim(int limit) {
        if (limit <= 0) return null;
        return new History(position, move, older == null ? null : older.trim(limit - 1), Math.min(depth, limit));
    }

    /** The entry {@code k} plies back (1 = the position before the last move), or null. */
    History back(int k) {
        History h = this;
        for (int i = 1; i < k && h != null; i++) h = h.older;
        return h;
    }
}
