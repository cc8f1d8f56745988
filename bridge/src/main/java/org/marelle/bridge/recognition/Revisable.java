package org.marelle.bridge.recognition;

import java.util.ArrayList;
import java.util.List;
import org.marelle.geometry.SquareSet;
import org.marelle.rules.Move;
import org.marelle.rules.Position;

/**
 * The last moves committed, kept open to correction, with what the recognizer knew as it committed each and every
 * reading since. A move committed as the likelier story may be told wrong only by the moves after it: a capture the
 * scans missed, then a touch of another piece the same piece could take, reads as that capture (chess.js 22 under
 * `swap` at 24 Hz, seed 3: 13.Qxd5 unseen, the a7 pawn lifted 167 ms, read as Qxa7); only the queen's next move,
 * from d5, shows it. When the board then stands unexplained, the moves since one of these is searched again from
 * the position before it, on the readings since (see {@link Transition#revise}).
 *
 * @param entries oldest first, at most {@link #PLIES}
 * @param frames  every board read since the second newest entry was committed (the first the board then), newest
 *                first; null when there is no entry
 */
record Revisable(List<Entry> entries, Reading frames) {

    /**
     * How many plies back a move may be searched again on the readings since. A move read wrong may be shown wrong only
     * several plies on: ECC 2018 game 453 under `swap` at 24 Hz, -Pslow seed 1, 53...Rb4 54.Rxb4 was read for Rxe6
     * Rb4, and only 55...Rd6, four plies after the first, left a board the moves committed could not explain. (Two,
     * until session 47; searched again from each entry in turn, nearest first, so a nearer correction wins.)
     */
    static final int SEARCHED_PLIES = 4;

    /**
     * How many plies back a capture may be exchanged for another by the same piece (see {@link Correction}): the
     * board reads both alike until a piece on either square moves, which may be many moves later (31 plies in
     * Lichess 2016-05 game 3733 under `swap` at 24 Hz, seed 9: Bxc6+ bxc6 read as Bxa6 bxa6, then cxb5). Only the
     * {@link #SEARCHED_PLIES} newest entries keep their frame logs, so an entry costs a position and a history.
     */
    static final int PLIES = 40;

    static final Revisable NONE = new Revisable(List.of(), null);

    /** Beyond this many boards read since a move that may be searched again, it no longer may (a board in disorder). */
    static final int MAX_READINGS = 512;

    /** A board read at {@code at}, and those before it (a persistent list, newest first). */
    record Reading(long at, SquareSet board, Reading older, int size) {

        Reading push(long t, SquareSet b) {
            return new Reading(t, b, this, size + 1);
        }

        /**
         * The readings from time {@code t} on: those after it, and the one showing at {@code t} (restamped to
         * {@code t}: what came before is no longer known).
         */
        Reading since(long t) {
            List<Reading> kept = new ArrayList<>();
            Reading r = this;
            for (; r != null && r.at > t; r = r.older) kept.add(r);
            if (r != null) kept.add(r);
            Reading out = null;
            for (int i = kept.size() - 1; i >= 0; i--) {
                Reading k = kept.get(i);
                out = new Reading(Math.max(k.at, t), k.board, out, out == null ? 1 : out.size + 1);
            }
            return out;
        }

        Reading oldest() {
            Reading r = this;
            while (r.older != null) r = r.older;
            return r;
        }
    }

    /**
     * One committed move and what stood as it was committed: the position it was played in, the takeback history and
     * last move before it, when the move before it settled, and the frame log its decision was made on (null once
     * more than {@link #SEARCHED_PLIES} moves were committed after it).
     */
    record Entry(Position before, Move move, History history, Move lastMove, long settledAt, FrameLog log,
                 long committedAt) {
    }

    /** The board read at {@code t}: kept while there is a move to correct. */
    Revisable push(long t, SquareSet board) {
        if (frames == null) return this;
        // (Too many to search the moves committed so far again on, from this reading on: they may still be exchanged.)
        if (frames.size() >= MAX_READINGS) return new Revisable(entries, new Reading(t, board, null, 1));
        return new Revisable(entries, frames.push(t, board));
    }

    /** Move {@code e} committed on {@code board}; the oldest entry beyond {@link #PLIES} is let go. */
    Revisable committed(Entry e, SquareSet board) {
        List<Entry> out = new ArrayList<>(entries);
        out.add(e);
        if (out.size() > PLIES) out.remove(0);
        // (An entry no longer searched again lets its frame log go: only exchanges reach back that far.)
        int old = out.size() - SEARCHED_PLIES - 1;
        if (old >= 0 && out.get(old).log() != null) {
            Entry o = out.get(old);
            out.set(old, new Entry(o.before(), o.move(), o.history(), o.lastMove(), o.settledAt(), null, o.committedAt()));
        }
        Reading f = frames == null ? new Reading(e.committedAt(), board, null, 1) : frames;
        // (Readings are kept only as far back as a move may be searched again.)
        if (out.size() > SEARCHED_PLIES) f = f.since(out.get(out.size() - SEARCHED_PLIES).committedAt());
        return new Revisable(List.copyOf(out), f);
    }

    /** The entries before the {@code k} newest: a correction of those {@code k} moves is under way. */
    Revisable without(int k) {
        List<Entry> out = entries.subList(0, entries.size() - k);
        return out.isEmpty() ? NONE : new Revisable(List.copyOf(out), frames);
    }

    /** The entry {@code k} moves back (1: the last move committed). */
    Entry back(int k) {
        return entries.get(entries.size() - k);
    }

    /** The moves of the {@code k} newest entries, oldest first. */
    List<Move> moves(int k) {
        return entries.subList(entries.size() - k, entries.size()).stream().map(Entry::move).toList();
    }

    /**
     * The frame log as it would stand had entry {@code e} never been committed: the log its decision was made on, and
     * every board read since. Null when the frames kept no longer reach back to its commit (more states than a log
     * keeps were read since).
     */
    FrameLog logFor(Entry e) {
        if (e.log() == null || frames.oldest().at() > e.committedAt()) return null;
        List<Reading> since = new ArrayList<>();
        for (Reading r = frames; r != null && r.at() > e.log().at(); r = r.older()) since.add(r);
        FrameLog log = e.log();
        for (int i = since.size() - 1; i >= 0; i--) {
            Reading r = since.get(i);
            if (!r.board().equals(log.board())) log = log.push(r.at(), r.board());
        }
        return log;
    }
}
