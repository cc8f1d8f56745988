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
import java.util.SplittableRandom;
import java.util.stream.Stream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.marelle.bridge.session.GameRecord;
import org.marelle.bridge.session.GameSession;
import org.marelle.rules.Color;
import org.marelle.rules.Move;
import org.marelle.rules.Position;
import org.marelle.rules.Variant;

/**
 * Whatever a session recorded (moves, takebacks, tags, draw offers, results), and wherever a power cut stops the
 * journal file, the next start resumes exactly the game as it stood after one of the recorded events, the last one
 * that was whole on disk.
 */
class JournalCutPropertiesTest {

    @Property(tries = 60)
    void aCutJournalResumesTheGameAsItWasAfterItsLastWholeRecord(@ForAll long seed, @ForAll @IntRange(min = 1, max = 60) int actions,
                                                                 @ForAll @IntRange(min = 0, max = 10_000) int cutPermille)
            throws IOException {
        Path dir = Files.createTempDirectory("journal-cut");
        try {
            List<GameRecord> states = new ArrayList<>();   // the game after each recorded event, the start first
            try (Journal j = Journal.open(dir)) {
                GameSession s = GameSession.resume(j.events(), Position.start(Variant.STANDARD), Map.of("Event", "Cut"),
                        j, () -> Instant.parse("2025-03-01T10:00:00Z"), ZoneOffset.UTC);
                states.add(s.game());
                s.addListener((e, g) -> states.add(g));
                act(s, new SplittableRandom(seed), actions);
            }
            Path current = dir.resolve(Journal.CURRENT);
            byte[] bytes = Files.readAllBytes(current);
            int cut = (int) ((long) bytes.length * cutPermille / 10_000);
            Files.write(current, Arrays.copyOf(bytes, cut));
            try (Journal j = Journal.open(dir)) {
                int records = j.recovery().records();
                if (records == 0) {
                    assertThat(j.events()).isEmpty();   // cut inside the game's start: no game yet
                } else {
                    assertThat(GameRecord.replay(j.events())).isEqualTo(states.get(records - 1));
                }
                // A cut inside the header drops all of it (the header is written again); otherwise what follows the
                // last whole record.
                long kept = cut < JournalFile.HEADER.length ? 0 : validLength(bytes, records);
                assertThat(j.recovery().droppedBytes()).isEqualTo(cut - kept);
            }
        } finally {
            try (Stream<Path> files = Files.walk(dir)) {
                for (Path p : files.sorted(Comparator.reverseOrder()).toList()) Files.delete(p);
            }
        }
    }

    /** Bytes up to the end of the {@code records}-th record of a journal file. */
    private static long validLength(byte[] bytes, int records) {
        long at = JournalFile.HEADER.length;
        for (int i = 0; i < records; i++) {
            int length = ((bytes[(int) at] & 0xFF) << 24) | ((bytes[(int) at + 1] & 0xFF) << 16)
                    | ((bytes[(int) at + 2] & 0xFF) << 8) | (bytes[(int) at + 3] & 0xFF);
            at += JournalFile.FRAME + length;
        }
        return Math.min(at, bytes.length);
    }

    static void act(GameSession s, SplittableRandom r, int actions) {
        for (int i = 0; i < actions; i++) {
            GameRecord g = s.game();
            int what = r.nextInt(10);
            if (g.isOver()) {
                if (what < 5 && g.plies() > 0) s.setResult("*", "reopened");
                continue;
            }
            List<Move> legal = g.position().legalMoves();
            if (what < 6 && !legal.isEmpty()) {
                s.play(legal.get(r.nextInt(legal.size())));
            } else if (what == 6 && g.plies() > 0) {
                s.handle(new org.marelle.bridge.recognition.RecognitionEvent.TakenBack(0,
                        List.of(g.moves().getLast()), g.position()));
            } else if (what == 7) {
                s.setTag("White", "Player " + r.nextInt(100));
            } else if (what == 8) {
                s.offerDraw(r.nextBoolean() ? Color.WHITE : Color.BLACK);
            } else {
                s.setResult(r.nextBoolean() ? "1-0" : "1/2-1/2", "arbiter");
            }
        }
    }
}
