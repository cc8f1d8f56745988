package org.marelle.rules;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Chars;
import net.jqwik.api.constraints.StringLength;

/** Any text a person or a file can give gets a legal move or one of our exceptions: never a crash. */
class BadInputPropertiesTest {

    private static final Position[] POSITIONS = {
        Position.start(Variant.STANDARD),
        Position.fromFen("r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1"),
        Variant.COURIER.startPosition(),
        Position.fromFen(Variant.COURIER_MODERN, "1P'2k7/12/12/12/12/12/R11/5K6 w - - 2 2"),
    };

    @Property(tries = 3000)
    void sanReadingNeverCrashes(@ForAll @StringLength(max = 9) @Chars({'a', 'b', 'e', 'h', 'l', 'm', 'z', '1', '2', '4', '8', '9', '0',
            'x', '-', '=', '+', '#', '_', 'O', 'N', 'B', 'Q', 'K', 'P', 'q', ' ', 'e', '.'}) String text) {
        for (Position p : POSITIONS) {
            try {
                Move m = p.parseSan(text);
                if (!(m instanceof Move.Null)) assertThat(p.isLegal(m)).isTrue();
            } catch (InvalidMoveException | IllegalMoveException | AmbiguousMoveException expected) {
                assertThat(expected.getMessage()).isNotBlank();
            }
            try {
                Move m = p.parseUci(text);
                if (!(m instanceof Move.Null)) assertThat(p.isLegal(m)).isTrue();
            } catch (InvalidMoveException | IllegalMoveException | AmbiguousMoveException expected) {
                assertThat(expected.getMessage()).isNotBlank();
            }
        }
    }

    @Property(tries = 3000)
    void fenReadingNeverCrashes(@ForAll @StringLength(max = 40) @Chars({'r', 'n', 'b', 'q', 'k', 'p', 'R', 'N', 'B', 'Q', 'K', 'P',
            'E', 'F', 'M', 'W', '1', '2', '3', '4', '8', '0', '9', '/', ' ', 'w', '-', 'e', 'a', 'h', '6', '\''}) String text) {
        for (Variant v : Variant.all()) {
            try {
                Position p = Position.fromFen(v, text);
                assertThat(Position.fromFen(v, p.fen()).fen()).isEqualTo(p.fen());
            } catch (FenException expected) {
                assertThat(expected.getMessage()).isNotBlank();
            }
        }
    }
}
