package org.marelle.bridge.journal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.statistics.Statistics;
import net.jqwik.api.constraints.IntRange;
import org.marelle.bridge.session.GameRecord;
import org.marelle.bridge.session.GameSession;
import org.marelle.bridge.session.SessionEvent;
import org.marelle.rules.Move;
import org.marelle.rules.Position;
import org.marelle.rules.Variant;

/**
 * Issue #14: random journals with random damage (flipped bytes, zero-filled stretches, a cut end, records written
 * twice or out of order, the part of a record a full disk left between two whole ones), with or without the PGN file
 * as the other copy (the game as it ended, or as it stood some events earlier, as a late writer leaves it). Whatever
 * the damage, the resumed game is one the board really had (no move invented), and every move whose record is intact
 * is either in the resumed events or among those reported as not resumed and kept in the damaged copy (none lost).
 * With the PGN file of the game as it ended, a game of moves alone is resumed whole whenever its start record is
 * intact.
 */
class JournalDamagePropertiesTest {

    /** Which other copy of the game recovery gets. */
    private enum Copy { NONE, FINAL, LATE }

    /** One piece of the damaged file: the header, a whole record (its index in the game's events) or a fragment. */
    private record Chunk(byte[] bytes, int record) {
        static final int HEADER = -1;
        static final int FRAGMENT = -2;
    }

    @Property(tries = 200)
    void damageNeitherLosesAnIntactMoveNorInventsOne(@ForAll long seed,
                                                     @ForAll @IntRange(min = 1, max = 60) int actions,
                                                     @ForAll @IntRange(min = 1, max = 4) int damages,
                                                     @ForAll @IntRange(min = 0, max = 2) int copyKind,
                                                     @ForAll boolean movesOnly) throws IOException {
        Path dir = Files.createTempDirectory("journal-damage");
        try {
            check(dir, new SplittableRandom(seed), actions, damages, Copy.values()[copyKind], movesOnly);
        } finally {
            try (Stream<Path> files = Files.walk(dir)) {
                for (Path p : files.sorted(Comparator.reverseOrder()).toList()) Files.delete(p);
            }
        }
    }

