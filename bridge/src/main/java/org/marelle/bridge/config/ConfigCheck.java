package org.marelle.bridge.config;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.marelle.board.SensorMapping;
import org.marelle.bridge.recognition.RecognizerConfig;
import org.marelle.bridge.session.GameTags;
import org.marelle.bridge.session.TimeControl;
import org.marelle.geometry.BoardGeometry;
import org.marelle.rules.Variant;

/** The checks of a bound configuration: every value in range, pins that exist and do not clash, sizes that fit. */
final class ConfigCheck {

    /** The GPIO lines on the Raspberry Pi's 40-pin header (BCM numbers). */
    static final int MAX_GPIO = 27;

    private final List<ConfigException.Problem> problems;
    private final Map<String, Integer> lines;
    /** Pins already used, with the key that uses them. */
    private final Map<Integer, String> pins = new HashMap<>();
    private final Map<Integer, String> reservedBy = new HashMap<>();

    private ConfigCheck(List<ConfigException.Problem> problems, Map<String, Integer> lines) {
        this.problems = problems;
        this.lines = lines;
    }

    static void check(MarelleConfig c, List<ConfigException.Problem> problems, Map<String, Integer> lines) {
        new ConfigCheck(problems, lines).all(c);
    }

    /** A hub's configuration: its broadcast and publish sections only (the loader refused the others). */
    static void checkHub(MarelleConfig c, List<ConfigException.Problem> problems, Map<String, Integer> lines) {
        ConfigCheck check = new ConfigCheck(problems, lines);
        if (c == null) {
            check.problem("", "the file is empty; a hub's configuration has a broadcast section, a publish section,"
                    + " or both");
            return;
        }
        check.broadcast(c.broadcast());
        if (c.publish() != null) check.publish(c.publish());
    }

    private void problem(String path, String message) {
        problems.add(new ConfigException.Problem(path, message, lineOf(path)));
    }

    private int lineOf(String path) {
        return ConfigLoader.lineOf(path, lines);
    }

    private void all(MarelleConfig c) {
        if (c == null) {
            problem("", "the file is empty; it needs at least a board section with its driver");
            return;
        }
        BoardGeometry geometry = board(c.board(), c.leds());
        leds(c.leds(), c.board(), geometry);
        recognition(c.recognition());
        game(c.game());
        output(c.output());
        broadcast(c.broadcast());
        play(c.play(), c.board());
        if (c.publish() != null) publish(c.publish());
    }

    /** The publish section: the broker's address and the topic levels (the credentials file is read at start). */
    private void publish(PublishConfig p) {
        PublishConfig.Mqtt m = p.mqtt();
        if (m == null) {
            problem("publish.mqtt", "missing: the broker to publish to (url: tcp://HOST:1883)");
            return;
        }
        if (m.url() == null) problem("publish.mqtt.url", "missing: the broker, tcp://HOST:1883 or ssl://HOST:8883");
        else if (!org.marelle.bridge.mqtt.BoardTopics.isBrokerUrl(m.url())) {
            problem("publish.mqtt.url", "'" + m.url() + "' is not tcp://HOST:PORT or ssl://HOST:PORT");
        }
        if (!org.marelle.bridge.mqtt.BoardTopics.isLevel(m.prefix())) problem("publish.mqtt.prefix", "'" + m.prefix() + "' must be 1 to 64 letters, digits, '.', '-' or '_'");
        if (m.round() != null && !org.marelle.bridge.mqtt.BoardTopics.isLevel(m.round())) {
            problem("publish.mqtt.round", "'" + m.round() + "' must be 1 to 64 letters, digits, '.', '-' or '_'");
        }
        if (m.clientId() != null && !m.clientId().matches("[A-Za-z0-9._-]{1,23}")) {
            problem("publish.mqtt.clientId", "'" + m.clientId() + "' must be 1 to 23 letters, digits, '.', '-' or '_'");
        }
    }

