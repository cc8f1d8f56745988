package org.marelle.rules;

/** Why a game ended by the rules (not by resignation or agreement, which the session records). */
public enum Termination {
    CHECKMATE, STALEMATE, INSUFFICIENT_MATERIAL, SEVENTY_FIVE_MOVES, FIVEFOLD_REPETITION,
    /** A variant's own end, e.g. Courier's bare king. */
    VARIANT
}
