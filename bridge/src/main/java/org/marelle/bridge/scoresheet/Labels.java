package org.marelle.bridge.scoresheet;

import java.util.Locale;
import org.marelle.rules.notation.Language;

/** The words of a score sheet in one language, and the notation its moves are written in. */
public enum Labels {

    FRENCH("fr", Language.FRENCH, "Feuille de notation", "Compétition", "Lieu", "Date", "Ronde", "Table", "Blancs",
            "Noirs", "Nom", "Elo", "Club", "N°", "Résultat", "Signature des Blancs", "Signature des Noirs", "suite",
            "page", "(=) offre de nulle"),
    ENGLISH("en", Language.ENGLISH, "Score sheet", "Event", "Site", "Date", "Round", "Board", "White", "Black",
            "Name", "Rating", "Club", "No.", "Result", "White's signature", "Black's signature", "continued",
            "page", "(=) draw offer");

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

    Labels(String code, Language notation, String title, String competition, String site, String dateLabel,
            String round, String table, String white, String black, String name, String elo, String club,
            String number, String result, String whiteSignature, String blackSignature, String continued,
            String page, String drawOfferKey) {
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