    /** The play section: what can be checked without starting the engine (which the daemon does at start). */
    private void play(PlayConfig p, BoardConfig b) {
        if (p == null) return;
        if (!p.opponent().equals("engine") && !p.opponent().equals("lichess")) {
            problem("play.opponent", "'" + p.opponent() + "' is not engine or lichess");
        }
        if (!PlayConfig.SIDES.contains(p.side())) problem("play.side", "'" + p.side() + "' is not white, black or random");
        if (p.timeControl() != null) {
            try {
                if (TimeControl.parse(p.timeControl()).isEmpty()) problem("play.timeControl", "'" + p.timeControl() + "' sets no clock");
            } catch (IllegalArgumentException e) {
                problem("play.timeControl", e.getMessage());
            }
        }
        if (p.opponent().equals("lichess")) {
            lichess(p.lichess(), b);
            return;
        }
        if (p.engine() == null || p.engine().command() == null || p.engine().command().isBlank()) {
            problem("play.engine.command", "missing: the engine to play (stockfish, fairy-stockfish, or a path)");
            return;
        }
        PlayConfig.Engine e = p.engine();
        if (e.skill() != null && (e.skill() < 0 || e.skill() > 20)) problem("play.engine.skill", e.skill() + " is not between 0 and 20");
        if (e.elo() != null && (e.elo() < 500 || e.elo() > 3500)) problem("play.engine.elo", e.elo() + " is not between 500 and 3500");
        if (e.moveTime() != null && (e.moveTime() < 1 || e.moveTime() > 3_600_000)) {
            problem("play.engine.moveTime", e.moveTime() + " ms is not between 1 and 3600000");
        }
        if (e.depth() != null && (e.depth() < 1 || e.depth() > 99)) problem("play.engine.depth", e.depth() + " is not between 1 and 99");
        if (b != null) {
            try {
                org.marelle.bridge.play.EngineSettings.variantOptions(Variant.byName(b.variant()));
            } catch (IllegalArgumentException x) {
                problem("play.engine", x.getMessage());
            }
        }
    }

    // ---- board -----------------------------------------------------------------------------------------------------

    private BoardGeometry board(BoardConfig b, LedConfig leds) {
        if (b == null) {
            problem("board", "missing: the board section is required (at least its driver)");
            return BoardGeometry.CHESS;
        }
        BoardGeometry g = BoardGeometry.CHESS;
        try {
            g = Variant.byName(b.variant()).geometry();
        } catch (IllegalArgumentException e) {
            problem("board.variant", e.getMessage());
        }
        if (b.files() != null && b.files() != g.files()) {
            problem("board.files", "the variant " + b.variant() + " is played on " + g.files() + " files, not " + b.files());
        }
        if (b.ranks() != null && b.ranks() != g.ranks()) {
            problem("board.ranks", "the variant " + b.variant() + " is played on " + g.ranks() + " ranks, not " + b.ranks());
        }
        range("board.debounceScans", b.debounceScans(), 1, 50);
        range("board.scanHz", b.scanHz(), 1, 1000);
        if (!b.sensorType().equals("hall") && !b.sensorType().equals("reed")) {
            problem("board.sensorType", "'" + b.sensorType() + "' is no sensor type (hall or reed)");
        }
        reserveSpiPins(leds);
        int sensors = driver(b.driver(), g);
        sensors(b.sensors(), g, sensors);
        return g;
    }

    /** Marks the pins an SPI bus takes, so that a sensor pin on them is reported. */
    private void reserveSpiPins(LedConfig leds) {
        Integer bus = switch (leds) {
            case LedConfig.Ws2812 w -> w.spiBus();
            case LedConfig.Max7219 m -> m.spiBus();
            case null, default -> null;
        };
        if (bus == null) return;
        String what = "leds (" + (leds instanceof LedConfig.Ws2812 ? "ws2812" : "max7219") + " on SPI " + bus + ")";
        Map<Integer, String> spi = switch (bus) {
            case 0 -> Map.of(7, "SPI0 CE1", 8, "SPI0 CE0", 9, "SPI0 MISO", 10, "SPI0 MOSI", 11, "SPI0 SCLK");
            case 1 -> Map.of(16, "SPI1 CE2", 17, "SPI1 CE1", 18, "SPI1 CE0", 19, "SPI1 MISO", 20, "SPI1 MOSI",
                    21, "SPI1 SCLK");
            default -> Map.of();
        };
        spi.forEach((pin, name) -> reservedBy.put(pin, name + ", which " + what + " uses"));
    }

