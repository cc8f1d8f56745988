package org.marelle.bridge.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.marelle.board.Occupancy;
import org.marelle.bridge.output.IoReason;
import org.marelle.bridge.recognition.RecognizerConfig;
import org.marelle.bridge.recognition.SensorModel;
import org.marelle.bridge.simulation.GameCheck;
import org.marelle.bridge.simulation.GameFiles;
import org.marelle.bridge.simulation.HumanPlaySimulator;
import org.marelle.bridge.simulation.Profile;
import org.marelle.bridge.simulation.Tally;
import org.marelle.bridge.trace.SensorTrace;
import org.marelle.rules.Variant;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.TypeConversionException;

/**
 * {@code marelle simulate}: plays real games through the human-play simulator and the real recognizer, and checks
 * that every ply is committed as played. Each game gets its own seed from {@code --seed} and its place in the input,
 * so results do not depend on {@code --threads}. The games that go wrong are listed first; the last line is the total.
 */
@Command(
        name = "simulate",
        mixinStandardHelpOptions = true,
        header = "Play games on a simulated sensor board through the move recognizer; compare the moves committed.",
        description = {
            "Profiles on an ideal 40 Hz sensor without debouncing, as always simulated: clean (lift, drop, settle), "
                + "human (any capture/castling/en passant order, drags, hesitations, j'adoube, pauses), noisy (human "
                + "plus sensor flicker and missed scans), blitz (human, replies within 150 ms).",
            "Profiles on the daemon's 50 Hz, 2-scan debounced sensors, human hands of a quick player (replies "
                + "120-250 ms after the last piece landed, pieces set down off centre): reed (reed switches: bounce), "
                + "hall (Hall sensors: dropouts after off-centre set-downs, brush of empty neighbours), swap "
                + "(one-handed fast captures, Hall), drag (every slider and pawn double step dragged, reed).",
            "The simulated player answers each question the board asks by touching the square of the game's story, "
                + "as a player at a board with LEDs would (--unanswered: never).",
            "Before the totals, 'questions: Q' counts the questions the board asked, 'mismatches: X' the mismatches "
                + "it reported in games it then followed right to the end, 'corrections: K' how often it withdrew "
                + "committed moves the moves after showed wrong and recorded the right ones (such games are listed "
                + "too), and 'stalled: N' the games where the recognizer stopped following (plies never committed, "
                + "none wrong). Ends with 'games: G, plies: N, correct: C, wrong: W, missed: M, spurious: S', counted "
                + "on the games as recorded in the end; exit code 1 unless W, M and S are all 0."
        },
        footer = {"", "Examples:", "  marelle simulate --pgn games.pgn --profile noisy --seed 7",
            "  marelle simulate --pgn games.pgn --profile hall --scan-hz 24 --dump wrong/",
            "  marelle simulate --pgn games.pgn --profile swap --unanswered"},
        usageHelpAutoWidth = true)
