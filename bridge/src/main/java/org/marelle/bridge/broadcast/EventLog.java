package org.marelle.bridge.broadcast;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.locks.LockSupport;

/**
 * The last public events, in a ring of fixed capacity, for the event streams: each stream waits here for the
 * events after the last one it sent. Ids start at 1 and increase by one, so a client that reconnects with
 * {@code Last-Event-ID: n} gets exactly the events after {@code n}, or learns that some were dropped from the ring
 * (then it is sent the whole state instead).
 *
 * <p>One writer appends (the hub, under its lock); hundreds of readers read without any lock. A reader that finds
 * nothing new parks its (virtual) thread and an append unparks every parked reader, so a move wakes all the
 * streams at once instead of handing one lock from stream to stream.
 */
final class EventLog {

    /** What a reader gets: the events after its id, or the news that some are no longer kept. */
    record Batch(List<BroadcastEvent> events, boolean gap, boolean closed) {
    }

    private final AtomicReferenceArray<BroadcastEvent> ring;
    private final Set<Thread> parked = ConcurrentHashMap.newKeySet();
    private volatile long lastId;
    private volatile long wakeups;
    private volatile boolean closed;

    EventLog(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("event log capacity " + capacity);
        }
        ring = new AtomicReferenceArray<>(capacity);
    }

    /** Adds the event with the next id, and wakes the waiting streams. One writer at a time (the hub's lock). */
    synchronized BroadcastEvent append(BoardId board, String type, String json) {
        BroadcastEvent e = BroadcastEvent.of(lastId + 1, board, type, json);
        ring.set(slot(e.id()), e);
        lastId = e.id(); // publishes the slot written above
        wakeEveryone();
        return e;
    }

    /** The id of the newest event, 0 before the first. */
    long lastId() {
        return lastId;
    }

    /** The id of the oldest event still kept (lastId + 1 when none is). */
    long firstKeptId() {
        return Math.max(1, lastId - ring.length() + 1);
    }

    /**
     * The events after {@code afterId}, waiting up to {@code timeoutNanos} for one when there is none yet. An
     * empty batch means the time ran out, or {@link #wakeAll()} was called, or the log was closed. {@code gap} is
     * true when events after {@code afterId} have already left the ring, or {@code afterId} is newer than any event
     * (a client of an earlier run of the server).
     */
    Batch await(long afterId, long timeoutNanos) throws InterruptedException {
        long deadline = System.nanoTime() + timeoutNanos;
        long seenWakeups = wakeups;
        Thread me = Thread.currentThread();
        while (lastId == afterId && !closed && wakeups == seenWakeups) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return new Batch(List.of(), false, false);
            }
            parked.add(me);
            try {
                // Checked again once registered: an append between the test above and add() would be missed.
                if (lastId != afterId || closed || wakeups != seenWakeups) {
                    break;
                }
                LockSupport.parkNanos(this, left);
            } finally {
                parked.remove(me);
            }
            if (Thread.interrupted()) {
                throw new InterruptedException();
            }
        }
        if (closed) {
            return new Batch(List.of(), false, true);
        }
        return after(afterId);
    }

    /** The events after {@code afterId} now, without waiting. */
    Batch after(long afterId) {
        long last = lastId;
        long first = Math.max(1, last - ring.length() + 1);
        if (afterId > last || afterId + 1 < first) {
            return new Batch(List.of(), true, closed);
        }
        List<BroadcastEvent> out = new ArrayList<>((int) (last - afterId));
        for (long id = afterId + 1; id <= last; id++) {
            BroadcastEvent e = ring.get(slot(id));
            if (e == null || e.id() != id) {
                // Overwritten by a newer event while this reader was reading: it fell behind the ring.
                return new Batch(List.of(), true, closed);
            }
            out.add(e);
        }
        return new Batch(out, false, closed);
    }

    /** Wakes every waiting stream once, with an empty batch (a server stops; the log goes on). */
    synchronized void wakeAll() {
        wakeups++;
        wakeEveryone();
    }

    /** Wakes every waiting stream for good (the hub closes). */
    synchronized void close() {
        closed = true;
        wakeEveryone();
    }

    private void wakeEveryone() {
        for (Thread t : parked) {
            LockSupport.unpark(t);
        }
    }

    private int slot(long id) {
        return (int) (id % ring.length());
    }
}