    /** Checks the driver; returns how many sensors the hardware reads (0 when unknown). */
    private int driver(DriverConfig d, BoardGeometry g) {
        String at = "board.driver";
        int squares = g.squareCount();
        switch (d) {
            case null -> {
                problem(at, "missing: one of " + String.join(", ", DriverConfig.TYPES));
                return 0;
            }
            case DriverConfig.GpioMatrix m -> {
                boolean ok = pinList(at + ".rows", m.rows()) & pinList(at + ".columns", m.columns());
                range(at + ".settleMicros", m.settleMicros(), 0, 10_000);
                if (!ok) return 0;
                int n = m.rows().size() * m.columns().size();
                if (n > 128) {
                    problem(at, "a " + m.rows().size() + "x" + m.columns().size() + " matrix has " + n
                            + " sensors; at most 128 are supported");
                }
                return n;
            }
            case DriverConfig.Mcp23017 m -> {
                range(at + ".bus", m.bus(), 0, 22);
                if (m.addresses() == null || m.addresses().isEmpty()) {
                    problem(at + ".addresses", "missing: the chips' I2C addresses, 0x20 to 0x27");
                    return 0;
                }
                if (m.addresses().size() > 8) {
                    problem(at + ".addresses", m.addresses().size() + " chips; a bus takes at most 8 (0x20 to 0x27)");
                }
                Map<Integer, Integer> seen = new HashMap<>();
                for (int i = 0; i < m.addresses().size(); i++) {
                    Integer a = m.addresses().get(i);
                    String p = at + ".addresses[" + i + "]";
                    if (a == null) problem(p, "missing address");
                    else if (a < 0x20 || a > 0x27) problem(p, "0x" + Integer.toHexString(a) + " is not an MCP23017 address (0x20 to 0x27)");
                    else if (seen.putIfAbsent(a, i) != null) {
                        problem(p, "0x" + Integer.toHexString(a) + " is also addresses[" + seen.get(a) + "]");
                    }
                }
                return m.addresses().size() * 16;
            }
            case DriverConfig.Hc165 h -> {
                pin(at + ".load", h.load());
                pin(at + ".clock", h.clock());
                pin(at + ".data", h.data());
                range(at + ".pulseMicros", h.pulseMicros(), 0, 10_000);
                int chips = h.chips() == null ? (squares + 7) / 8 : h.chips();
                if (h.chips() != null) range(at + ".chips", h.chips(), 1, 16);
                return chips * 8;
            }
            case DriverConfig.Serial s -> {
                if (s.port() == null || s.port().isBlank()) {
                    problem(at + ".port", "missing: the serial device, e.g. /dev/ttyACM0 or /dev/serial/by-id/...");
                }
                range(at + ".baud", s.baud(), 300, 4_000_000);
                return 128;   // the board says how many sensors it has when it connects
            }
            case DriverConfig.Simulated s -> {
                if (s.listen() != null) range(at + ".listen", s.listen(), 0, 65535);
                return squares;
            }
        }
    }

    private boolean pinList(String path, List<Integer> list) {
        if (list == null || list.isEmpty()) {
            problem(path, "missing: a list of GPIO numbers");
            return false;
        }
        boolean ok = true;
        for (int i = 0; i < list.size(); i++) ok &= pin(path + "[" + i + "]", list.get(i));
        return ok;
    }

