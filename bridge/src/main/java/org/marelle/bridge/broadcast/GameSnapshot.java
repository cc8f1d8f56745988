package org.marelle.bridge.broadcast;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import org.marelle.rules.Move;
import org.marelle.rules.Position;
import org.marelle.rules.pgn.PgnGame;

/**
 * One board's game as the session knows it at one moment: what the broadcast shows. The session hands a new
 * snapshot to {@link BroadcastHub#gameChanged} after every change (a committed move, a takeback, a tag, a result,
 * the recognizer's view of the board); the hub works out what changed and tells the viewers.
 *
 * <p>Immutable; the {@code with…} methods return changed copies, which is all a simple feeder needs:
 * {@snippet :
 * GameSnapshot g = GameSnapshot.start(GameSnapshot.newGameId(), Position.start(Variant.STANDARD))
 *         .withTag("White", "Anand, Viswanathan");
 * g = g.withMove(g.position().parseSan("e4"), Duration.ofMinutes(90));
 * hub.gameChanged(BoardId.of("1"), g);
 * }
 *
 * @param gameId     stable id of this game: the PGN's {@code GameId} tag; a new id means a new game
 * @param initial    the position before the first move (carries the variant)
 * @param moves      the moves played, in order
 * @param clocks     the mover's clock after each move, parallel to {@code moves}; shorter when the last ones are
 *                   not known, and an entry may be null (unknown)
 * @param tags       PGN tags in order (Event, Site, Date, Round, White, Black, …); Result, GameId, Variant, FEN and
 *                   SetUp come from the other fields
 * @param result     "*" while the game runs, else "1-0", "0-1" or "1/2-1/2"
 * @param ending     how a finished game ended when its position did not end it (a resignation, a flag, ...); null
 *                   while it runs, when the rules ended it, or when not known
 * @param drawOffers indexes into {@code moves} of the moves a draw offer was made with
 * @param clock      the clocks now, or null when the game has none
 * @param status     what the recognizer says about the board
 * @param casual     casual mode: takebacks are allowed
 */
