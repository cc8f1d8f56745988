package org.marelle.bridge.session;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.SortedMap;
import java.util.TreeMap;
import org.marelle.rules.Color;
import org.marelle.rules.Move;
import org.marelle.rules.Position;
import org.marelle.rules.Variant;
import org.marelle.rules.pgn.GameNode;
import org.marelle.rules.pgn.PgnGame;

/**
 * One game as the session knows it, as an immutable value: what outputs receive, and what replaying the journal
 * rebuilds. {@link #apply(SessionEvent)} is the only way a game changes; it is strict (a move that is not legal, a
 * ply number that does not follow, a move after the result), because the journal must replay to exactly the game
 * that was recorded or not at all.
 */
public final class GameRecord {

    /** The draw-offer mark Marelle writes as a comment after the move (see {@code DrawOffers} in the rules core). */
    public static final String DRAW_OFFER_COMMENT = "(=)";

    private final String gameId;
    private final long startedAt;
    private final Position initial;
    private final List<Move> moves;
    private final List<String> sans;
    private final Position position;
    private final Map<String, String> tags;
    private final String result;
    private final String reason;
    private final SortedMap<Integer, Color> drawOffers;
    /** The mover's clock after each move ({@link SessionEvent.MovePlayed#NO_CLOCK}: none), parallel to moves. */
    private final List<Long> clocks;
    /** When the side to move's clock started (its opponent's move, or a takeback); -1 before the first move. */
    private final long turnStartedAt;
    /** When each move was made (the mover's clock stopped), ply by ply: where a correction restarts the clock. */
    private final List<Long> movedAts;

    private GameRecord(String gameId, long startedAt, Position initial, List<Move> moves, List<String> sans,
                       Position position, Map<String, String> tags, String result, String reason,
                       SortedMap<Integer, Color> drawOffers, List<Long> clocks, long turnStartedAt,
                       List<Long> movedAts) {
        this.gameId = gameId;
        this.startedAt = startedAt;
        this.initial = initial;
        this.moves = moves;
        this.sans = sans;
        this.position = position;
        this.tags = tags;
        this.result = result;
        this.reason = reason;
        this.drawOffers = drawOffers;
        this.clocks = clocks;
        this.turnStartedAt = turnStartedAt;
        this.movedAts = movedAts;
    }

    /** The game a {@link SessionEvent.GameStarted} begins. */
    public static GameRecord of(SessionEvent.GameStarted start) {
        Variant variant = Variant.byName(start.variant());
        Position initial = Position.fromFen(variant, start.fen());
        return new GameRecord(start.gameId(), start.atMillis(), initial, List.of(), List.of(), initial,
                Collections.unmodifiableMap(new LinkedHashMap<>(start.tags())), "*", "", Collections.emptySortedMap(),
                List.of(), -1, List.of());
    }

    /**
     * Replays a game's events, the first being its {@link SessionEvent.GameStarted}.
     *
     * @throws IllegalArgumentException naming the event (1-based) that does not apply
     */
    public static GameRecord replay(List<SessionEvent> events) {
        if (events.isEmpty() || !(events.get(0) instanceof SessionEvent.GameStarted start)) {
            throw new IllegalArgumentException("a game's events begin with its start");
        }
        GameRecord g = of(start);
        for (int i = 1; i < events.size(); i++) {
            try {
                g = g.apply(events.get(i));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("event " + (i + 1) + " (" + events.get(i) + "): " + e.getMessage(), e);
            }
        }
        return g;
    }