    private boolean pin(String path, Integer pin) {
        if (pin == null) {
            problem(path, "missing: a GPIO number (0 to " + MAX_GPIO + ")");
            return false;
        }
        if (pin < 0 || pin > MAX_GPIO) {
            problem(path, "GPIO " + pin + " does not exist (the 40-pin header has GPIO 0 to " + MAX_GPIO + ")");
            return false;
        }
        String other = pins.putIfAbsent(pin, path);
        if (other != null) {
            problem(path, "GPIO " + pin + " is also " + other.substring("board.driver.".length()));
            return false;
        }
        String reserved = reservedBy.get(pin);
        if (reserved != null) {
            problem(path, "GPIO " + pin + " is " + reserved);
            return false;
        }
        return true;
    }

    private void sensors(SensorsConfig s, BoardGeometry g, int hardwareSensors) {
        String at = "board.sensors";
        rotation(at + ".rotation", s.rotation());
        int squares = g.squareCount();
        if (s.table() != null) {
            try {
                SensorMapping m = SensorMapping.parse(g.files(), g.ranks(), s.table());
                if (hardwareSensors > 0 && m.sensorCount() > hardwareSensors) {
                    problem(at + ".table", "names " + m.sensorCount() + " sensors but the driver reads " + hardwareSensors);
                }
                for (int sq = 0; sq < squares; sq++) {
                    if (m.sensor(sq) == SensorMapping.UNUSED) {
                        problem(at + ".table", "no sensor watches " + g.squareName(sq));
                        break;
                    }
                }
            } catch (IllegalArgumentException e) {
                problem(at + ".table", e.getMessage());
            }
        } else if (hardwareSensors > 0 && hardwareSensors < squares) {
            problem("board.driver", "the hardware reads " + hardwareSensors + " sensors but the " + g.files() + "x"
                    + g.ranks() + " board has " + squares + " squares");
        }
    }

    // ---- leds ------------------------------------------------------------------------------------------------------

    private void leds(LedConfig l, BoardConfig board, BoardGeometry g) {
        String at = "leds";
        switch (l) {
            case LedConfig.None n -> {
            }
            case LedConfig.Ws2812 w -> {
                range(at + ".spiBus", w.spiBus(), 0, 6);
                range(at + ".spiChannel", w.spiChannel(), 0, 2);
                range(at + ".brightness", w.brightness(), 0, 255);
                range(at + ".maxMilliamps", w.maxMilliamps(), 0, 100_000);
                layout(at + ".layout", w.layout());
                range(at + ".blinkMillis", w.blinkMillis(), 100, 60_000);
            }
            case LedConfig.Max7219 m -> {
                range(at + ".spiBus", m.spiBus(), 0, 6);
                range(at + ".spiChannel", m.spiChannel(), 0, 2);
                range(at + ".intensity", m.intensity(), 0, 15);
                layout(at + ".layout", m.layout());
                if (!m.layout().placement().equals(LedLayoutConfig.PER_SQUARE)) {
                    problem(at + ".layout.placement", "a MAX7219 matrix has one LED per square: per-square only");
                }
                if (g.files() != 8 || g.ranks() != 8) {
                    problem(at + ".type", "a MAX7219 matrix is 8x8; this board is " + g.files() + "x" + g.ranks());
                }
                range(at + ".blinkMillis", m.blinkMillis(), 100, 60_000);
            }
            case LedConfig.Board b -> {
                if (board != null && !(board.driver() instanceof DriverConfig.Serial)) {
                    problem(at + ".type", "board LEDs are driven through a serial board; board.driver is not serial");
                }
                layout(at + ".layout", b.layout());
                range(at + ".blinkMillis", b.blinkMillis(), 100, 60_000);
            }
        }
    }

    private void layout(String at, LedLayoutConfig l) {
        if (!Set.of(LedLayoutConfig.PER_SQUARE, LedLayoutConfig.CORNERS).contains(l.placement())) {
            problem(at + ".placement", "'" + l.placement() + "' is not per-square or corners");
        }
        rotation(at + ".rotation", l.rotation());
    }

    // ---- the rest --------------------------------------------------------------------------------------------------

