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
    /**
     * The scripts every page shares, by the placeholder each page has for it: the pieces' figures, how a page follows
     * the event stream, the clocks.
     */
    static final java.util.Map<String, String> SHARED = java.util.Map.of(
            "  /*@MARELLE_PIECES@*/\n", "pieces.js",
            "  /*@MARELLE_FOLLOW@*/\n", "follow.js",
            "  /*@MARELLE_CLOCKS@*/\n", "clocks.js");

    private ViewerPage() {
    }

    static final String VIEWER = "viewer.html";
    static final String ROUND = "round.html";

    static String template() {
        return template(VIEWER);
    }

    /**
     * The page {@code name} (a resource beside this class) with its state placeholder, the {@link #SHARED} scripts put
     * in (still one self-contained page).
     */
    static String template(String name) {
        String html = resource(name);
        if (!html.contains(STATE_PLACEHOLDER)) {
            throw new IllegalStateException(name + " has no " + STATE_PLACEHOLDER + " placeholder");
        }
        for (var shared : SHARED.entrySet()) html = html.replace(shared.getKey(), resource(shared.getValue()));
        return html;
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