public record GameSnapshot(String gameId, Position initial, List<Move> moves, List<Duration> clocks,
        Map<String, String> tags, String result, Ending ending, Set<Integer> drawOffers, ClockState clock,
        BoardStatus status, boolean casual) {

    /** Tags that the snapshot's other fields own; setting them as tags would contradict those fields. */
    public static final Set<String> DERIVED_TAGS = Set.of("Result", "GameId", "Variant", "FEN", "SetUp");

    public GameSnapshot {
        if (gameId == null || gameId.isBlank() || gameId.chars().anyMatch(c -> c < ' ' || c == '"' || c == '\\')) {
            throw new IllegalArgumentException("game id '" + gameId + "' must be a non-empty line without quotes");
        }
        Objects.requireNonNull(initial, "initial");
        moves = List.copyOf(moves);
        if (clocks.size() > moves.size()) {
            throw new IllegalArgumentException(clocks.size() + " clock readings for " + moves.size() + " moves");
        }
        clocks = Collections.unmodifiableList(new ArrayList<>(clocks)); // entries may be null: unknown
        LinkedHashMap<String, String> t = new LinkedHashMap<>();
        tags.forEach((k, v) -> {
            if (!DERIVED_TAGS.contains(k)) {
                t.put(Objects.requireNonNull(k, "tag name"), Objects.requireNonNull(v, "value of tag " + k));
            }
        });
        tags = Collections.unmodifiableMap(t);
        if (!PgnGame.RESULTS.contains(result)) {
            throw new IllegalArgumentException("result '" + result + "' is not 1-0, 0-1, 1/2-1/2 or *");
        }
        for (int i : drawOffers) {
            if (i < 0 || i >= moves.size()) {
                throw new IllegalArgumentException("draw offer with move " + i + " of " + moves.size());
            }
        }
        drawOffers = Collections.unmodifiableSet(new TreeSet<>(drawOffers));
        Objects.requireNonNull(status, "status");
    }

    /** A new game from {@code initial}: no moves, no tags, result "*", no clock, board status unknown. */
    public static GameSnapshot start(String gameId, Position initial) {
        return new GameSnapshot(gameId, initial, List.of(), List.of(), Map.of(), "*", null, Set.of(), null,
                BoardStatus.UNKNOWN, false);
    }

    /** A fresh random game id (the session may prefer its journal's name for the game). */
    public static String newGameId() {
        return UUID.randomUUID().toString();
    }

    /** The position after the last move. Replays the game: O(moves). */
    public Position position() {
        Position p = initial;
        for (Move m : moves) {
            p = p.play(m);
        }
        return p;
    }

    public GameSnapshot withMove(Move move, Duration clockAfter) {
        List<Move> m = new ArrayList<>(moves);
        m.add(move);
        List<Duration> c = new ArrayList<>(clocks);
        if (clockAfter != null) {
            while (c.size() < moves.size()) {
                c.add(null);
            }
            c.add(clockAfter);
        }
        return new GameSnapshot(gameId, initial, m, c, tags, result, ending, drawOffers, clock, status, casual);
    }

    public GameSnapshot withMove(Move move) {
        return withMove(move, null);
    }

    /** The game without its last {@code plies} moves (and their clocks and draw offers). */
    public GameSnapshot withTakeback(int plies) {
        if (plies < 0 || plies > moves.size()) {
            throw new IllegalArgumentException("cannot take back " + plies + " of " + moves.size() + " moves");
        }
        int n = moves.size() - plies;
        Set<Integer> offers = new TreeSet<>(drawOffers);
        offers.removeIf(i -> i >= n);
        return new GameSnapshot(gameId, initial, moves.subList(0, n), clocks.subList(0, Math.min(n, clocks.size())), tags,
                result, ending, offers, clock, status, casual);
    }

    public GameSnapshot withTag(String name, String value) {
        Map<String, String> t = new LinkedHashMap<>(tags);
        if (value == null) {
            t.remove(name);
        } else {
            t.put(name, value);
        }
        return withTags(t);
    }

    public GameSnapshot withTags(Map<String, String> newTags) {
        return new GameSnapshot(gameId, initial, moves, clocks, newTags, result, ending, drawOffers, clock, status, casual);
    }

    /** The result, with no word on how the game ended (see {@link #withResult(String, Ending)}). */
    public GameSnapshot withResult(String newResult) {
        return withResult(newResult, null);
    }

    /** The result and how the game ended ({@code ending} null: by its position, or not known). */
    public GameSnapshot withResult(String newResult, Ending newEnding) {
        return new GameSnapshot(gameId, initial, moves, clocks, tags, newResult, newResult.equals("*") ? null : newEnding,
                drawOffers, clock, status, casual);
    }

    /** A draw offer made with the last move. */
    public GameSnapshot withDrawOffer() {
        if (moves.isEmpty()) {
            throw new IllegalArgumentException("a draw offer is made with a move; no move was played yet");
        }
        Set<Integer> offers = new TreeSet<>(drawOffers);
        offers.add(moves.size() - 1);
        return new GameSnapshot(gameId, initial, moves, clocks, tags, result, ending, offers, clock, status, casual);
    }

    public GameSnapshot withClock(ClockState newClock) {
        return new GameSnapshot(gameId, initial, moves, clocks, tags, result, ending, drawOffers, newClock, status, casual);
    }

    public GameSnapshot withStatus(BoardStatus newStatus) {
        return new GameSnapshot(gameId, initial, moves, clocks, tags, result, ending, drawOffers, clock, newStatus, casual);
    }

    public GameSnapshot withCasual(boolean on) {
        return new GameSnapshot(gameId, initial, moves, clocks, tags, result, ending, drawOffers, clock, status, on);
    }
}
