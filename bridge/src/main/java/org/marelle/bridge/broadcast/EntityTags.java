package org.marelle.bridge.broadcast;

/**
 * {@code If-None-Match} against an entity tag (RFC 9110, section 13.1.2): a list of tags or {@code *}; the weak
 * comparison applies, so {@code W/"x"} matches {@code "x"}. Relays poll the PGN every few seconds; a match is
 * answered with 304 and no body.
 */
final class EntityTags {

    private EntityTags() {
    }

    /** Whether the header (null when absent) names {@code etag}. */
    static boolean matches(String ifNoneMatch, String etag) {
        if (ifNoneMatch == null) {
            return false;
        }
        String header = ifNoneMatch.strip();
        if (header.equals("*")) {
            return true;
        }
        String wanted = opaque(etag);
        int i = 0;
        while (i < header.length()) {
            while (i < header.length() && (header.charAt(i) == ',' || header.charAt(i) == ' ' || header.charAt(i) == '\t')) {
                i++;
            }
            if (i >= header.length()) {
                break;
            }
            if (header.startsWith("W/", i)) {
                i += 2;
            }
            if (i >= header.length() || header.charAt(i) != '"') {
                return false; // malformed: answer in full rather than guess
            }
            int end = header.indexOf('"', i + 1);
            if (end < 0) {
                return false;
            }
            if (header.substring(i + 1, end).equals(wanted)) {
                return true;
            }
            i = end + 1;
        }
        return false;
    }

    private static String opaque(String etag) {
        String t = etag.startsWith("W/") ? etag.substring(2) : etag;
        return t.substring(1, t.length() - 1);
    }
}