    private void recognition(RecognitionSettings r) {
        String at = "recognition";
        String mode = r.mode().toLowerCase(Locale.ROOT);
        if (!mode.equals("casual") && !mode.equals("tournament")) {
            problem(at + ".mode", "'" + r.mode() + "' is not casual or tournament");
            return;
        }
        window(at + ".settleMillis", r.settleMillis());
        window(at + ".slideMillis", r.slideMillis());
        window(at + ".castlingMillis", r.castlingMillis());
        window(at + ".captureMillis", r.captureMillis());
        window(at + ".promotionMillis", r.promotionMillis());
        window(at + ".takebackMillis", r.takebackMillis());
        window(at + ".newGameMillis", r.newGameMillis());
        window(at + ".resultMillis", r.resultMillis());
        window(at + ".mismatchMillis", r.mismatchMillis());
        window(at + ".proofMillis", r.proofMillis());
        range(at + ".takebackPlies", r.takebackPlies(), 0, 100);
        if (problems.isEmpty()) {
            try {
                RecognizerConfig unused = r.toRecognizerConfig();
            } catch (IllegalArgumentException e) {
                problem(at, e.getMessage());
            }
        }
    }

    private void lichess(PlayConfig.Lichess l, BoardConfig b) {
        if (l == null) {
            problem("play.lichess", "missing: the Lichess account (tokenFile or tokenEnv) for opponent: lichess");
            return;
        }
        if (!l.url().matches("https?://[^\\s/]+(:[0-9]+)?/?")) problem("play.lichess.url", "'" + l.url() + "' is not an http(s) address");
        if (l.tokenFile() == null && l.tokenEnv() == null) {
            problem("play.lichess", "a token is needed: tokenFile (a file holding it) or tokenEnv (a variable), with the"
                    + " board:play scope");
        }
        try {
            TimeControl tc = TimeControl.parse(l.clock()).orElse(null);
            if (tc == null || tc.periods().size() != 1 || tc.periods().get(0).moves() != 0) {
                problem("play.lichess.clock", "'" + l.clock() + "' is not SECONDS+INCREMENT, e.g. 300+3");
            }
        } catch (IllegalArgumentException e) {
            problem("play.lichess.clock", e.getMessage());
        }
        if (l.seek() && l.challenge() != null) {
            problem("play.lichess.seek", "seek a game or challenge " + l.challenge() + ", not both");
        }
        if (!List.of("white", "black", "random").contains(l.color())) {
            problem("play.lichess.color", "'" + l.color() + "' is not white, black or random");
        }
        if (b != null && !List.of("standard", "chess960").contains(b.variant())) {
            problem("play.opponent", "Lichess plays standard and chess960 games, not " + b.variant());
        }
    }

    private void window(String path, long millis) {
        if (millis < 0 || millis > 3_600_000) problem(path, millis + " ms is not between 0 and 3600000");
    }

    private void game(GameConfig g) {
        for (Map.Entry<String, String> t : g.tags().entrySet()) {
            String path = "game.tags." + t.getKey();
            try {
                GameTags.checkName(t.getKey());
                GameTags.checkValue(t.getKey(), t.getValue());
                // The game's clocks run from it: a time control the session cannot read would silently mean none.
                if (t.getKey().equals(GameTags.TIME_CONTROL)) TimeControl.parse(t.getValue());
            } catch (IllegalArgumentException e) {
                problem(path, e.getMessage());
            }
        }
    }

    private void output(OutputConfig o) {
        if (o.pgnDirectory().isBlank()) problem("output.pgnDirectory", "empty: a directory is needed");
        if (o.stateDirectory().isBlank()) problem("output.stateDirectory", "empty: a directory is needed");
    }

