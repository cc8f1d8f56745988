package org.marelle.bridge.session;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A time control, written as the PGN {@code TimeControl} tag writes it: periods separated by {@code :}, each
 * {@code [MOVES/]SECONDS[+INCREMENT]}. {@code 300+2} is five minutes and two seconds a move (a blitz game);
 * {@code 40/5400+30:1800+30} is FIDE's classical control (90 minutes for 40 moves, then 30 more, 30 s a move from
 * the first); {@code 40/7200:3600} has no increment. A period without a move count lasts the rest of the game.
 *
 * <pre>{@code
 * TimeControl tc = TimeControl.parse("180+2").orElseThrow();
 * long left = tc.after(tc.initialMillis(), 0, 4_500);   // 180 s - 4.5 s + 2 s = 177,500 ms after White's first move
 * }</pre>
 */
public record TimeControl(List<Period> periods) {

    /**
     * One period: {@code moves} moves (0: the rest of the game) in {@code millis}, plus {@code incrementMillis} after
     * each move made in it.
     */
    public record Period(int moves, long millis, long incrementMillis) {
        public Period {
            if (moves < 0) throw new IllegalArgumentException("a period of " + moves + " moves");
            if (millis <= 0 && incrementMillis <= 0) throw new IllegalArgumentException("a period with no time");
            if (millis < 0 || incrementMillis < 0) throw new IllegalArgumentException("negative time in a period");
        }
    }

    public TimeControl {
        periods = List.copyOf(periods);
        if (periods.isEmpty()) throw new IllegalArgumentException("a time control needs a period");
        for (int i = 0; i < periods.size() - 1; i++) {
            if (periods.get(i).moves() == 0) {
                throw new IllegalArgumentException("only the last period may last the rest of the game");
            }
        }
    }

    /**
     * Reads a {@code TimeControl} tag. {@code ?} (unknown) and {@code -} (no clock) give empty.
     *
     * @throws IllegalArgumentException saying what is wrong, for anything else that is not a time control
     *                                  (sandglass controls, {@code *60}, are not kept either)
     */
    public static Optional<TimeControl> parse(String tag) {
        String s = tag == null ? "" : tag.strip();
        if (s.equals("?") || s.equals("-") || s.isEmpty()) return Optional.empty();
        if (s.startsWith("*")) {
            throw new IllegalArgumentException("time control '" + tag + "': sandglass controls are not kept; write"
                    + " SECONDS or SECONDS+INCREMENT, e.g. 300+2");
        }
        List<Period> out = new ArrayList<>();
        for (String part : s.split(":", -1)) {
            try {
                out.add(period(part));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("time control '" + tag + "': period '" + part + "': " + e.getMessage()
                        + " (write [MOVES/]SECONDS[+INCREMENT], periods separated by ':', e.g. 300+2 or 40/5400+30:1800+30)");
            }
        }
        try {
            return Optional.of(new TimeControl(out));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("time control '" + tag + "': " + e.getMessage());
        }
    }

    private static Period period(String part) {
        int slash = part.indexOf('/');
        int moves = 0;
        String rest = part;
        if (slash >= 0) {
            moves = Integer.parseInt(digits(part.substring(0, slash), "the move count"));
            if (moves == 0) throw new IllegalArgumentException("a period of 0 moves");
            rest = part.substring(slash + 1);
        }
        int plus = rest.indexOf('+');
        long millis = seconds(plus < 0 ? rest : rest.substring(0, plus), "the time");
        long inc = plus < 0 ? 0 : seconds(rest.substring(plus + 1), "the increment");
        return new Period(moves, millis, inc);
    }

    private static String digits(String s, String what) {
        if (s.isEmpty() || !s.chars().allMatch(Character::isDigit) || s.length() > 6) {
            throw new IllegalArgumentException(what + " '" + s + "' is not a whole number");
        }
        return s;
    }

    private static long seconds(String s, String what) {
        if (!s.matches("[0-9]{1,7}(\\.[0-9]{1,3})?")) {
            throw new IllegalArgumentException(what + " '" + s + "' is not a number of seconds");
        }
        return new BigDecimal(s).movePointRight(3).longValueExact();
    }

    /** The time each side starts with. */
    public long initialMillis() {
        return periods.get(0).millis();
    }

    /**
     * A side's clock after its move: {@code before} was on it when the move began, {@code movesBefore} moves of its
     * own were made before this one, and the move took {@code spentMillis}. The increment of the period the move is
     * in is added, and the next period's time when the move completes a period. Never below 0.
     */
    public long after(long before, int movesBefore, long spentMillis) {
        int made = movesBefore + 1;
        int end = 0;
        long left = before - Math.max(0, spentMillis);
        if (left < 0) return 0;
        for (int i = 0; i < periods.size(); i++) {
            Period p = periods.get(i);
            boolean last = i == periods.size() - 1;
            if (p.moves() == 0) return left + p.incrementMillis();
            int start = end;
            end += p.moves();
            if (made <= end) {
                left += p.incrementMillis();
                if (made == end) left += last ? p.millis() : periods.get(i + 1).millis();
                return left;
            }
            // A last period with a move count repeats, as 40/7200 (40 moves in 2 hours, again and again) means.
            if (last) {
                int inPeriod = (made - start - 1) % p.moves() + 1;
                left += p.incrementMillis();
                if (inPeriod == p.moves()) left += p.millis();
                return left;
            }
        }
        return left;
    }

    /** The tag's form: {@code 300+2}, {@code 40/5400+30:1800+30}. */
    public String tag() {
        List<String> parts = new ArrayList<>();
        for (Period p : periods) {
            String s = (p.moves() > 0 ? p.moves() + "/" : "") + secs(p.millis());
            if (p.incrementMillis() > 0) s += "+" + secs(p.incrementMillis());
            parts.add(s);
        }
        return String.join(":", parts);
    }

    private static String secs(long millis) {
        return BigDecimal.valueOf(millis).movePointLeft(3).stripTrailingZeros().toPlainString();
    }

    @Override
    public String toString() {
        return tag();
    }
}
