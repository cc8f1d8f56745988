package org.marelle.rules.courier;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.marelle.rules.Move;
import org.marelle.rules.Position;
import org.marelle.rules.Variant;
import org.marelle.rules.pgn.PgnGame;
import org.marelle.rules.pgn.PgnReader;

/** Courier games through PGN: the Variant tag, FEN where needed, SAN on 12 files, written and read back. */
class CourierPgnTest {

    private static PgnGame roundTrip(PgnGame game) {
        String pgn = game.toPgn();
        List<PgnReader.Entry> entries = PgnReader.readAll(pgn);
        assertThat(entries).hasSize(1);
        assertThat(entries.get(0)).as(pgn).isInstanceOf(PgnReader.Parsed.class);
        PgnGame back = ((PgnReader.Parsed) entries.get(0)).game();
        assertThat(back.mainline()).isEqualTo(game.mainline());
        assertThat(back.initial().variant()).isEqualTo(game.initial().variant());
        return back;
    }

    private static Map<String, String> tags() {
        Map<String, String> tags = new LinkedHashMap<>();
        tags.put("Event", "Courier test");
        tags.put("White", "A");
        tags.put("Black", "B");
        return tags;
    }

    @Test
    void selfPlayGamesWriteAndReadBackWithTheirVariantTag() throws IOException {
        for (CourierGameTest.Game g : CourierGameTest.games()) {
            Position p = Position.fromFen(Variant.COURIER, g.startFen());
            List<Move> moves = new ArrayList<>();
            for (String uci : g.moves()) {
                Move m = p.parseUci(uci);
                moves.add(m);
                p = p.play(m);
            }
            PgnGame game = PgnGame.of(tags(), Variant.COURIER.startPosition(), moves, "*");
            assertThat(game.toPgn()).contains("[Variant \"Courier\"]").doesNotContain("[FEN");
            assertThat(roundTrip(game).finalPosition().fen()).isEqualTo(g.finalFen());
        }
    }

    @Test
    void aVariantTagInAnyOfItsSpellingsSelectsCourier() {
        String pgn = "[Variant \"Courier\"]\n\n1. g3h4 Kg7 2. Fi5 *\n";
        PgnReader.Entry e = PgnReader.readAll(pgn).get(0);
        assertThat(e).isInstanceOf(PgnReader.Parsed.class);
        PgnGame game = ((PgnReader.Parsed) e).game();
        assertThat(game.initial().variant()).isEqualTo(Variant.COURIER);
        assertThat(game.mainlineSan()).hasSize(3);
    }

    @Test
    void theCeremonyIsPartOfACourierJumpsGame() {
        Position p = Variant.COURIER_JUMPS.startPosition();
        List<Move> moves = new ArrayList<>();
        for (String uci : List.of("g2g4", "a7a5", "g1g3", "g7g5", "a2a4", "l7l5", "l2l4", "g8g6", "g3h4", "k8j6")) {
            Move m = p.parseUci(uci);
            moves.add(m);
            p = p.play(m);
        }
        PgnGame game = PgnGame.of(tags(), Variant.COURIER_JUMPS.startPosition(), moves, "*");
        assertThat(game.toPgn()).contains("[Variant \"Courier-jumps\"]", "1. g4 a5 2. Fg3 g5");
        roundTrip(game);
    }

    @Test
    void aDelayedPromotionIsOneSanTokenInPgn() {
        Position start = Position.fromFen(Variant.COURIER_MODERN, "4k7/1P10/12/12/12/12/R11/5K6 w - - 0 1");
        Position p = start;
        List<Move> moves = new ArrayList<>();
        for (String san : List.of("b8", "Kd7", "Ra3", "Kc7", "Ra4_b8=M")) {
            Move m = p.parseSan(san);
            moves.add(m);
            p = p.play(m);
        }
        PgnGame game = PgnGame.of(tags(), start, moves, "*");
        assertThat(game.toPgn()).contains("[Variant \"Courier-modern\"]", "[FEN \"4k7/1P10/", "3. Ra4_b8=M+");
        assertThat(roundTrip(game).finalPosition().fen()).startsWith("1M10/2k9/");
    }
}
