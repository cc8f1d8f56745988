package org.marelle.bridge.scoresheet;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.marelle.bridge.session.TimeControl;
import org.marelle.rules.notation.Language;

/** The words of a score sheet in one language, and the notation its moves are written in. */
public enum Labels {

    FRENCH("fr", Language.FRENCH, "Feuille de notation", "Compétition", "Lieu", "Date", "Ronde", "Table", "Blancs",
            "Noirs", "Nom", "Elo", "Club", "N°", "Résultat", "Signature des Blancs", "Signature des Noirs", "suite",
            "page", "(=) offre de nulle", " :", "Cadence", "Arbitre", "Signature de l'arbitre", "coups en", "puis",
            "coup"),
    ENGLISH("en", Language.ENGLISH, "Score sheet", "Event", "Site", "Date", "Round", "Board", "White", "Black",
            "Name", "Rating", "Club", "No.", "Result", "White's signature", "Black's signature", "continued",
            "page", "(=) draw offer", ":", "Time control", "Arbiter", "Arbiter's signature", "moves in", "then",
            "move");

    private final String code;
    private final Language notation;
    public final String title;
    public final String competition;
    public final String site;
    public final String dateLabel;
    public final String round;
    public final String table;
    public final String white;
    public final String black;
    public final String name;
    public final String elo;
    public final String club;
    public final String number;
    public final String result;
    public final String whiteSignature;
    public final String blackSignature;
    public final String continued;
    public final String page;
    public final String drawOfferKey;
    /** What follows a label: French sets a space before the colon, English does not. */
    public final String colon;
    public final String timeControl;
    public final String arbiter;
    public final String arbiterSignature;
    /** The words of a time control: "40 coups en 90 min, puis 30 min + 30 s/coup". */
    private final String movesIn;
    private final String then;
    private final String perMove;

    Labels(String code, Language notation, String title, String competition, String site, String dateLabel,
            String round, String table, String white, String black, String name, String elo, String club,
            String number, String result, String whiteSignature, String blackSignature, String continued,
            String page, String drawOfferKey, String colon, String timeControl, String arbiter,
            String arbiterSignature, String movesIn, String then, String perMove) {
        this.code = code;
        this.notation = notation;
        this.title = title;
        this.competition = competition;
        this.site = site;
        this.dateLabel = dateLabel;
        this.round = round;
        this.table = table;
        this.white = white;
        this.black = black;
        this.name = name;
        this.elo = elo;
        this.club = club;
        this.number = number;
        this.result = result;
        this.whiteSignature = whiteSignature;
        this.blackSignature = blackSignature;
        this.continued = continued;
        this.page = page;
        this.drawOfferKey = drawOfferKey;
        this.colon = colon;
        this.timeControl = timeControl;
        this.arbiter = arbiter;
        this.arbiterSignature = arbiterSignature;
        this.movesIn = movesIn;
        this.then = then;
        this.perMove = perMove;
    }

    /**
     * A PGN {@code TimeControl} tag as the sheet's "Cadence" says it: {@code 5400+30} is "90 min + 30 s/coup",
     * {@code 40/5400+30:1800+30} "40 coups en 90 min + 30 s/coup, puis 30 min + 30 s/coup" ("40 moves in 90 min +
     * 30 s/move, then ..."); "" when unknown ({@code ?}, {@code -}, missing); a tag Marelle cannot read (a sandglass
     * {@code *60}) is written as it stands.
     */
    public String timeControl(String tag) {
        Optional<TimeControl> tc;
        try {
            tc = TimeControl.parse(tag);
        } catch (IllegalArgumentException e) {
            return tag.strip();
        }
        if (tc.isEmpty()) return "";
        List<String> periods = new ArrayList<>();
        for (TimeControl.Period p : tc.get().periods()) {
            String text = p.millis() > 0 ? duration(p.millis()) : "";
            if (p.incrementMillis() > 0) {
                text += (text.isEmpty() ? "" : " + ") + duration(p.incrementMillis()) + "/" + perMove;
            }
            periods.add((p.moves() > 0 ? p.moves() + " " + movesIn + " " : "") + text);
        }
        return String.join(", " + then + " ", periods);
    }

    /** 5400 s is "90 min", 90 s "1 min 30 s", 30 s "30 s" (a sheet counts minutes, as clocks are set). */
    private static String duration(long millis) {
        if (millis % 1000 != 0) return BigDecimal.valueOf(millis).movePointLeft(3).stripTrailingZeros().toPlainString() + " s";
        long min = millis / 60_000, sec = millis / 1000 % 60;
        if (min == 0) return sec + " s";
        return min + " min" + (sec == 0 ? "" : " " + sec + " s");
    }

    /** {@code fr} or {@code en}. */
    public String code() {
        return code;
    }

    /** The letters the sheet's moves are written with. */
    public Language notation() {
        return notation;
    }

    public static Labels byCode(String code) {
        String key = code == null ? "" : code.strip().toLowerCase(Locale.ROOT);
        for (Labels l : values()) {
            if (l.code.equals(key)) {
                return l;
            }
        }
        throw new IllegalArgumentException("unknown score sheet language '" + code + "' (known: fr, en)");
    }

    /**
     * A PGN date (2018.10.07, with ?? for unknown parts) as the sheet writes it: 07/10/2018 in French, 2018-10-07
     * in English; unknown parts are left out, an unknown date is "".
     */
    public String date(String pgnDate) {
        String[] parts = pgnDate.split("\\.");
        if (parts.length != 3 || !parts[0].matches("\\d{4}")) {
            return pgnDate.contains("?") ? "" : pgnDate;
        }
        boolean month = parts[1].matches("\\d{2}");
        boolean day = month && parts[2].matches("\\d{2}");
        if (this == FRENCH) {
            return (day ? parts[2] + "/" : "") + (month ? parts[1] + "/" : "") + parts[0];
        }
        return parts[0] + (month ? "-" + parts[1] : "") + (day ? "-" + parts[2] : "");
    }
}
