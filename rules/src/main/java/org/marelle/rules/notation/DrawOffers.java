package org.marelle.rules.notation;

import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import org.marelle.rules.pgn.GameNode;
import org.marelle.rules.pgn.PgnGame;

/**
 * Draw offers in a PGN game. PGN has no tag or NAG for them, so Marelle writes, and reads, a comment after the move
 * that is only the offer: {@code {(=)}}, as the FIDE and FFE score sheets mark it, or in words
 * ({@code {draw offer}}, {@code {offre de nulle}}…). A longer comment that mentions a draw is not an offer.
 */
public final class DrawOffers {

    private static final Set<String> MARKS = Set.of("(=)", "=", "draw offer", "draw offered", "offers a draw",
            "offered a draw", "offre de nulle", "nulle proposée", "propose nulle", "propose la nulle");

    private DrawOffers() {
    }

    /** Whether a comment is a draw offer mark. */
    public static boolean isOffer(String comment) {
        String c = comment.strip().toLowerCase(Locale.ROOT).replaceAll("[.!]+$", "").strip();
        return MARKS.contains(c);
    }

    /** Indexes (into {@link PgnGame#mainline()}) of the main-line moves followed by a draw offer. */
    public static Set<Integer> in(PgnGame game) {
        Set<Integer> out = new TreeSet<>();
        int i = 0;
        for (GameNode n = game.root(); n.next().isPresent(); i++) {
            n = n.next().get();
            for (String comment : n.commentsAfter()) {
                if (isOffer(comment)) {
                    out.add(i);
                }
            }
        }
        return out;
    }
}
