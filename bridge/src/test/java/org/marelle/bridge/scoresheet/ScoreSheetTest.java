package org.marelle.bridge.scoresheet;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.marelle.rules.pgn.PgnGame;
import org.marelle.rules.pgn.PgnReader;

/** The score sheet's content, in French and English, HTML and text (see resources/scoresheet/PROVENANCE.md). */
class ScoreSheetTest {

    static PgnGame game(String resource) {
        try (InputStream in = ScoreSheetTest.class.getResourceAsStream("/scoresheet/" + resource);
                PgnReader r = new PgnReader(PgnReader.decode(in), resource)) {
            return ((PgnReader.Parsed) r.next()).game();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static PgnGame inline(String pgn) {
        return ((PgnReader.Parsed) PgnReader.readAll(pgn).get(0)).game();
    }

    static final PgnGame LONG = game("ecc2018-malikentzos-kosic.pgn");
    static final PgnGame OPERA = game("opera.pgn");

    @Test
    void theSheetIsFilledInFromTheTags() {
        ScoreSheet s = ScoreSheet.of(LONG, Labels.FRENCH);
        assertThat(s.competition()).isEqualTo("ECC 2018 Open");
        assertThat(s.site()).isEqualTo("Chalkidiki");
        assertThat(s.date()).isEqualTo("14/10/2018");
        assertThat(s.round()).isEqualTo("3");
        assertThat(s.table()).isEqualTo("3");
        assertThat(s.white()).isEqualTo(new ScoreSheet.Player("Malikentzos, Sotirios", "2441", "E.S. Thessalonikis"));
        assertThat(s.black()).isEqualTo(new ScoreSheet.Player("Kosic, Dragan", "2470", "Sloven Ruma"));
        assertThat(s.result()).isEqualTo("½-½");
        assertThat(s.lines()).hasSize(88);
        assertThat(s.lines().get(0)).isEqualTo(new ScoreSheet.Line(1, "g3", "c5"));
        assertThat(s.lines().get(5)).isEqualTo(new ScoreSheet.Line(6, "O-O", "Cf6"));
        assertThat(s.lines().get(39)).isEqualTo(new ScoreSheet.Line(40, "Tc7 (=)", "Td7"));
        assertThat(s.lines().get(86)).isEqualTo(new ScoreSheet.Line(87, "Fg6", "Fd4 (=)"));
        assertThat(s.lines().get(87)).isEqualTo(new ScoreSheet.Line(88, "Rg8", ""));
        assertThat(s.pages()).hasSize(2);
        assertThat(s.pages().get(1).get(0).number()).isEqualTo(61);
        assertThat(ScoreSheet.of(LONG, Labels.ENGLISH).lines().get(0)).isEqualTo(new ScoreSheet.Line(1, "g3", "c5"));
        assertThat(ScoreSheet.of(LONG, Labels.ENGLISH).lines().get(87).white()).isEqualTo("Kg8");
        assertThat(ScoreSheet.of(LONG, Labels.ENGLISH).date()).isEqualTo("2018-10-14");
    }

    @Test
    void unknownTagsLeaveBlanks() {
        ScoreSheet s = ScoreSheet.of(OPERA, Labels.FRENCH);
        assertThat(s.competition()).isEqualTo("Paris it");
        assertThat(s.date()).isEqualTo("1858");
        assertThat(s.round()).isEmpty();
        assertThat(s.table()).isEmpty();
        assertThat(s.white().elo()).isEmpty();
        assertThat(s.result()).isEqualTo("1-0");
        assertThat(s.pages()).hasSize(1);
        assertThat(s.lines().get(16)).isEqualTo(new ScoreSheet.Line(17, "Td8#", ""));
        ScoreSheet none = ScoreSheet.of(inline("[White \"A\"]\n[Black \"B\"]\n\n*"), Labels.ENGLISH);
        assertThat(none.lines()).isEmpty();
        assertThat(none.result()).isEmpty();
        assertThat(none.pages()).hasSize(1);
        assertThat(none.pages().get(0)).hasSize(ScoreSheet.MOVES_PER_PAGE);
    }

    @Test
    void aGameThatBeginsWithBlackToMove() {
        PgnGame g = inline("""
                [FEN "4k3/8/8/8/8/8/4P3/4K3 b - - 0 12"]
                [SetUp "1"]

                12... Kd7 13. e4 Kd6 14. Kd2 1-0""");
        ScoreSheet s = ScoreSheet.of(g, Labels.FRENCH);
        assertThat(s.lines()).containsExactly(new ScoreSheet.Line(12, "…", "Rd7"), new ScoreSheet.Line(13, "e4", "Rd6"),
                new ScoreSheet.Line(14, "Rd2", ""));
        assertThat(s.pages().get(0).get(0).number()).isEqualTo(12);
    }

    @Test
    void htmlHoldsEverythingAndBreaksPagesAfterSixtyMoves() {
        String html = HtmlScoreSheet.render(ScoreSheet.of(LONG, Labels.FRENCH));
        assertThat(html).startsWith("<!DOCTYPE html>").contains("<html lang=\"fr\">").contains("charset=\"utf-8\"")
                .contains("@page { size: A4 portrait;").contains("break-after: page")
                .contains("Feuille de notation").contains("ECC 2018 Open").contains("14/10/2018")
                .contains("Malikentzos, Sotirios").contains("2441").contains("E.S. Thessalonikis")
                .contains("Kosic, Dragan").contains("2470").contains("Sloven Ruma")
                .contains(">Blancs<").contains(">Noirs<")
                .contains("<td class=\"n\">1</td><td>g3</td><td>c5</td>")
                .contains("<td class=\"n\">40</td><td>Tc7 <span class=\"offer\">(=)</span></td><td>Td7</td>")
                .contains("<td class=\"n\">88</td><td>Rg8</td><td></td>")
                .contains("<span class=\"box ticked\">½-½</span>")
                .contains("Signature des Blancs").contains("Signature des Noirs")
                .contains("suite, page 2");
        assertThat(count(html, "<section class=\"page\">")).isEqualTo(2);
        // Moves 1-60 on the first page, with the header; 61 on the second, with the result and signatures.
        int secondPage = html.indexOf("<section class=\"page\">", html.indexOf("<section class=\"page\">") + 1);
        assertThat(html.indexOf(">60</td>")).isLessThan(secondPage);
        assertThat(html.indexOf(">61</td>")).isGreaterThan(secondPage);
        assertThat(html.indexOf("Signature des Blancs")).isGreaterThan(secondPage);
        assertThat(html.indexOf("Compétition")).isLessThan(secondPage);
    }

    @Test
    void aShortGameIsOnePage() {
        String html = HtmlScoreSheet.render(ScoreSheet.of(OPERA, Labels.ENGLISH));
        assertThat(count(html, "<section class=\"page\">")).isEqualTo(1);
        assertThat(html).contains("<html lang=\"en\">").contains("Score sheet").contains(">White<").contains(">Black<")
                .contains("Morphy, Paul").contains("<td>Nbd7</td>").contains("<span class=\"box ticked\">1-0</span>")
                .contains("White's signature").doesNotContain("continued");
    }

    @Test
    void htmlEscapesWhatTheTagsSay() {
        PgnGame g = inline("[Event \"<script>alert(1)</script> & co\"]\n[White \"O'Kelly \\\"Alberic\\\"\"]\n\n1. e4 *");
        String html = HtmlScoreSheet.render(ScoreSheet.of(g, Labels.FRENCH));
        assertThat(html).doesNotContain("<script>").contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; co")
                .contains("O'Kelly &quot;Alberic&quot;");
    }

    @Test
    void severalGamesEachOnTheirOwnPages() {
        String html = HtmlScoreSheet.render(List.of(ScoreSheet.of(OPERA, Labels.FRENCH),
                ScoreSheet.of(LONG, Labels.FRENCH)));
        assertThat(count(html, "<section class=\"page\">")).isEqualTo(3);
        assertThat(count(html, "<h1>")).isEqualTo(2);
    }

    @Test
    void textForTerminals() {
        String text = TextScoreSheet.render(ScoreSheet.of(LONG, Labels.FRENCH));
        assertThat(text).startsWith("FEUILLE DE NOTATION\n")
                .contains("Compétition : ECC 2018 Open").contains("Date : 14/10/2018").contains("Ronde : 3")
                .contains("Table : 3").contains("Blancs : Malikentzos, Sotirios  (Elo 2441)  Club : E.S. Thessalonikis")
                .contains("Noirs :  Kosic, Dragan  (Elo 2470)  Club : Sloven Ruma")
                .contains("   1  g3          c5           │   31  T5c2        a6")
                .contains("  40  Tc7 (=)     Td7")
                .contains("(suite, page 2)")
                .contains("  88  Rg8\n")
                .contains("[X] ½-½").contains("[ ] 1-0")
                .contains("Signature des Blancs :").contains("Signature des Noirs :").contains("____");
        assertThat(text.lines()).allSatisfy(line -> assertThat(line.length()).isLessThanOrEqualTo(80));
        String english = TextScoreSheet.render(ScoreSheet.of(OPERA, Labels.ENGLISH));
        assertThat(english).startsWith("SCORE SHEET\n").contains("  17  Rd8#").contains("[X] 1-0")
                .contains("Round: ________").doesNotContain("continued");
    }

    @Test
    void frenchSetsASpaceBeforeTheColonEnglishDoesNot() {
        // The English sheet said "Result :", the French way.
        String french = TextScoreSheet.render(ScoreSheet.of(OPERA, Labels.FRENCH));
        String english = TextScoreSheet.render(ScoreSheet.of(OPERA, Labels.ENGLISH));
        assertThat(french).contains("Résultat :", "Ronde : ", "Blancs : ");
        assertThat(english).contains("Result:   [X] 1-0", "Round: ", "White:   ", "White's signature:")
                .doesNotContain(" :");
        assertThat(HtmlScoreSheet.render(List.of(ScoreSheet.of(OPERA, Labels.ENGLISH)))).contains(">Result:<")
                .doesNotContain("Result :");
    }

    @Test
    void theTimeControlAndTheArbiter() {
        PgnGame g = inline("[Event \"Open de Marelle\"]\n[TimeControl \"40/5400+30:1800+30\"]\n"
                + "[Arbiter \"Dupont, Jean\"]\n\n1. e4 e5 *\n");
        ScoreSheet fr = ScoreSheet.of(g, Labels.FRENCH);
        assertThat(fr.timeControl()).isEqualTo("40 coups en 90 min + 30 s/coup, puis 30 min + 30 s/coup");
        assertThat(fr.arbiter()).isEqualTo("Dupont, Jean");
        assertThat(ScoreSheet.of(g, Labels.ENGLISH).timeControl())
                .isEqualTo("40 moves in 90 min + 30 s/move, then 30 min + 30 s/move");
        assertThat(TextScoreSheet.render(fr)).contains("Cadence : 40 coups en 90 min", "Arbitre : Dupont, Jean",
                "Signature de l'arbitre :");
        assertThat(HtmlScoreSheet.render(List.of(fr))).contains("<span class=\"label\">Cadence</span><span class="
                + "\"value\">40 coups en 90 min + 30 s/coup, puis 30 min + 30 s/coup</span>", "Signature de l'arbitre",
                "Dupont, Jean");
        assertThat(Labels.FRENCH.timeControl("300+2")).isEqualTo("5 min + 2 s/coup");
        assertThat(Labels.ENGLISH.timeControl("90+0.5")).isEqualTo("1 min 30 s + 0.5 s/move");
        assertThat(Labels.FRENCH.timeControl("?")).isEmpty();
        assertThat(Labels.FRENCH.timeControl("*60")).isEqualTo("*60");   // a sandglass: written as it stands
        // No tag: blanks to fill in by hand.
        assertThat(TextScoreSheet.render(ScoreSheet.of(OPERA, Labels.FRENCH))).contains("Cadence : ________",
                "Arbitre : ________");
    }

    @Test
    void labels() {
        assertThat(Labels.byCode("FR")).isEqualTo(Labels.FRENCH);
        assertThat(Labels.FRENCH.date("2018.??.??")).isEqualTo("2018");
        assertThat(Labels.FRENCH.date("2018.10.??")).isEqualTo("10/2018");
        assertThat(Labels.FRENCH.date("????.??.??")).isEmpty();
        assertThat(Labels.ENGLISH.date("2018.10.??")).isEqualTo("2018-10");
    }

    static int count(String text, String part) {
        int n = 0;
        for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + 1)) {
            n++;
        }
        return n;
    }
}
