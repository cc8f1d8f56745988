package org.marelle.rules;

/** How a game ended: the reason and the winner ({@code null} for a draw). */
public record Outcome(Termination termination, Color winner) {

    public boolean isDraw() {
        return winner == null;
    }

    /** The PGN result token: "1-0", "0-1" or "1/2-1/2". */
    public String result() {
        if (winner == null) return "1/2-1/2";
        return winner == Color.WHITE ? "1-0" : "0-1";
    }
}