final class SimulateCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Option(names = "--pgn", arity = "1..*", required = true, paramLabel = "FILE",
            description = "game files: PGN (.pgn, .pgn.gz) or JSON Lines games (.jsonl: variant, start_fen, moves_uci)")
    private List<Path> files;

    @Option(names = "--profile", paramLabel = "P", defaultValue = "human", converter = ProfileConverter.class,
            description = "clean, human, noisy, blitz, reed, hall, swap or drag (default: ${DEFAULT-VALUE})")
    private Profile profile;

    @Option(names = "--scan-hz", paramLabel = "N",
            description = "scans per second of the simulated sensors, 1-1000 (default: the profile's, 40 or 50)")
    private Integer scanHz;

    @Option(names = "--debounce", paramLabel = "N",
            description = "identical scans that settle a reading, 1-50 (default: the profile's, 1 or 2)")
    private Integer debounce;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "1", description = "seed of the simulation (default: ${DEFAULT-VALUE})")
    private long seed;

    @Option(names = "--variant", paramLabel = "V", converter = VariantConverter.class,
            description = "only the games of this variant (the variant comes from each game's Variant tag or field)")
    private Variant variant;

    @Option(names = "--threads", paramLabel = "N", description = "games played in parallel (default: the processors)")
    private Integer threads;

    @Option(names = "--unanswered", description = "the simulated person never answers the board's questions (a board"
            + " without LEDs, a trace replayed, an operator away): the board follows only as far as the moves after"
            + " tell the stories apart")
    private boolean unanswered;

    @Option(names = "--search-only", description = "every move decided by the story search alone, the move matcher"
            + " proposing none: a developer's measure of the way to one cost for every decision, not yet as good"
            + " on every profile (docs/recognition.md)")
    private boolean searchOnly;

    @Option(names = "--dump", paramLabel = "DIR",
            description = "write the sensor trace of each game that goes wrong to DIR (replay with marelle recognize)")
    private Path dump;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        int n = threads == null ? Runtime.getRuntime().availableProcessors() : threads;
        if (n < 1) throw new ParameterException(spec.commandLine(), "--threads must be at least 1, got " + n);
        if (scanHz != null && (scanHz < 1 || scanHz > 1000)) {
            throw new ParameterException(spec.commandLine(), "--scan-hz must be within 1..1000, got " + scanHz);
        }
        if (debounce != null && (debounce < 1 || debounce > 50)) {
            throw new ParameterException(spec.commandLine(), "--debounce must be within 1..50, got " + debounce);
        }
        SensorModel base = profile.sensors();
        SensorModel sensors = base.withScanning(scanHz == null ? base.scanHz() : scanHz,
                debounce == null ? base.debounceScans() : debounce);
        err.println("sensors: " + sensors.scanHz() + " Hz, debounce " + sensors.debounceScans() + " scan(s)");
        if (dump != null) Files.createDirectories(dump);
        RecognizerConfig config = RecognizerConfig.defaults().withSearchOnly(searchOnly);
        if (searchOnly) err.println("decisions: the story search alone (--search-only)");
        Tally total = Tally.ZERO;
        long gameIndex = 0;
        boolean unreadable = false, missing = false;
        ExecutorService pool = Executors.newFixedThreadPool(n);
        try {
            for (Path file : files) {
                GameFiles.Contents contents;
                try {
                    contents = GameFiles.read(file);
                } catch (NoSuchFileException e) {
                    out.println(file + ": cannot read: no such file");
                    missing = true;
                    continue;
                } catch (IOException e) {
                    out.println(file + ": cannot read: " + IoReason.of(e, file.toString()));
                    unreadable = true;
                    continue;
                }
                for (GameFiles.Skipped s : contents.skipped()) err.println("skipped: " + s);
                List<Future<GameCheck.Result>> results = new ArrayList<>();
                List<GameFiles.Game> played = new ArrayList<>();
                for (GameFiles.Game g : contents.games()) {
                    if (variant != null && g.variant() != variant) continue;
                    long gameSeed = seed * 1_000_003L + gameIndex++;
                    played.add(g);
                    results.add(pool.submit(() -> GameCheck.run(g.initial(), g.moves(), profile, sensors, gameSeed, config,
                            !unanswered)));
                }
                Tally fileTally = Tally.ZERO;
                for (int i = 0; i < results.size(); i++) {
                    GameCheck.Result r = result(results.get(i));
                    fileTally = fileTally.plus(r);
                    if (!r.ok() || r.corrections() > 0) {
                        GameFiles.Game g = played.get(i);
                        out.println(g.source() + " game " + g.number() + ": " + r.problem());
                        if (dump != null) dumpTrace(g, gameIndex - results.size() + i, sensors);
                    }
                }
                err.println(file + ": " + fileTally);
                err.flush();
                total = total.plus(fileTally);
            }
        } finally {
            pool.shutdownNow();
        }
        if (total.questions() > 0) {
            out.println("questions: " + total.questions() + " (the board could not tell two stories apart and asked; the"
                    + (unanswered ? " simulated player never answered)" : " simulated player touched the square of the game's)"));
        }
        if (total.falseMismatches() > 0) {
            out.println("mismatches: " + total.falseMismatches() + " (reported in games then followed right to the end:"
                    + " on a broadcast board, an alert to the operator for nothing)");
        }
        if (total.corrections() > 0) {
            out.println("corrections: " + total.corrections() + " (moves committed, shown wrong by the moves after,"
                    + " withdrawn and recorded right)");
        }
        out.println("stalled: " + total.stalled());
        out.println(total);
        out.flush();
        // (A file that is not there is a usage error, as for every command; the others were still played.)
        return missing ? 2 : total.perfect() && !unreadable ? 0 : 1;
    }

    private static GameCheck.Result result(Future<GameCheck.Result> f) throws InterruptedException, ExecutionException {
        return f.get();
    }

    /** Writes the settled frames (each at the time the debouncer gives it) and a last tick, as a sensor trace. */
    private void dumpTrace(GameFiles.Game g, long index, SensorModel sensors) throws IOException {
        List<Occupancy> frames = HumanPlaySimulator.frames(g.initial(), g.moves(), profile, sensors,
                seed * 1_000_003L + index);
        List<String> lines = new ArrayList<>(SensorTrace.write(frames));
        long end = frames.isEmpty() ? 0 : frames.get(frames.size() - 1).atMillis();
        RecognizerConfig quiet = RecognizerConfig.defaults();
        lines.add(SensorTrace.tick(end + Math.max(quiet.longestWindow(), quiet.holdMillis()) + 1_000));
        String name = Path.of(g.source()).getFileName() + "-game" + g.number() + "-" + profile + "-" + sensors.scanHz()
                + "hz-d" + sensors.debounceScans() + "-seed" + seed + ".jsonl";
        Files.write(dump.resolve(name), lines, StandardCharsets.UTF_8);
    }

    /** Reads {@code --profile}; an unknown name is a usage error (exit 2). */
    static final class ProfileConverter implements ITypeConverter<Profile> {
        @Override
        public Profile convert(String value) {
            try {
                return Profile.byName(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }
}
