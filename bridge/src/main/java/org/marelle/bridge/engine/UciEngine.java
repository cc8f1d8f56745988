package org.marelle.bridge.engine;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.marelle.rules.Move;
import org.marelle.rules.Position;

/**
 * A chess engine spoken to over UCI (the Universal Chess Interface): Stockfish, Fairy-Stockfish, or any other. One
 * process, started by {@link #start}, asked one move at a time; every answer is awaited with a deadline, so an engine
 * that hangs, dies or says something unexpected becomes an {@link EngineException} naming what happened, never a
 * stuck board.
 *
 * <pre>{@code
 * try (UciEngine sf = UciEngine.start(List.of("/usr/games/stockfish"), Map.of("Skill Level", "3"), Duration.ofSeconds(5))) {
 *     Move m = sf.bestMove(Position.start(Variant.STANDARD), List.of(), Go.moveTime(Duration.ofMillis(200)), Duration.ofSeconds(5));
 * }
 * }</pre>
 *
 * <p>Not thread-safe: one thread asks (the opponent's), {@link #close} may come from any.
 */
public final class UciEngine implements AutoCloseable {

    /** How an engine is told to search: its clocks, or a fixed time, depth or node count (null/0: not given). */
    public record Go(Long wtime, Long btime, Long winc, Long binc, Long movetime, Integer depth, Long nodes) {

        public static Go moveTime(Duration d) {
            return new Go(null, null, null, null, d.toMillis(), null, null);
        }

        public static Go depth(int plies) {
            return new Go(null, null, null, null, null, plies, null);
        }

        public static Go clocks(long wtime, long btime, long winc, long binc) {
            return new Go(wtime, btime, winc, binc, null, null, null);
        }

        /** The same with clocks added (a fixed limit given too still applies, whichever comes first). */
        public Go withClocks(long wtime, long btime, long winc, long binc) {
            return new Go(wtime, btime, winc, binc, movetime, depth, nodes);
        }

        /** The {@code go} command. */
        public String command() {
            StringBuilder sb = new StringBuilder("go");
            if (wtime != null) sb.append(" wtime ").append(Math.max(1, wtime));
            if (btime != null) sb.append(" btime ").append(Math.max(1, btime));
            if (winc != null && winc > 0) sb.append(" winc ").append(winc);
            if (binc != null && binc > 0) sb.append(" binc ").append(binc);
            if (movetime != null) sb.append(" movetime ").append(movetime);
            if (depth != null) sb.append(" depth ").append(depth);
            if (nodes != null) sb.append(" nodes ").append(nodes);
            if (sb.length() == 2) sb.append(" movetime 1000");
            return sb.toString();
        }

        /**
         * The longest a search may take by what it was told, before the engine counts as hung: the fixed time, or
         * the mover's clock, plus {@code grace}; {@code fallback} for a depth or node limit alone.
         */
        public Duration limit(boolean whiteToMove, Duration grace, Duration fallback) {
            Long clock = whiteToMove ? wtime : btime;
            long ms = Long.MAX_VALUE;
            if (movetime != null) ms = movetime;
            if (clock != null) ms = Math.min(ms, clock);
            return ms == Long.MAX_VALUE ? fallback : Duration.ofMillis(ms).plus(grace);
        }
    }

    /** A line the engine wrote, or the end of its output. */
    private static final String EOF = "\u0000EOF";

    private final Process process;
    private final String description;
    private final OutputStream in;
    private final LinkedBlockingQueue<String> lines = new LinkedBlockingQueue<>();
    private final Duration timeout;
    private final Map<String, String> declared = new LinkedHashMap<>();
    private String name = "";
    private volatile boolean closed;
    private Integer lastScore;

    private UciEngine(Process process, String description, Duration timeout) {
        this.process = process;
        this.description = description;
        this.in = process.getOutputStream();
        this.timeout = timeout;
        Thread.ofPlatform().daemon().name("uci-" + description).start(this::readOutput);
    }

    /**
     * Starts the engine, says {@code uci}, sets {@code options} (each must be one the engine declares), and waits
     * until it is ready.
     *
     * @param timeout how long the engine may take to answer {@code uci} and {@code isready}
     * @throws EngineException when it cannot be started, does not speak UCI, lacks an option, or does not answer in time
     */
    public static UciEngine start(List<String> command, Map<String, String> options, Duration timeout) {
        Objects.requireNonNull(command, "command");
        if (command.isEmpty()) throw new IllegalArgumentException("no engine command");
        String what = command.get(0);
        Process p;
        try {
            p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        } catch (IOException e) {
            throw new EngineException("cannot start the engine '" + what + "': " + e.getMessage(), e);
        }
        UciEngine engine = new UciEngine(p, what, timeout);
        try {
            engine.handshake(options);
            return engine;
        } catch (RuntimeException e) {
            engine.close();
            throw e;
        }
    }