    private void check(Path dir, SplittableRandom random, int actions, int damages, Copy copy, boolean movesOnly)
            throws IOException {
        List<GameRecord> states = new ArrayList<>();     // the game after each recorded event, the start first
        List<SessionEvent> recorded = new ArrayList<>();
        List<Long> ends = new ArrayList<>();              // where each event's record ends in the file
        Path current = dir.resolve(Journal.CURRENT);
        try (Journal j = Journal.open(dir)) {
            GameSession s = GameSession.resume(j.events(), Position.start(Variant.STANDARD), Map.of("Event", "Damage"),
                    j, () -> Instant.parse("2025-03-01T10:00:00Z"), ZoneOffset.UTC);
            states.add(s.game());
            recorded.add(j.events().get(0));
            ends.add(Files.size(current));
            s.addListener((e, g) -> {
                states.add(g);
                recorded.add(e);
                try {
                    ends.add(Files.size(current));
                } catch (IOException x) {
                    throw new java.io.UncheckedIOException(x);
                }
            });
            if (movesOnly) playMoves(s, random, actions);
            else JournalCutPropertiesTest.act(s, random, actions);
        }
        byte[] original = Files.readAllBytes(current);

        // Structural damage first, on whole chunks: records written twice, swapped, a fragment between two.
        List<Chunk> chunks = new ArrayList<>();
        chunks.add(new Chunk(Arrays.copyOf(original, JournalFile.HEADER.length), Chunk.HEADER));
        long from = JournalFile.HEADER.length;
        for (int r = 0; r < ends.size(); r++) {
            chunks.add(new Chunk(Arrays.copyOfRange(original, (int) from, (int) (long) ends.get(r)), r));
            from = ends.get(r);
        }
        List<String> done = new ArrayList<>();
        int byteDamages = 0;
        for (int d = 0; d < damages; d++) {
            int kind = random.nextInt(7);
            int at = 1 + random.nextInt(chunks.size() - 1);
            switch (kind) {
                case 0 -> {
                    Chunk c = chunks.get(at);
                    chunks.add(at + 1 + random.nextInt(chunks.size() - at), c);
                    done.add("record " + c.record() + " written twice");
                }
                case 1 -> {
                    if (at + 1 < chunks.size()) {
                        Chunk c = chunks.remove(at);
                        chunks.add(at + 1, c);
                        done.add("records " + c.record() + " and the next swapped");
                    }
                }
                case 2 -> {
                    Chunk c = chunks.get(at);
                    int cut = 1 + random.nextInt(Math.max(1, c.bytes().length - 1));
                    chunks.add(at + 1 + random.nextInt(chunks.size() - at),
                            new Chunk(Arrays.copyOf(c.bytes(), cut), Chunk.FRAGMENT));
                    done.add("a fragment of record " + c.record() + " (" + cut + " bytes) left between records");
                }
                default -> byteDamages++;
            }
        }
        int total = chunks.stream().mapToInt(c -> c.bytes().length).sum();
        byte[] damaged = new byte[total];
        int[] owner = new int[total];   // the chunk each byte comes from
        int p = 0;
        for (int c = 0; c < chunks.size(); c++) {
            byte[] b = chunks.get(c).bytes();
            System.arraycopy(b, 0, damaged, p, b.length);
            Arrays.fill(owner, p, p + b.length, c);
            p += b.length;
        }
        // Then damage to bytes: a flip, a zero-filled stretch, a cut end. A chunk touched is no longer intact.
        boolean[] touched = new boolean[chunks.size()];
        int length = total;
        for (int d = 0; d < byteDamages && length > 0; d++) {
            int kind = random.nextInt(3);
            // Mostly after the game's start record: a lost start leaves nothing to resume, which is checked less often.
            int lo = random.nextInt(4) == 0 ? 0 : (int) Math.min(ends.get(0), length - 1);
            int at = lo + random.nextInt(length - lo);
            if (kind == 0) {
                damaged[at] ^= (byte) (1 + random.nextInt(255));
                touched[owner[at]] = true;
                done.add("byte " + at + " flipped");
            } else if (kind == 1) {
                int n = 1 + random.nextInt(Math.min(100, length - at));
                for (int k = at; k < at + n; k++) {
                    if (damaged[k] != 0) touched[owner[k]] = true;
                    damaged[k] = 0;
                }
                done.add(n + " bytes zeroed at " + at);
            } else {
                for (int k = at; k < length; k++) touched[owner[k]] = true;
                length = at;
                done.add("cut at byte " + at);
            }
        }
        byte[] file = Arrays.copyOf(damaged, length);
        Files.write(current, file);

        Optional<PgnCopy> other = switch (copy) {
            case NONE -> Optional.empty();
            case FINAL -> Optional.of(copyOf(dir, states.getLast()));
            case LATE -> Optional.of(copyOf(dir, states.get(random.nextInt(states.size()))));
        };
        boolean[] intact = new boolean[recorded.size()];
        for (int c = 0; c < chunks.size(); c++) {
            if (chunks.get(c).record() >= 0 && !touched[c]) intact[chunks.get(c).record()] = true;
        }

        String what = String.join("; ", done) + ", copy " + copy;
        try (Journal j = Journal.open(dir, game -> other)) {
            List<SessionEvent> events = j.events();
            Journal.Recovery rec = j.recovery();
            String context = what + " -> " + rec.describe();
            Statistics.label("resumed").collect(events.isEmpty() ? "no game (start record lost)"
                    : !rec.notResumed().isEmpty() ? "up to a loss no copy fills, the rest kept and named"
                    : rec.recoveredMoves() > 0 ? "whole, with moves from the PGN file" : "whole from the journal");
            // Never invented: the resumed game's moves are those of a game the board really had.
            if (!events.isEmpty()) {
                List<Move> resumed = GameRecord.replay(events).moves();
                assertThat(states.stream().anyMatch(g -> g.moves().equals(resumed)))
                        .as("resumed %s, a game never played; %s", resumed, context).isTrue();
            }
            // Never lost: every intact move is resumed or reported and kept.
            for (int r = 0; r < recorded.size(); r++) {
                if (intact[r] && recorded.get(r) instanceof SessionEvent.MovePlayed m) {
                    assertThat(events.contains(m) || rec.notResumed().contains(m))
                            .as("the intact move %s of record %d is neither resumed nor reported; %s", m, r, context)
                            .isTrue();
                }
            }
            if (!rec.notResumed().isEmpty()) {
                assertThat(rec.damagedCopy()).as(context).isNotNull();
                assertThat(Files.readAllBytes(rec.damagedCopy())).as(context).isEqualTo(file);
            }
            // With the game as it ended in the PGN file, moves alone come back whole once the start is intact.
            if (movesOnly && copy == Copy.FINAL && intact[0] && !events.isEmpty()) {
                assertThat(GameRecord.replay(events).moves()).as(context).isEqualTo(states.getLast().moves());
            }
        }
        // And the repaired journal opens again as it was resumed, with nothing left to repair.
        try (Journal again = Journal.open(dir, game -> other)) {
            assertThat(again.recovery().notResumed()).as(what).isEmpty();
        }
    }

    private static PgnCopy copyOf(Path dir, GameRecord g) {
        return new PgnCopy(dir.resolve("board1-" + g.gameId() + ".pgn"), g.initial(), g.moves());
    }

    /** Legal moves at random, none that ends the game (a game of moves alone, no result record). */
    private static void playMoves(GameSession s, SplittableRandom r, int plies) {
        for (int i = 0; i < plies; i++) {
            Position p = s.game().position();
            List<Move> going = p.legalMoves().stream().filter(m -> p.play(m).outcome().isEmpty()).toList();
            if (going.isEmpty()) return;
            s.play(going.get(r.nextInt(going.size())));
        }
    }
}
