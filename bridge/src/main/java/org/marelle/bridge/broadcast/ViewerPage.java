package org.marelle.bridge.broadcast;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * The pages, {@code viewer.html} (one board) and {@code round.html} (every board of the round) beside this class: one HTML file with its script and style inline, so it
 * works on a club LAN without internet and needs no build step. The server puts the public state into it (the
 * placeholder below), with the configured language of the page ({@link BroadcastConfig#language()}), so the board
 * shows at once, then the page follows {@code /events}.
 */
final class ViewerPage {

    static final String STATE_PLACEHOLDER = "\"@MARELLE_STATE@\"";
    /** Where a page takes the pieces' figures ({@code pieces.js}), the same on every page. */
    static final String PIECES_PLACEHOLDER = "  /*@MARELLE_PIECES@*/\n";
    static final String PIECES = "pieces.js";
    /** Where a page takes how it follows the event stream ({@code follow.js}), the same on every page. */
    static final String FOLLOW_PLACEHOLDER = "  /*@MARELLE_FOLLOW@*/\n";
    static final String FOLLOW = "follow.js";

    private ViewerPage() {
    }

    static final String VIEWER = "viewer.html";
    static final String ROUND = "round.html";

    static String template() {
        return template(VIEWER);
    }

    /**
     * The page {@code name} (a resource beside this class) with its state placeholder, the pieces' figures and the
     * event following put in (still one self-contained page).
     */
    static String template(String name) {
        String html = resource(name);
        if (!html.contains(STATE_PLACEHOLDER)) {
            throw new IllegalStateException(name + " has no " + STATE_PLACEHOLDER + " placeholder");
        }
        return html.replace(PIECES_PLACEHOLDER, resource(PIECES)).replace(FOLLOW_PLACEHOLDER, resource(FOLLOW));
    }

    private static String resource(String name) {
        try (InputStream in = ViewerPage.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException(name + " is missing from the jar, beside " + ViewerPage.class.getName());
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