    private void handshake(Map<String, String> options) {
        send("uci");
        long deadline = System.nanoTime() + timeout.toNanos();
        for (String line = next(deadline, "uciok"); !line.equals("uciok"); line = next(deadline, "uciok")) {
            if (line.startsWith("id name ")) name = line.substring(8).strip();
            if (line.startsWith("option name ")) {
                int type = line.indexOf(" type ");
                String option = (type < 0 ? line.substring(12) : line.substring(12, type)).strip();
                declared.put(option.toLowerCase(Locale.ROOT), type < 0 ? "" : line.substring(type + 6));
            }
        }
        for (Map.Entry<String, String> o : options.entrySet()) setOption(o.getKey(), o.getValue());
        ready();
    }

    /** The engine's name, as it says it ({@code id name}); empty when it did not. */
    public String name() {
        return name.isEmpty() ? description : name;
    }

    /** Whether the engine declares the option (names are case-insensitive in UCI). */
    public boolean hasOption(String option) {
        return declared.containsKey(option.toLowerCase(Locale.ROOT));
    }

    /** What the engine says of one of its options ({@code spin default 20 min 0 max 20}), or null. */
    public String optionDeclaration(String option) {
        return declared.get(option.toLowerCase(Locale.ROOT));
    }

    /**
     * Sets an option the engine declares.
     *
     * @throws EngineException naming the option when the engine has no such option
     */
    public void setOption(String option, String value) {
        if (!hasOption(option)) {
            throw new EngineException(name() + " has no option '" + option + "' (it has: "
                    + String.join(", ", declared.keySet()) + ")");
        }
        send("setoption name " + option + (value == null ? "" : " value " + value));
    }

    /** Tells the engine a new game begins (it clears its tables), and waits until it is ready. */
    public void newGame() {
        send("ucinewgame");
        ready();
    }

