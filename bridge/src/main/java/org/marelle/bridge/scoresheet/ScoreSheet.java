package org.marelle.bridge.scoresheet;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.marelle.rules.Color;
import org.marelle.rules.Move;
import org.marelle.rules.Position;
import org.marelle.rules.notation.DrawOffers;
import org.marelle.rules.notation.LocalisedSan;
import org.marelle.rules.pgn.PgnGame;

/**
 * What a paper score sheet holds, filled in from a PGN game: the FFE's "feuille de notation" (competition, date,
 * round, table; each player's name, Elo and club; the numbered moves in a White and a Black column, with draw offers;
 * the result; the signatures). {@link HtmlScoreSheet} and {@link TextScoreSheet} lay it out.
 *
 * @param labels      the sheet's words, in French or English
 * @param competition the Event tag
 * @param site        the Site tag
 * @param date        the Date tag, written the sheet's way (07/10/2018 in French), parts PGN leaves unknown dropped
 * @param round       the Round tag
 * @param table       the Board tag (the table number in a team or open event)
 * @param white       White's name, Elo and club
 * @param black       Black's name, Elo and club
 * @param lines       one line per move number
 * @param result      the result as the sheet writes it ("1-0", "½-½", "0-1"), "" when the game is unfinished
 * @param timeControl the TimeControl tag as the sheet's "Cadence" says it ({@link Labels#timeControl}), "" unknown
 * @param arbiter     the Arbiter tag, "" when missing (the arbiter writes it and signs)
 */
public record ScoreSheet(Labels labels, String competition, String site, String date, String round, String table,
        Player white, Player black, List<Line> lines, String result, String timeControl, String arbiter) {

    /** Moves on the front of the paper sheet: two columns of thirty. */
    public static final int MOVES_PER_PAGE = 60;
    public static final int MOVES_PER_COLUMN = MOVES_PER_PAGE / 2;

    public ScoreSheet {
        lines = List.copyOf(lines);
    }

    /** A player as the sheet names them. */
    public record Player(String name, String elo, String club) {
    }

    /**
     * One numbered line: White's move and Black's, each as the sheet writes it, with {@code (=)} after a move that
     * offered a draw; "" for a half-move not played (Black's after White's last, White's when Black began).
     */
    public record Line(int number, String white, String black) {
    }

    /** The results a sheet offers to tick, in the order it prints them. */
    public static final List<String> RESULTS = List.of("1-0", "½-½", "0-1");

    /** Fills in a sheet from a game: moves in the sheet language's algebraic notation (French: Cf3, English: Nf3). */
    public static ScoreSheet of(PgnGame game, Labels labels) {
        Map<String, String> tags = game.tags();
        LocalisedSan notation = new LocalisedSan(labels.notation());
        Set<Integer> offers = DrawOffers.in(game);
        List<Line> lines = new ArrayList<>();
        Position p = game.initial();
        int number = p.fullmoveNumber();
        String white = "";
        int i = 0;
        for (Move m : game.mainline()) {
            String text = notation.write(p, m) + (offers.contains(i) ? " (=)" : "");
            if (p.turn() == Color.WHITE) {
                white = text;
            } else {
                if (i == 0) {
                    white = "…";   // the game began with Black to move
                }
                lines.add(new Line(number, white, text));
                white = "";
                number++;
            }
            if (p.turn() == Color.WHITE && i == game.mainline().size() - 1) {
                lines.add(new Line(number, white, ""));
            }
            p = p.play(m);
            i++;
        }
        String result = switch (game.result()) {
            case "1/2-1/2" -> "½-½";
            case "*" -> "";
            default -> game.result();
        };
        return new ScoreSheet(labels, tag(tags, "Event"), tag(tags, "Site"), labels.date(tag(tags, "Date")),
                tag(tags, "Round"), tag(tags, "Board"), player(tags, "White"), player(tags, "Black"), lines, result,
                labels.timeControl(tags.getOrDefault("TimeControl", "")), tag(tags, "Arbiter"));
    }

    /** A tag's value, "" when missing or unknown ("?", "-"). */
    static String tag(Map<String, String> tags, String name) {
        String v = tags.getOrDefault(name, "").strip();
        return v.equals("?") || v.equals("-") || v.equals("??") ? "" : v;
    }

    private static Player player(Map<String, String> tags, String side) {
        String elo = tag(tags, side + "Elo");
        if (elo.equals("0")) {
            elo = "";
        }
        String club = tag(tags, side + "Club");
        if (club.isEmpty()) {
            club = tag(tags, side + "Team");
        }
        return new Player(tag(tags, side), elo, club);
    }

    /** The sheet's lines split into pages of {@link #MOVES_PER_PAGE} move numbers. */
    public List<List<Line>> pages() {
        List<List<Line>> pages = new ArrayList<>();
        int first = lines.isEmpty() ? 1 : lines.get(0).number();
        int page = 0;
        do {
            int from = first + page * MOVES_PER_PAGE;
            List<Line> these = new ArrayList<>();
            for (int n = from; n < from + MOVES_PER_PAGE; n++) {
                these.add(line(n));
            }
            pages.add(these);
            page++;
        } while (first + page * MOVES_PER_PAGE <= lastNumber());
        return pages;
    }

    /** The line of a move number, blank when no move was played there. */
    private Line line(int number) {
        int first = lines.isEmpty() ? 1 : lines.get(0).number();
        int i = number - first;
        return i >= 0 && i < lines.size() ? lines.get(i) : new Line(number, "", "");
    }

    private int lastNumber() {
        return lines.isEmpty() ? 0 : lines.get(lines.size() - 1).number();
    }
}
