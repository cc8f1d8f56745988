package org.marelle.bridge.scoresheet;

import java.util.List;

/**
 * A score sheet as one HTML page to print: A4 portrait, moves 1 to 60 in two columns of thirty on the first page
 * with the header, and each further sixty moves on a page of their own (headed with the players and "suite"), the
 * result and the signature lines at the end of the last page. Plain HTML and CSS ({@code @page}), no script, no
 * external resource: it prints the same from any browser, and is readable on screen (each page drawn as a sheet).
 */
public final class HtmlScoreSheet {

    private HtmlScoreSheet() {
    }

    /** The sizes below add up to less than the 273 mm an A4 page leaves inside 12 mm margins. */
    private static final String CSS = """
            @page { size: A4 portrait; margin: 12mm; }
            * { box-sizing: border-box; }
            html { font-family: "DejaVu Sans", "Liberation Sans", Arial, sans-serif; font-size: 10pt; color: #000; }
            body { margin: 0; }
            .page { width: 186mm; break-after: page; page-break-after: always; }
            .page:last-child { break-after: auto; page-break-after: auto; }
            h1 { font-size: 15pt; text-align: center; margin: 0 0 3mm 0; letter-spacing: 0.05em;
                 text-transform: uppercase; }
            h2 { font-size: 11pt; margin: 0 0 3mm 0; font-weight: normal; }
            table { border-collapse: collapse; width: 100%; }
            table.event td, table.players td, table.players th { border: 0.3mm solid #000; padding: 1.2mm 2mm;
                 height: 8mm; vertical-align: middle; }
            table.event { margin-bottom: 2mm; }
            table.players { margin-bottom: 3mm; }
            table.players th { width: 18mm; text-align: left; background: #eee; }
            .label { font-size: 7.5pt; color: #333; display: block; }
            .value { font-size: 10.5pt; font-weight: bold; }
            .columns { display: flex; gap: 4mm; }
            table.moves { flex: 1; table-layout: fixed; }
            table.moves th, table.moves td { border: 0.3mm solid #000; height: 5.8mm; padding: 0 1.5mm;
                 font-size: 10pt; white-space: nowrap; overflow: hidden; }
            table.moves th { background: #eee; font-size: 9pt; height: 6.5mm; }
            table.moves td.n, table.moves th.n { width: 9mm; text-align: right; background: #f4f4f4; }
            .offer { font-weight: bold; }
            .foot { margin-top: 3mm; }
            .results { display: flex; align-items: center; gap: 6mm; font-size: 11pt; margin-bottom: 3mm; }
            .results .box { border: 0.3mm solid #000; padding: 1mm 3mm; min-width: 14mm; text-align: center; }
            .results .box.ticked { border: 0.8mm solid #000; border-radius: 50%; font-weight: bold; }
            .signatures { display: flex; gap: 8mm; }
            .signatures div { flex: 1; border-bottom: 0.3mm solid #000; height: 14mm; font-size: 8.5pt; }
            .key { font-size: 7.5pt; color: #333; margin-top: 1.5mm; }
            @media screen {
              html { background: #888; }
              body { padding: 8mm 0; }
              .page { background: #fff; margin: 0 auto 8mm auto; padding: 12mm; width: 210mm; min-height: 297mm;
                      box-shadow: 0 1mm 4mm rgba(0,0,0,0.4); }
            }
            """;

    /** One sheet per game, one after the other (each starts on a new page). */
    public static String render(List<ScoreSheet> sheets) {
        StringBuilder out = new StringBuilder(16_384);
        Labels labels = sheets.isEmpty() ? Labels.FRENCH : sheets.get(0).labels();
        out.append("<!DOCTYPE html>\n<html lang=\"").append(labels.code()).append("\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<title>").append(esc(title(sheets))).append("</title>\n<style>\n").append(CSS)
                .append("</style>\n</head>\n<body>\n");
        for (ScoreSheet sheet : sheets) {
            sheet(sheet, out);
        }
        out.append("</body>\n</html>\n");
        return out.toString();
    }

    public static String render(ScoreSheet sheet) {
        return render(List.of(sheet));
    }

    private static String title(List<ScoreSheet> sheets) {
        if (sheets.isEmpty()) {
            return Labels.FRENCH.title;
        }
        ScoreSheet s = sheets.get(0);
        return s.labels().title + " – " + s.white().name() + " – " + s.black().name();
    }

