package org.marelle.bench;

/**
 * The positions the perft benchmark runs, with the depth and the node count every correct move generator finds
 * there (published perft results, e.g. the chessprogramming wiki's "Perft Results" page and Ethereal's
 * standard.epd). A benchmark whose count differs fails instead of reporting a speed.
 */
public enum PerftPosition {
    /** The initial position: mostly quiet moves, few captures. */
    START("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 5, 4_865_609L),
    /** Peter McKenzie's "Kiwipete": castling both ways, pins, en passant, promotions, many captures. */
    KIWIPETE("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4, 4_085_603L),
    /** Courier's start on 12x8 (Fairy-Stockfish's count); no other Java library plays Courier. */
    COURIER("rnebmk1wbenr/1ppppp1pppp1/6f5/p5p4p/P5P4P/6F5/1PPPPP1PPPP1/RNEBMK1WBENR w - - 0 1", 5, 14_144_849L, "courier");

    final String fen;
    final int depth;
    final long nodes;
    final String variant;

    PerftPosition(String fen, int depth, long nodes) {
        this(fen, depth, nodes, "standard");
    }

    PerftPosition(String fen, int depth, long nodes, String variant) {
        this.fen = fen;
        this.depth = depth;
        this.nodes = nodes;
        this.variant = variant;
    }
}