    /**
     * The broadcast section, every bad key at once: ranges and the address here; then what only
     * {@link org.marelle.bridge.broadcast.BroadcastConfig} knows (a notation, a viewer language, a token, a Lichess
     * round), asked one key at a time, so that one bad key does not hide the next. Its messages start with the key
     * path.
     */
    private void broadcast(BroadcastSettings b) {
        if (b == null) return;
        String at = "broadcast";
        if (b.bind() != null) bind(at + ".bind", b.bind());
        range(at + ".port", b.port(), 0, 65535);
        range(at + ".delay", b.delay(), 0, 3600);
        range(at + ".keepAlive", b.keepAlive(), 1, 3600);
        range(at + ".eventLog", b.eventLog(), 16, 1_000_000);
        int before = problems.size();
        BroadcastSettings.Lichess l = b.lichess();
        if (l != null) {
            if (l.round() == null) problem(at + ".lichess.round", "missing: the round's id (8 letters or digits)");
            if (l.token() == null) problem(at + ".lichess.token", "missing: a Lichess token with the study:write scope");
            range(at + ".lichess.initialBackoff", l.initialBackoff(), 1, 3600);
            range(at + ".lichess.maxBackoff", l.maxBackoff(), 1, 3600);
            range(at + ".lichess.timeout", l.timeout(), 1, 600);
        }
        alone(() -> new BroadcastSettings(null, null, b.token(), null, null, null, null, null, null).toBroadcastConfig());
        alone(() -> new BroadcastSettings(null, null, null, null, b.notation(), null, null, null, null)
                .toBroadcastConfig());
        alone(() -> new BroadcastSettings(null, null, null, null, null, b.language(), null, null, null)
                .toBroadcastConfig());
        if (l != null && problems.size() == before) alone(l::toLichessConfig);
    }

    /** Runs one of BroadcastConfig's checks; its refusal, whose message starts with the key path, is a problem. */
    private void alone(Runnable check) {
        try {
            check.run();
        } catch (IllegalArgumentException | NullPointerException e) {
            String m = String.valueOf(e.getMessage());
            int colon = m.indexOf(": ");
            if (m.startsWith("broadcast.") && colon > 0) problem(m.substring(0, colon), m.substring(colon + 2));
            else problem("broadcast", m);
        }
    }

    private static final Pattern IPV4_LIKE = Pattern.compile("[0-9.]+");
    private static final Pattern HOST_NAME = Pattern.compile(
            "(?i)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*");

    /**
     * An address to listen on: an IPv4 address (four numbers 0 to 255), an IPv6 address, or a host name. Whether it
     * is one of this machine's is known only at start, which then names the key too; a check must not wait for DNS.
     */
    private void bind(String path, String address) {
        String a = address.strip();
        String expected = " (an IPv4 address such as 127.0.0.1 or 0.0.0.0, an IPv6 address such as ::1, or a host name)";
        if (a.isEmpty()) {
            problem(path, "empty: an address is needed, e.g. 127.0.0.1 or 0.0.0.0");
        } else if (IPV4_LIKE.matcher(a).matches()) {
            String[] parts = a.split("\\.", -1);
            boolean ok = parts.length == 4;
            for (String part : parts) {
                ok &= !part.isEmpty() && part.length() <= 3 && Integer.parseInt(part) <= 255;
            }
            if (!ok) problem(path, "'" + address + "' is not an IPv4 address: four numbers from 0 to 255" + expected);
        } else if (a.contains(":")) {
            try {
                // A literal with a colon is never looked up: this only parses it.
                if (!a.matches("[0-9A-Fa-f:.%a-zA-Z]+")) throw new UnknownHostException(a);
                InetAddress.getByName(a.startsWith("[") ? a : "[" + a + "]");
            } catch (UnknownHostException e) {
                problem(path, "'" + address + "' is not an IPv6 address" + expected);
            }
        } else if (a.length() > 253 || !HOST_NAME.matcher(a).matches()) {
            problem(path, "'" + address + "' is not an address" + expected);
        }
    }

    private void rotation(String path, int degrees) {
        if (degrees != 0 && degrees != 90 && degrees != 180 && degrees != 270) {
            problem(path, degrees + " is not 0, 90, 180 or 270");
        }
    }

    private void range(String path, Integer value, int min, int max) {
        if (value != null && (value < min || value > max)) {
            problem(path, value + " is not between " + min + " and " + max);
        }
    }
}
