package org.marelle.bridge.scoresheet;

import java.util.List;

/**
 * A score sheet for a terminal: the header, then the moves sixty to a block, numbers 1–30 on the left and 31–60 on
 * the right as on the paper sheet, then the result (the one played ticked) and the lines to sign. Plain UTF-8 text,
 * 80 columns.
 */
public final class TextScoreSheet {

    private TextScoreSheet() {
    }

    private static final int MOVE_WIDTH = 12;

    public static String render(List<ScoreSheet> sheets) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < sheets.size(); i++) {
            if (i > 0) {
                out.append('\n').append("=".repeat(78)).append("\n\n");
            }
            sheet(sheets.get(i), out);
        }
        return out.toString();
    }

    public static String render(ScoreSheet sheet) {
        return render(List.of(sheet));
    }

    private static void sheet(ScoreSheet s, StringBuilder out) {
        Labels l = s.labels();
        out.append(l.title.toUpperCase()).append('\n').append("-".repeat(l.title.length())).append('\n');
        out.append(field(l, l.competition, s.competition()));
        if (!s.site().isEmpty()) {
            out.append("   ").append(field(l, l.site, s.site()));
        }
        out.append('\n');
        out.append(field(l, l.dateLabel, s.date())).append("   ").append(field(l, l.round, s.round())).append("   ")
                .append(field(l, l.table, s.table())).append('\n');
        out.append(field(l, l.timeControl, s.timeControl())).append("   ").append(field(l, l.arbiter, s.arbiter()))
                .append('\n');
        player(l.white, s.white(), l, out);
        player(l.black, s.black(), l, out);
        List<List<ScoreSheet.Line>> pages = s.pages();
        for (int p = 0; p < pages.size(); p++) {
            out.append('\n');
            if (p > 0) {
                out.append("(").append(l.continued).append(", ").append(l.page).append(' ').append(p + 1)
                        .append(")\n");
            }
            List<ScoreSheet.Line> lines = pages.get(p);
            int last = lastPlayed(lines);
            // A continuation page shows only the rows and the column it needs: terminals are not paper.
            boolean continuation = p > 0;
            boolean right = !continuation || last >= ScoreSheet.MOVES_PER_COLUMN;
            String head = String.format("%4s  %-" + MOVE_WIDTH + "s%-" + MOVE_WIDTH + "s", l.number, l.white, l.black);
            out.append(right ? head + " │ " + head.stripTrailing() : head.stripTrailing()).append('\n');
            int rows = continuation && !right ? last + 1 : ScoreSheet.MOVES_PER_COLUMN;
            for (int r = 0; r < rows; r++) {
                String left = row(lines.get(r));
                out.append(right ? left + " │ " + row(lines.get(r + ScoreSheet.MOVES_PER_COLUMN)).stripTrailing()
                        : left.stripTrailing()).append('\n');
            }
        }
        out.append('\n').append(l.result).append(l.colon);
        for (String r : ScoreSheet.RESULTS) {
            out.append("   [").append(r.equals(s.result()) ? 'X' : ' ').append("] ").append(r);
        }
        out.append("\n\n");
        out.append(String.format("%-25s %-25s %s%n", l.whiteSignature + l.colon, l.blackSignature + l.colon,
                l.arbiterSignature + l.colon));
        out.append(String.format("%-25s %-25s %s%n", "_".repeat(24), "_".repeat(24), "_".repeat(24)));
        out.append(l.drawOfferKey).append('\n');
    }

    /** The index of the last line with a move on it, -1 when none. */
    private static int lastPlayed(List<ScoreSheet.Line> lines) {
        int last = -1;
        for (int i = 0; i < lines.size(); i++) {
            if (!lines.get(i).white().isEmpty() || !lines.get(i).black().isEmpty()) {
                last = i;
            }
        }
        return last;
    }

    private static String row(ScoreSheet.Line line) {
        return String.format("%4d  %-" + MOVE_WIDTH + "s%-" + MOVE_WIDTH + "s", line.number(), line.white(),
                line.black());
    }

    private static String field(Labels l, String label, String value) {
        return label + l.colon + " " + (value.isEmpty() ? "________" : value);
    }

    private static void player(String side, ScoreSheet.Player p, Labels l, StringBuilder out) {
        out.append(String.format("%-9s%s", side + l.colon, p.name().isEmpty() ? "________" : p.name()));
        if (!p.elo().isEmpty()) {
            out.append("  (").append(l.elo).append(' ').append(p.elo()).append(')');
        }
        if (!p.club().isEmpty()) {
            out.append("  ").append(l.club).append(l.colon).append(' ').append(p.club());
        }
        out.append('\n');
    }
}