    /**
     * The game after one more event.
     *
     * @throws IllegalArgumentException when the event does not apply to this game
     */
    public GameRecord apply(SessionEvent event) {
        return switch (event) {
            case SessionEvent.GameStarted s -> throw new IllegalArgumentException("game " + gameId
                    + " is already started; a new game is a new record");
            case SessionEvent.MovePlayed m -> {
                if (isOver()) throw new IllegalArgumentException("the game is over (" + result + "), no more moves");
                if (m.ply() != moves.size() + 1) {
                    throw new IllegalArgumentException("move " + m.uci() + " is numbered ply " + m.ply()
                            + " but the game has " + moves.size() + " plies");
                }
                Move move = position.parseUci(m.uci());
                Position next = position.play(move);
                List<Move> ms = append(moves, move);
                List<String> ss = append(sans, position.san(move));
                yield new GameRecord(gameId, startedAt, initial, ms, ss, next, tags, result, reason, drawOffers,
                        append(clocks, m.clockMillis()), m.movedAtMillis(), append(movedAts, m.movedAtMillis()));
            }
            case SessionEvent.MovesTakenBack t -> {
                if (t.plies() > moves.size()) {
                    throw new IllegalArgumentException("cannot take back " + t.plies() + " plies of " + moves.size());
                }
                int keep = moves.size() - t.plies();
                Position p = initial;
                for (int i = 0; i < keep; i++) p = p.play(moves.get(i));   // keeps the repetition history right
                SortedMap<Integer, Color> offers = new TreeMap<>(drawOffers.headMap(keep + 1));
                yield new GameRecord(gameId, startedAt, initial, List.copyOf(moves.subList(0, keep)),
                        List.copyOf(sans.subList(0, keep)), p, tags, "*", "", Collections.unmodifiableSortedMap(offers),
                        List.copyOf(clocks.subList(0, keep)), turnAfterTakeback(t, keep),
                        List.copyOf(movedAts.subList(0, keep)));
            }
            case SessionEvent.TagChanged c -> {
                Map<String, String> t = new LinkedHashMap<>(tags);
                if (c.value() == null) t.remove(c.name()); else t.put(c.name(), c.value());
                yield new GameRecord(gameId, startedAt, initial, moves, sans, position,
                        Collections.unmodifiableMap(t), result, reason, drawOffers, clocks, turnStartedAt, movedAts);
            }
            case SessionEvent.DrawOffered d -> {
                if (d.ply() > moves.size()) {
                    throw new IllegalArgumentException("draw offer after ply " + d.ply() + " of " + moves.size());
                }
                SortedMap<Integer, Color> offers = new TreeMap<>(drawOffers);
                offers.put(d.ply(), d.by());
                yield new GameRecord(gameId, startedAt, initial, moves, sans, position, tags, result, reason,
                        Collections.unmodifiableSortedMap(offers), clocks, turnStartedAt, movedAts);
            }
            case SessionEvent.GameEnded e -> new GameRecord(gameId, startedAt, initial, moves, sans, position, tags,
                    e.result(), e.result().equals("*") ? "" : e.reason(), drawOffers, clocks,
                    // A game reopened by mistake restarts the clock of the side to move from then.
                    e.result().equals("*") && !moves.isEmpty() ? e.atMillis() : turnStartedAt, movedAts);
        };
    }

    /**
     * Whose turn runs from when after {@code keep} moves are kept: a takeback gives the side to move its turn again
     * from the takeback on; a correction only mends the record, so the turn runs from when the last kept move was
     * made, and the moves recorded again are charged the time they took (their times are the first ones).
     */
    private long turnAfterTakeback(SessionEvent.MovesTakenBack t, int keep) {
        if (keep == 0) return -1;
        return t.corrected() ? movedAts.get(keep - 1) : t.atMillis();
    }

    private static <T> List<T> append(List<T> list, T item) {
        List<T> out = new ArrayList<>(list.size() + 1);
        out.addAll(list);
        out.add(item);
        return Collections.unmodifiableList(out);
    }

    public String gameId() {
        return gameId;
    }

    /** Wall-clock time the game started, milliseconds since the epoch. */
    public long startedAt() {
        return startedAt;
    }

    public Variant variant() {
        return initial.variant();
    }

    public Position initial() {
        return initial;
    }

    /** The position now. */
    public Position position() {
        return position;
    }

    public List<Move> moves() {
        return moves;
    }

    /** The moves in SAN, as the PGN writes them. */
    public List<String> sans() {
        return sans;
    }

    public int plies() {
        return moves.size();
    }

    /** Tags in order, without Result. */
    public Map<String, String> tags() {
        return tags;
    }

    /** "1-0", "0-1", "1/2-1/2", or "*" while the game goes on. */
    public String result() {
        return result;
    }

    /** How the result was decided ("checkmate", "gesture", "resignation", ...); empty while the game goes on. */
    public String reason() {
        return reason;
    }

    public boolean isOver() {
        return !result.equals("*");
    }

    /** Draw offers: the ply they followed (0 = before the first move) and who offered. */
    public SortedMap<Integer, Color> drawOffers() {
        return drawOffers;
    }

    // ---- clocks ------------------------------------------------------------------------------------------------