    private static void sheet(ScoreSheet s, StringBuilder out) {
        Labels l = s.labels();
        List<List<ScoreSheet.Line>> pages = s.pages();
        for (int p = 0; p < pages.size(); p++) {
            out.append("<section class=\"page\">\n");
            if (p == 0) {
                out.append("<h1>").append(esc(l.title)).append("</h1>\n");
                out.append("<table class=\"event\"><tr>")
                        .append(cell(l.competition, s.competition(), "width:38%"))
                        .append(cell(l.site, s.site(), "width:22%"))
                        .append(cell(l.dateLabel, s.date(), "width:16%"))
                        .append(cell(l.round, s.round(), "width:12%"))
                        .append(cell(l.table, s.table(), "width:12%"))
                        .append("</tr><tr>")
                        .append(cell(l.timeControl, s.timeControl(), "", 2))
                        .append(cell(l.arbiter, s.arbiter(), "", 3))
                        .append("</tr></table>\n");
                out.append("<table class=\"players\">");
                player(l.white, s.white(), l, out);
                player(l.black, s.black(), l, out);
                out.append("</table>\n");
            } else {
                out.append("<h2>").append(esc(l.title)).append(" (").append(esc(l.continued)).append(", ")
                        .append(esc(l.page)).append(' ').append(p + 1).append(") — ").append(esc(l.white))
                        .append(esc(l.colon)).append(" <b>").append(esc(s.white().name())).append("</b> — ")
                        .append(esc(l.black)).append(esc(l.colon)).append(" <b>").append(esc(s.black().name()))
                        .append("</b></h2>\n");
            }
            List<ScoreSheet.Line> lines = pages.get(p);
            out.append("<div class=\"columns\">\n");
            for (int c = 0; c < 2; c++) {
                out.append("<table class=\"moves\"><thead><tr><th class=\"n\">").append(esc(l.number))
                        .append("</th><th>").append(esc(l.white)).append("</th><th>").append(esc(l.black))
                        .append("</th></tr></thead><tbody>\n");
                for (ScoreSheet.Line line : lines.subList(c * ScoreSheet.MOVES_PER_COLUMN,
                        (c + 1) * ScoreSheet.MOVES_PER_COLUMN)) {
                    out.append("<tr><td class=\"n\">").append(line.number()).append("</td><td>")
                            .append(move(line.white())).append("</td><td>").append(move(line.black()))
                            .append("</td></tr>\n");
                }
                out.append("</tbody></table>\n");
            }
            out.append("</div>\n");
            if (p == pages.size() - 1) {
                foot(s, out);
            }
            out.append("</section>\n");
        }
    }

    private static void player(String side, ScoreSheet.Player player, Labels l, StringBuilder out) {
        out.append("<tr><th>").append(esc(side)).append("</th>")
                .append(cell(l.name, player.name(), "width:50%"))
                .append(cell(l.elo, player.elo(), "width:14%"))
                .append(cell(l.club, player.club(), ""))
                .append("</tr>");
    }

    private static void foot(ScoreSheet s, StringBuilder out) {
        Labels l = s.labels();
        out.append("<div class=\"foot\">\n<div class=\"results\"><span>").append(esc(l.result + l.colon)).append("</span>");
        for (String r : ScoreSheet.RESULTS) {
            out.append("<span class=\"box").append(r.equals(s.result()) ? " ticked" : "").append("\">")
                    .append(esc(r)).append("</span>");
        }
        out.append("</div>\n<div class=\"signatures\"><div>").append(esc(l.whiteSignature))
                .append("</div><div>").append(esc(l.blackSignature)).append("</div><div>")
                .append(esc(l.arbiterSignature)).append("</div></div>\n");
        out.append("<div class=\"key\">").append(esc(l.drawOfferKey)).append("</div>\n</div>\n");
    }

    private static String cell(String label, String value, String style) {
        return cell(label, value, style, 1);
    }

    private static String cell(String label, String value, String style, int columns) {
        return "<td" + (columns > 1 ? " colspan=\"" + columns + "\"" : "") + (style.isEmpty() ? "" : " style=\"" + style
                + "\"") + "><span class=\"label\">" + esc(label) + "</span><span class=\"value\">" + esc(value)
                + "</span></td>";
    }

    private static String move(String text) {
        if (text.endsWith(" (=)")) {
            return esc(text.substring(0, text.length() - 4)) + " <span class=\"offer\">(=)</span>";
        }
        return esc(text);
    }

    static String esc(String s) {
        StringBuilder out = new StringBuilder(s.length());
        for (char c : s.toCharArray()) {
            switch (c) {
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '&' -> out.append("&amp;");
                case '"' -> out.append("&quot;");
                default -> out.append(c);
            }
        }
        return out.toString();
    }
}