    private void ready() {
        send("isready");
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!next(deadline, "readyok").equals("readyok")) {
            // info lines and the like before it are of no interest here
        }
    }

    /**
     * The engine's move in the position reached by {@code moves} from {@code initial}, searched as {@code go} says.
     *
     * @param limit how long the search may take before the engine counts as hung
     * @throws EngineException when the engine dies, hangs past {@code limit}, or answers with no legal move
     */
    public Move bestMove(Position initial, List<Move> moves, Go go, Duration limit) {
        Position p = initial;
        List<String> ucis = new ArrayList<>(moves.size());
        for (Move m : moves) {
            ucis.add(p.uci(m));
            p = p.play(m);
        }
        send("position fen " + initial.fen() + (ucis.isEmpty() ? "" : " moves " + String.join(" ", ucis)));
        send(go.command());
        long deadline = System.nanoTime() + limit.toNanos();
        String line;
        Iterations iterations = new Iterations();
        lastScore = null;
        do {
            line = next(deadline, "bestmove");
            if (line.startsWith("info")) iterations.read(line);
        } while (!line.startsWith("bestmove"));
        lastScore = iterations.finishedScore(go.depth());
        String[] words = line.strip().split("\\s+");
        if (words.length < 2 || words[1].equals("(none)") || words[1].equals("0000")) {
            throw new EngineException(name() + " found no move in " + p.fen() + " ('" + line + "')");
        }
        try {
            Move m = p.parseUci(words[1]);
            if (!p.isLegal(m)) throw new IllegalArgumentException("not legal");
            return m;
        } catch (RuntimeException e) {
            throw new EngineException(name() + " answered '" + line + "', not a legal move in " + p.fen(), e);
        }
    }

    /**
     * What the engine thought of the position at its last move, from its own side, in centipawns (a mate in n:
     * 100,000 less n, negative when it is mated), as its last finished iteration said; null when it did not say or
     * was stopped before it finished one.
     */
    public Integer lastScore() {
        return lastScore;
    }

    /**
     * The scores an engine says while it searches, one line per iteration. A search stopped by its clock says the
     * iteration it was in with whatever that iteration had (Stockfish: "score mate 0" when stopped before the first
     * iteration finished), so only an iteration a deeper one followed, or the depth asked for, is believed.
     */
    private static final class Iterations {
        private int depth = -1;
        private Integer score;
        private Integer finished;

        void read(String info) {
            String[] w = info.split("\\s+");
            Integer d = null, s = null;
            for (int i = 1; i < w.length; i++) {
                switch (w[i]) {
                    case "depth" -> d = number(w, i + 1);
                    case "multipv" -> {
                        if (!Integer.valueOf(1).equals(number(w, i + 1))) return;   // the second best line's score
                    }
                    case "lowerbound", "upperbound" -> {
                        return;   // a bound the iteration is still narrowing, not its score
                    }
                    case "score" -> {
                        Integer n = i + 2 < w.length ? number(w, i + 2) : null;
                        if (n != null && w[i + 1].equals("cp")) s = n;
                        else if (n != null && w[i + 1].equals("mate")) s = n > 0 ? 100_000 - n : -100_000 - n;
                    }
                    case "pv", "string" -> i = w.length;   // moves or free text follow: no more fields
                    default -> { }
                }
            }
            if (d == null || s == null) return;
            if (d > depth && depth >= 0) finished = score;   // a deeper iteration began: the last one finished
            depth = d;
            score = s;
        }

        Integer finishedScore(Integer depthAsked) {
            return depthAsked != null && depth >= depthAsked ? score : finished;
        }

        private static Integer number(String[] w, int i) {
            if (i >= w.length) return null;
            try {
                return Integer.parseInt(w[i]);
            } catch (NumberFormatException e) {
                return null;
            }
        }
    }

    /**
     * The FEN the engine makes of {@code position} once told it, from its {@code d} (display) command, which
     * Stockfish and Fairy-Stockfish answer with a {@code Fen:} line: how a mapping of our FEN to the engine's is
     * checked. Null when the engine does not say.
     */
    public String fenAsRead(Position position) {
        send("position fen " + position.fen());
        send("d");
        send("isready");
        long deadline = System.nanoTime() + timeout.toNanos();
        String fen = null;
        for (String line = next(deadline, "readyok"); !line.equals("readyok"); line = next(deadline, "readyok")) {
            if (line.startsWith("Fen: ")) fen = line.substring(5).strip();
        }
        return fen;
    }

    /** Whether the engine's process is still running. */
    public boolean isAlive() {
        return process.isAlive();
    }

    private void send(String command) {
        try {
            in.write((command + "\n").getBytes(StandardCharsets.US_ASCII));
            in.flush();
        } catch (IOException e) {
            throw new EngineException(name() + " stopped listening (" + exitNote() + ")", e);
        }
    }

    /** The next line before {@code deadline} (System.nanoTime), or an exception saying what was awaited. */
    private String next(long deadline, String awaited) {
        try {
            long left = deadline - System.nanoTime();
            String line = left <= 0 ? lines.poll() : lines.poll(left, TimeUnit.NANOSECONDS);
            if (line == null) {
                throw new EngineException(name() + " did not answer '" + awaited + "' in time (it may hang)");
            }
            if (line == EOF) {
                lines.add(EOF);   // every later wait sees it at once
                throw new EngineException(name() + " stopped before '" + awaited + "' (" + exitNote() + ")");
            }
            return line;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new EngineException("interrupted while waiting for " + name() + "'s '" + awaited + "'", e);
        }
    }

    private String exitNote() {
        try {
            if (process.waitFor(200, TimeUnit.MILLISECONDS)) return "exit code " + process.exitValue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return "still running";
    }

    private void readOutput() {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                // An engine that floods its output (a broken one) must not fill the memory: its info lines are dropped.
                if (line.length() > 4_096) line = line.substring(0, 4_096);
                if (lines.size() < 10_000 || !line.startsWith("info")) lines.add(line);
            }
        } catch (IOException e) {
            // The process ended or was closed: the end of its output.
        }
        lines.add(EOF);
    }

    /** Says {@code quit}, gives the engine a moment to go, then ends it. */
    @Override
    public void close() {
        if (closed) return;
        closed = true;
        try {
            send("quit");
        } catch (EngineException e) {
            // It is gone already.
        }
        try {
            if (!process.waitFor(500, TimeUnit.MILLISECONDS)) {
                process.destroy();
                if (!process.waitFor(500, TimeUnit.MILLISECONDS)) process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
    }

    @Override
    public String toString() {
        return "UciEngine[" + name() + "]";
    }
}