    /** The game's time control, from its {@code TimeControl} tag; empty when it has none (or one not kept). */
    public Optional<TimeControl> timeControl() {
        try {
            return TimeControl.parse(tags.get(GameTags.TIME_CONTROL));
        } catch (IllegalArgumentException e) {
            return Optional.empty();   // the tag was checked when set; an old journal's odd tag just means no clock
        }
    }

    /** The mover's clock after each move ({@link SessionEvent.MovePlayed#NO_CLOCK} where unknown). */
    public List<Long> clocks() {
        return clocks;
    }

    /** When the side to move's clock started running: its opponent's last move; -1 before the first move. */
    public long turnStartedAt() {
        return turnStartedAt;
    }

    /**
     * The time on {@code side}'s clock at the start of its turn (or now, when it is not its turn): after its last
     * move, or the time control's initial time before it has moved; -1 when unknown.
     */
    public long clockOf(Color side) {
        int plyOfSide = moves.size() - (position.turn() == side ? 2 : 1);
        if (plyOfSide >= 0) return clocks.get(plyOfSide);
        return timeControl().map(TimeControl::initialMillis).orElse(SessionEvent.MovePlayed.NO_CLOCK);
    }

    /** Moves {@code side} has made in this game. */
    public int movesBy(Color side) {
        int first = initial.turn() == side ? 0 : 1;
        return moves.size() <= first ? 0 : (moves.size() - first + 1) / 2;
    }

    /**
     * Whether this game has clocks: clocks recorded with its moves (from its time control, or an online game's), or
     * a time control before the first move.
     */
    public boolean hasClocks() {
        boolean recorded = clocks.stream().anyMatch(c -> c != SessionEvent.MovePlayed.NO_CLOCK);
        return recorded || (moves.isEmpty() && timeControl().isPresent());
    }

    /**
     * When the side to move runs out of time if it does not move: the start of its turn plus its clock; empty when
     * no clock is running (no clocks, before the first move, game over).
     */
    public OptionalLong flagAt() {
        if (isOver() || turnStartedAt < 0 || !hasClocks()) return OptionalLong.empty();
        long left = clockOf(position.turn());
        return left < 0 ? OptionalLong.empty() : OptionalLong.of(turnStartedAt + left);
    }

    /** The game as PGN: tags, moves, a {@value #DRAW_OFFER_COMMENT} comment after each move followed by an offer. */
    public PgnGame toPgnGame() {
        GameNode root = GameNode.root();
        if (drawOffers.containsKey(0)) root.addCommentAfter(DRAW_OFFER_COMMENT);
        GameNode node = root;
        for (int i = 0; i < moves.size(); i++) {
            node = node.addChild(moves.get(i), sans.get(i));
            if (clocks.get(i) != SessionEvent.MovePlayed.NO_CLOCK) node.addCommentAfter("[%clk " + clk(clocks.get(i)) + "]");
            if (drawOffers.containsKey(i + 1)) node.addCommentAfter(DRAW_OFFER_COMMENT);
        }
        return new PgnGame(tags, initial, root, result);
    }

    /**
     * A move as people name it, with its number: "12. Nf3" for White's move at that ply, "12... Nf6" for Black's
     * ({@code initial} gives the first move's number and side).
     */
    public static String numberedMove(Position initial, int ply, String san) {
        int offset = initial.turn() == Color.WHITE ? 0 : 1;
        int index = ply - 1 + offset;
        int number = initial.fullmoveNumber() + index / 2;
        return number + (index % 2 == 0 ? ". " : "... ") + san;
    }

    /** The PGN clock command's H:MM:SS, whole seconds rounded down (as broadcast services read it). */
    public static String clk(long millis) {
        long s = Math.max(0, millis) / 1000;
        return String.format(java.util.Locale.ROOT, "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60);
    }

    public String toPgn() {
        return toPgnGame().toPgn();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof GameRecord g && g.gameId.equals(gameId) && g.moves.equals(moves) && g.tags.equals(tags)
                && g.result.equals(result) && g.reason.equals(reason) && g.initial.equals(initial)
                && g.drawOffers.equals(drawOffers) && g.startedAt == startedAt && g.clocks.equals(clocks)
                && g.turnStartedAt == turnStartedAt;
    }

    @Override
    public int hashCode() {
        return Objects.hash(gameId, moves, tags, result);
    }

    @Override
    public String toString() {
        return "GameRecord[" + gameId + ", " + moves.size() + " plies, " + result + (reason.isEmpty() ? "" : " (" + reason + ")") + "]";
    }
}
