/* Protocol conformance of the firmware's core (docs/serial-protocol.md, version 1), on the fake hardware layer:
 * every example of the document, every checksum in it, the lines a host may get wrong (malformed, overlong, not
 * ASCII, cut off), a host that restarts in the middle of a line, debouncing, heartbeats and a dead sensor chip.
 * Time is the fake clock's, so nothing here depends on how fast the machine is.
 *
 * Usage: conformance DOCS/serial-protocol.md     Prints each failed check; exits 1 when any failed. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "crc16.h"
#include "firmware.h"
#include "hw_fake.h"
#include "matrix.h"

static int checks, failures;
static const char *current;

static void fail(int line, const char *fmt, ...) {
    va_list ap;
    failures++;
    fprintf(stderr, "FAIL %s (conformance.c:%d): ", current, line);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

#define CHECK(cond) \
    do { \
        checks++; \
        if (!(cond)) fail(__LINE__, "%s", #cond); \
    } while (0)

#define CHECK_STR(actual, expected) \
    do { \
        const char *a_ = (actual), *e_ = (expected); \
        checks++; \
        if (strcmp(a_, e_) != 0) fail(__LINE__, "got\n%s\nwanted\n%s", a_, e_); \
    } while (0)

static uint16_t crc_of(const char *s, size_t n) {
    uint16_t crc = CRC16_INITIAL;
    for (size_t i = 0; i < n; i++) crc = crc16_update(crc, (uint8_t)s[i]);
    return crc;
}

/* ---- a board on the fake hardware ---- */

static uint8_t raw[16], state[16], agree[128], rgb[3 * 1024];
static struct fw_board board;
static struct fw fw;

/* Every line the board sends must carry a right checksum; this takes what it sent and checks each line. */
static const char *board_said(void) {
    const char *text = fake_board_take();
    const char *line = text;
    while (*line) {
        const char *end = strchr(line, '\n');
        if (!end) {
            fail(__LINE__, "board output without a final newline: %s", line);
            break;
        }
        size_t n = (size_t)(end - line);
        char crc[5];
        checks++;
        if (n < 6 || line[n - 5] != '*') {
            fail(__LINE__, "board line without a checksum: %.*s", (int)n, line);
        } else {
            snprintf(crc, sizeof crc, "%04X", crc_of(line, n - 5));
            if (memcmp(crc, line + n - 4, 4) != 0) fail(__LINE__, "board line with a wrong checksum: %.*s", (int)n, line);
        }
        line = end + 1;
    }
    return text;
}

/* A board that is about to be switched on: the test may set its sensors before begin(). */
static void prepare(uint8_t sensors, uint16_t leds, const char *name) {
    fake_reset();
    board.sensors = sensors;
    board.leds = leds;
    board.name = name;
    memset(rgb, 0, sizeof rgb);
}

static void begin(void) {
    fw_begin(&fw, &board, raw, state, agree, rgb);
}

static void start(uint8_t sensors, uint16_t leds, const char *name) {
    prepare(sensors, leds, name);
    begin();
}

/* Polls the firmware through `ms` milliseconds, a few polls per millisecond as a busy loop would. */
static void run_for(uint32_t ms) {
    for (uint32_t i = 0; i < ms; i++) {
        fw_poll(&fw);
        fw_poll(&fw);
        fake_now++;
    }
    fw_poll(&fw);
}

static void host_raw(const char *bytes) {
    fake_host_send(bytes, strlen(bytes));
    run_for(1);
}

/* Sends body*CRC and the newline, as Marelle does. */
static void host(const char *body) {
    char line[8000];
    snprintf(line, sizeof line, "%s*%04X\n", body, crc_of(body, strlen(body)));
    host_raw(line);
}

static void set_sensor(int n, int on) {
    if (on) fake_sensors[n / 8] |= (uint8_t)(1u << (n % 8));
    else fake_sensors[n / 8] &= (uint8_t)~(1u << (n % 8));
}

/* "F 0 FFFF00000000FFFF*4208\n": the line with its checksum computed here. */
static const char *line_of(const char *body) {
    static char buf[4][600];
    static int next;
    char *b = buf[next++ % 4];
    snprintf(b, 600, "%s*%04X\n", body, crc_of(body, strlen(body)));
    return b;
}

static int count_of(const char *text, const char *what) {
    int n = 0;
    for (const char *p = text; (p = strstr(p, what)) != 0; p++) n++;
    return n;
}

/* Lines beginning "E ": the board's error reports. */
static int errors_in(const char *text) {
    int n = 0;
    for (const char *line = text; *line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : line + strlen(line)) {
        if (line[0] == 'E' && line[1] == ' ') n++;
    }
    return n;
}

/* The standard start position under sensor n = square n (a1 = 0 ... h8 = 63). */
static void start_position(void) {
    memset(fake_sensors, 0, sizeof fake_sensors);
    for (int n = 0; n < 16; n++) set_sensor(n, 1);
    for (int n = 48; n < 64; n++) set_sensor(n, 1);
}

/* ---- the tests ---- */

static void checksum_check_value(void) {
    CHECK(crc_of("123456789", 9) == 0x29B1);
    CHECK(crc_of("", 0) == 0xFFFF);
}

/* Every "<body>*<CRC>" in the document (what ProtocolDocTest checks on the Java side) has the checksum our CRC
 * gives; shortened examples ("*....") are not lines. */
static void every_checksum_in_the_document(const char *path) {
    FILE *f = fopen(path, "rb");
    CHECK(f != 0);
    if (!f) return;
    static char doc[1 << 17];
    size_t n = fread(doc, 1, sizeof doc - 1, f);
    fclose(f);
    doc[n] = 0;
    static const char *starts[] = {"HELLO ", "F ", "E ", "L "};
    int examples = 0;
    for (size_t i = 0; i < n; i++) {
        if (i > 0 && (doc[i - 1] == '_' || (doc[i - 1] >= '0' && doc[i - 1] <= '9')
                      || ((doc[i - 1] | 0x20) >= 'a' && (doc[i - 1] | 0x20) <= 'z'))) continue;
        for (int s = 0; s < 4; s++) {
            size_t len = strlen(starts[s]);
            if (strncmp(doc + i, starts[s], len) != 0) continue;
            size_t j = i + len;
            while (doc[j] >= 0x20 && doc[j] <= 0x7E && doc[j] != '*') j++;
            if (doc[j] != '*') continue;
            int hex = 1;
            for (int k = 1; k <= 4; k++) {
                char c = doc[j + k];
                if (!((c >= '0' && c <= '9') || (c >= 'A' && c <= 'F'))) hex = 0;
            }
            char after = doc[j + 5];
            if (!hex || (after >= '0' && after <= '9') || ((after | 0x20) >= 'a' && (after | 0x20) <= 'z')) continue;
            char want[5];
            snprintf(want, sizeof want, "%04X", crc_of(doc + i, j - i));
            examples++;
            checks++;
            if (memcmp(want, doc + j + 1, 4) != 0) {
                fail(__LINE__, "the document's %.*s has checksum %.4s, the CRC is %s", (int)(j - i), doc + i, doc + j + 1, want);
            }
            i = j + 4;   /* on after this line's checksum ("L line checksum" inside an E line is not a line) */
            break;
        }
    }
    CHECK(examples >= 12);
}

/* §3 and §6: the document's own examples, line for line, from a 64-sensor, 64-LED board named as in them. */
static void the_whole_session_of_section_6(void) {
    prepare(64, 64, "marelle-uno-0.1");
    start_position();
    begin();
    /* At power-on, unasked: the hello and the board as it stands. */
    CHECK_STR(board_said(), "HELLO 1 64 64 marelle-uno-0.1*B2F9\nF 0 FFFF00000000FFFF*4208\n");
    run_for(100);
    CHECK_STR(board_said(), "");

    host_raw("HELLO 1 marelle*8039\n");
    CHECK_STR(board_said(), "HELLO 1 64 64 marelle-uno-0.1*B2F9\nF 0 FFFF00000000FFFF*4208\n");

    char body[500];
    strcpy(body, "L 0 ");
    for (int i = 0; i < 64; i++) strcat(body, "000000");
    host(body);
    CHECK(fake_leds_count == 64);
    uint8_t dark[3 * 64] = {0};
    CHECK(memcmp(fake_leds, dark, sizeof dark) == 0);

    set_sensor(12, 0);   /* e2 lifted and put on e4, by a quick hand between two scans */
    set_sensor(28, 1);
    run_for(40);
    CHECK_STR(board_said(), "F 1 FFFE00010000FFFF*96BF\n");
    run_for(250);        /* nothing changes: a heartbeat */
    CHECK_STR(board_said(), "F 2 FFFE00010000FFFF*96CD\n");

    strcpy(body, "L 1 ");
    for (int i = 0; i < 64; i++) strcat(body, i == 12 || i == 28 ? "00FF00" : "000000");
    char damaged[600];
    snprintf(damaged, sizeof damaged, "%s*%04X\n", body, crc_of(body, strlen(body)));
    damaged[4 + 6 * 12 + 2] = 'E';   /* one digit of e2's green flipped on the way */
    unsigned shows = fake_leds_shows;
    host_raw(damaged);
    CHECK_STR(board_said(), "E BADCRC L line checksum*D3FC\n");
    CHECK(fake_leds_shows == shows);
    CHECK(memcmp(fake_leds, dark, sizeof dark) == 0);   /* the damaged colours are not shown */
    host(body);          /* Marelle sends it again */
    CHECK_STR(board_said(), "");
    CHECK(fake_leds_shows == shows + 1);
    for (int i = 0; i < 64; i++) {
        int lit = fake_leds[3 * i] == 0 && fake_leds[3 * i + 1] == 0xFF && fake_leds[3 * i + 2] == 0;
        CHECK(lit == (i == 12 || i == 28));
    }
}

/* §3's small examples: a 6-sensor board, and the colour field (which this firmware's sensors never fill, but
 * whose encoding the core has for boards that can tell colours). */
static void the_small_examples_of_section_3(void) {
    prepare(6, 0, "six");
    set_sensor(0, 1);
    set_sensor(5, 1);
    set_sensor(6, 1);    /* beyond the board's 6 sensors (a hardware layer reading whole bytes): must not show */
    set_sensor(7, 1);    /* in the unused high bits of the last digit */
    begin();
    CHECK(strstr(board_said(), "F 0 12*") != 0);
    run_for(40);
    fw.seq = 7;
    run_for(250);
    const char *said = board_said();
    CHECK(strstr(said, "F 7 12*3AE2\n") != 0);

    uint8_t occupied[1] = {0x03}, white[1] = {0x01};
    fw_send_frame(8, occupied, white, 8);
    CHECK_STR(board_said(), "F 8 30 10*D187\n");
}

static void three_leds_of_section_4(void) {
    start(8, 3, "three");
    board_said();
    host_raw("L 3 FF00000000000000FF*AF43\n");
    CHECK_STR(board_said(), "");
    static const uint8_t want[9] = {0xFF, 0, 0, 0, 0, 0, 0, 0, 0xFF};
    CHECK(fake_leds_count == 3);
    CHECK(memcmp(fake_leds, want, 9) == 0);
    /* Upper or lower case colours and checksum are the same line. */
    char body[] = "L 4 00ff00abcdef123456";
    char line[64];
    snprintf(line, sizeof line, "%s*%04x\n", body, crc_of(body, strlen(body)));
    host_raw(line);
    CHECK_STR(board_said(), "");
    static const uint8_t want2[9] = {0, 0xFF, 0, 0xAB, 0xCD, 0xEF, 0x12, 0x34, 0x56};
    CHECK(memcmp(fake_leds, want2, 9) == 0);
}

/* One bad line from the host: the E line it gets, and the LEDs left as they were. */
static void bad(const char *bytes, const char *answer) {
    unsigned shows = fake_leds_shows;
    uint8_t before[6];
    memcpy(before, fake_leds, 6);
    host_raw(bytes);
    current = bytes;
    CHECK_STR(board_said(), answer);
    CHECK(fake_leds_shows == shows);
    CHECK(memcmp(before, fake_leds, 6) == 0);
}

static char *with_crc(const char *body) {
    static char buf[8][200];
    static int next;
    char *b = buf[next++ % 8];
    snprintf(b, 200, "%s*%04X\n", body, crc_of(body, strlen(body)));
    return b;
}

static void malformed_lines_from_the_host(void) {
    start(8, 2, "two");
    host("L 0 1122334455AA");
    board_said();
    const char *name = current;
    bad("L 1 112233445566*0000\n", line_of("E BADCRC L line checksum"));
    bad("HELLO 1 marelle*8038\n", line_of("E BADCRC HELLO line checksum"));
    bad("X 1*0000\n", line_of("E BADCRC line checksum"));
    bad("HELLO 1 marelle\n", line_of("E BADLINE no checksum"));
    bad("L 1 112233445566*12G4\n", line_of("E BADLINE no checksum"));
    bad("*FFFF\n", line_of("E BADLINE no checksum"));
    bad(with_crc("L 1 11223344\xC3\xA9"), line_of("E BADLINE not printable ASCII"));
    bad("L 1 11\r2233445566*0000\r\n", line_of("E BADLINE not printable ASCII"));
    bad(with_crc("L 1 112233445566\t"), line_of("E BADLINE not printable ASCII"));
    bad(with_crc("L  1 112233445566"), line_of("E BADLINE empty field"));
    bad(with_crc("L 1 112233445566 "), line_of("E BADLINE empty field"));
    bad(with_crc(" L 1 112233445566"), line_of("E BADLINE empty field"));
    bad(with_crc("L 1 1122334455GG"), line_of("E BADLINE not a hex colour"));
    bad(with_crc("L 65536 112233445566"), line_of("E BADLINE number out of range"));
    bad(with_crc("L 000001 112233445566"), line_of("E BADLINE number out of range"));
    bad(with_crc("L -1 112233445566"), line_of("E BADLINE not a decimal number"));
    bad(with_crc("L 1 112233445566 00"), line_of("E BADLINE too many fields"));
    bad(with_crc("L 1"), line_of("E BADLINE missing field"));
    bad(with_crc("HELLO"), line_of("E BADLINE missing field"));
    bad(with_crc("L 1 112233"), line_of("E LEDS 6 hex digits for 2 LEDs"));
    bad(with_crc("L 1 11223344556677"), line_of("E LEDS 14 hex digits for 2 LEDs"));
    bad(with_crc("L 1 112233445566778899"), line_of("E LEDS 18 hex digits for 2 LEDs"));
    bad(with_crc("X 1"), line_of("E BADCMD unknown message X"));
    bad(with_crc("l 1 112233445566"), line_of("E BADCMD unknown message l"));
    bad(with_crc("F 0 FF"), line_of("E BADCMD unknown message F"));   /* the board's own lines echoed back */
    bad(with_crc("LEDS 1 112233445566"), line_of("E BADCMD unknown message LEDS"));
    bad(with_crc("ABCDEFGHIJKL 1"), line_of("E BADCMD unknown message ABCDEFGH"));
    bad(with_crc("HELLO 2 marelle"), line_of("E VERSION this board speaks version 1"));
    bad(with_crc("HELLO 10 marelle"), line_of("E VERSION this board speaks version 1"));
    current = name;

    /* Ignored without a word: empty lines, a lone CR before the newline. */
    host_raw("\n\r\n\n");
    CHECK_STR(board_said(), "");

    /* Right lines are still taken after all that, with a CR before the newline too. */
    char good[64];
    snprintf(good, sizeof good, "%s", with_crc("L 9 000000FFFFFF"));
    strcpy(good + strlen(good) - 1, "\r\n");
    host_raw(good);
    CHECK_STR(board_said(), "");
    static const uint8_t want[6] = {0, 0, 0, 0xFF, 0xFF, 0xFF};
    CHECK(memcmp(fake_leds, want, 6) == 0);

    /* Several lines in one burst: each answered, in order. */
    char burst[200];
    snprintf(burst, sizeof burst, "%sjunk\n%s", with_crc("L 10 010203040506"), "HELLO 1 marelle*8039\n");
    host_raw(burst);
    char want_burst[200];
    snprintf(want_burst, sizeof want_burst, "%s%s%s", line_of("E BADLINE no checksum"), line_of("HELLO 1 8 2 two"),
             line_of("F 0 00"));
    CHECK_STR(board_said(), want_burst);
    static const uint8_t want2[6] = {1, 2, 3, 4, 5, 6};
    CHECK(memcmp(fake_leds, want2, 6) == 0);
}

static void overlong_lines_from_the_host(void) {
    start(64, 64, "long");
    board_said();
    unsigned shows = fake_leds_shows;
    /* The longest L line there is for 64 LEDs (401 characters) is fine... */
    char body[1000];
    strcpy(body, "L 65535 ");
    for (int i = 0; i < 64; i++) strcat(body, "0A0B0C");
    host(body);
    CHECK_STR(board_said(), "");
    CHECK(fake_leds_shows == shows + 1);
    CHECK(fake_leds[189] == 0x0A && fake_leds[191] == 0x0C);
    /* ... a line of 100 kB is one E BADLINE, however long it goes on, and costs no memory. */
    static char huge[100001];
    memset(huge, 'L', sizeof huge - 1);
    for (int i = 0; i < 100; i++) {
        fake_host_send(huge + 1000 * i, 1000);
        run_for(1);
    }
    CHECK_STR(board_said(), "");
    host_raw("*1234\n");
    CHECK_STR(board_said(), line_of("E BADLINE line too long"));
    CHECK(fake_leds_shows == shows + 1);
    /* and the next line is read from its start. */
    body[2] = '1';
    for (int i = 0; i < 64; i++) memcpy(body + 8 + 6 * i, "010203", 6);
    host(body);
    CHECK_STR(board_said(), "");
    CHECK(fake_leds_shows == shows + 2);
    CHECK(fake_leds[0] == 1 && fake_leds[191] == 3);
}

static const char *hello_and_empty_frame(void) {
    static char want[100];
    snprintf(want, sizeof want, "%s%s", line_of("HELLO 1 64 64 restart"), line_of("F 0 0000000000000000"));
    return want;
}

/* The host restarts (Marelle reconnecting, or another program opening the port) in the middle of a line. */
static void a_host_that_restarts_in_the_middle_of_a_line(void) {
    start(64, 64, "restart");
    run_for(2000);   /* past the power-on walk */
    host("HELLO 1 marelle");
    board_said();
    unsigned shows = fake_leds_shows;
    uint8_t before[3 * 64];
    memcpy(before, fake_leds, sizeof before);

    /* Straight on: half an L line glued to the new host's hello is one line with a wrong checksum... */
    host_raw("L 7 FF0000FF0000FF00");
    host_raw("HELLO 1 marelle*8039\n");
    CHECK_STR(board_said(), "E BADCRC L line checksum*D3FC\n");
    CHECK(fake_leds_shows == shows);
    /* ... and the host's next hello (it says hello every second until answered) starts a fresh session. */
    run_for(1000);
    board_said();
    host_raw("HELLO 1 marelle*8039\n");
    CHECK_STR(board_said(), hello_and_empty_frame());

    /* After a pause: a line that stopped arriving half-way is dropped once the host has been quiet for
     * FW_STALL_MILLIS, so the new host's very first hello is answered. */
    run_for(300);
    board_said();
    host_raw("L 8 00FF0000FF");
    run_for(FW_STALL_MILLIS - 10);
    CHECK(errors_in(board_said()) == 0);
    run_for(10);
    const char *said = board_said();
    CHECK(strstr(said, line_of("E BADLINE line cut off")) != 0);
    CHECK(errors_in(said) == 1);
    host_raw("HELLO 1 marelle*8039\n");
    CHECK_STR(board_said(), hello_and_empty_frame());
    CHECK(fake_leds_shows == shows);
    CHECK(memcmp(before, fake_leds, sizeof before) == 0);

    /* A slow host is not cut off: bytes a little apart are one line. */
    char body[500];
    strcpy(body, "L 9 ");
    for (int i = 0; i < 64; i++) strcat(body, "102030");
    char line[600];
    snprintf(line, sizeof line, "%s*%04X\n", body, crc_of(body, strlen(body)));
    for (size_t i = 0; line[i]; i++) {
        fake_host_send(line + i, 1);
        run_for(FW_STALL_MILLIS / 4);
    }
    CHECK(errors_in(board_said()) == 0);
    CHECK(fake_leds_shows == shows + 1);
    CHECK(fake_leds[0] == 0x10 && fake_leds[191] == 0x30);
}

/* §3 "When to send": a change reported once the sensor agreed for FW_DEBOUNCE_SCANS scans, bounces never. */
static void debouncing(void) {
    start(64, 0, "bounce");
    run_for(300);
    board_said();
    /* A reed switch closing with 20 ms of bounce, its contact changing every 4 ms. */
    for (int i = 0; i < 5; i++) {
        set_sensor(20, i % 2 == 0);
        run_for(4);
    }
    set_sensor(20, 1);
    const char *said = board_said();
    CHECK(count_of(said, "F ") == 0);
    run_for(FW_DEBOUNCE_SCANS * FW_SCAN_MILLIS);
    said = board_said();
    CHECK(count_of(said, "F ") == 1);
    CHECK(strstr(said, " 0000010000000000*") != 0);
    /* A blip shorter than the debounce: never reported, not even by a heartbeat. */
    set_sensor(40, 1);
    run_for(FW_SCAN_MILLIS);
    set_sensor(40, 0);
    run_for(1000);
    said = board_said();
    CHECK(strstr(said, " 0000010000000000*") != 0);
    CHECK(strstr(said, " 0000010000100000*") == 0);
    /* A sensor that never settles does not hold up another's change. */
    for (int i = 0; i < 20; i++) {
        set_sensor(63, i % 2);
        if (i == 5) set_sensor(0, 1);
        run_for(FW_SCAN_MILLIS);
    }
    said = board_said();
    CHECK(strstr(said, " 1000010000000000*") != 0);
}

static const char *beat_hello(void) {
    static char want[100];
    snprintf(want, sizeof want, "%s%s", line_of("HELLO 1 8 0 beat"), line_of("F 0 00"));
    return want;
}

static void heartbeats_and_sequence_numbers(void) {
    start(8, 0, "beat");
    CHECK_STR(board_said(), beat_hello());
    run_for(10000);
    const char *said = board_said();
    int frames = count_of(said, "F ");
    CHECK(frames >= (int)(10000 / FW_HEARTBEAT_MILLIS) - 1 && frames <= (int)(10000 / FW_HEARTBEAT_MILLIS));
    CHECK(FW_HEARTBEAT_MILLIS <= 500);   /* the protocol's "at least every 500 ms" */
    CHECK(strstr(said, line_of("F 1 00")) == said);
    /* One more per frame, and 65535 wraps to 0. */
    fw.seq = 65534;
    run_for(FW_HEARTBEAT_MILLIS * 3);
    said = board_said();
    CHECK(strstr(said, line_of("F 65534 00")) != 0);
    CHECK(strstr(said, line_of("F 65535 00")) != 0);
    CHECK(strstr(said, line_of("F 0 00")) != 0);
    /* A host's hello starts them again from 0, with a frame at once. */
    fw.seq = 300;
    host("HELLO 1 marelle");
    CHECK_STR(board_said(), beat_hello());
    /* The largest board: 128 sensors in 32 digits. */
    prepare(128, 0, "big");
    for (int n = 0; n < 128; n += 3) set_sensor(n, 1);
    begin();
    /* Sensors 0, 3, 6, ...: digits 9 (0 and 3), 4 (6), 2 (9), 9 (12 and 15), ... repeating every 12 sensors. */
    char want[200];
    snprintf(want, sizeof want, "%s%s", line_of("HELLO 1 128 0 big"),
             line_of("F 0 94294294294294294294294294294294"));
    CHECK_STR(board_said(), want);
}

/* §3 E SENSOR: a chip that does not answer is said at once, again every FW_FAULT_REPEAT_MILLIS while it stays
 * silent, and the frames go on (its squares as they were) so that Marelle keeps the board. */
static void a_sensor_chip_that_does_not_answer(void) {
    start(16, 0, "chips");
    set_sensor(3, 1);
    run_for(100);
    board_said();
    fake_fault = "MCP23017 0x21";
    run_for(FW_SCAN_MILLIS);
    CHECK_STR(board_said(), line_of("E SENSOR MCP23017 0x21 does not answer"));
    run_for(FW_FAULT_REPEAT_MILLIS - 2 * FW_SCAN_MILLIS);
    const char *said = board_said();
    CHECK(count_of(said, "E SENSOR") == 0);
    CHECK(count_of(said, "F ") >= (int)(FW_FAULT_REPEAT_MILLIS / FW_HEARTBEAT_MILLIS) - 2);
    CHECK(strstr(said, " 8000*") != 0);
    int blinks = 0;
    uint8_t last = fake_status;
    for (int i = 0; i < 2000; i++) {
        run_for(1);
        if (fake_status != last) blinks++, last = fake_status;
    }
    CHECK(blinks >= 4);   /* the status LED blinks while a part is silent */
    said = board_said();
    CHECK(count_of(said, "E SENSOR MCP23017 0x21 does not answer*") == 1);
    fake_fault = 0;
    run_for(FW_FAULT_REPEAT_MILLIS * 2);
    CHECK(count_of(board_said(), "E SENSOR") == 0);
    CHECK(fake_status == 1);   /* on again: still no host */
}

/* What the LEDs and the status LED show at power-on (docs/firmware.md). */
static void power_on(void) {
    start(64, 64, "walk");
    CHECK(fake_status == 1);
    CHECK(fake_leds_shows == 1);
    CHECK(fake_leds[0] == 0x30 && fake_leds[1] == 0x30 && fake_leds[2] == 0x30 && fake_leds[3] == 0);
    run_for(FW_WALK_STEP_MILLIS * 10);
    CHECK(fake_leds_shows == 11);
    CHECK(fake_leds[30] == 0x30 && fake_leds[27] == 0 && fake_leds[33] == 0);
    run_for(FW_WALK_STEP_MILLIS * 53);   /* LED 63, the last, alone */
    CHECK(fake_leds_shows == 64 && fake_leds[3 * 63] == 0x30 && fake_leds[3 * 62] == 0);
    run_for(FW_WALK_STEP_MILLIS * 10);   /* then all dim blue */
    CHECK(fake_leds_shows == 65);
    for (int i = 0; i < 64; i++) CHECK(fake_leds[3 * i] == 0 && fake_leds[3 * i + 1] == 0 && fake_leds[3 * i + 2] == 0x20);
    run_for(5000);
    CHECK(fake_leds_shows == 65);   /* steady until Marelle's first L line */
    host("HELLO 1 marelle");
    CHECK(fake_status == 0);

    /* An L line during the walk ends it. */
    start(64, 64, "walk");
    run_for(FW_WALK_STEP_MILLIS * 5);
    char body[500];
    strcpy(body, "L 0 ");
    for (int i = 0; i < 64; i++) strcat(body, "FF00FF");
    host(body);
    unsigned shows = fake_leds_shows;
    run_for(FW_WALK_STEP_MILLIS * 100);
    CHECK(fake_leds_shows == shows);
    CHECK(fake_leds[0] == 0xFF && fake_leds[190] == 0);
}

static void a_board_without_leds(void) {
    start(8, 0, "dark");
    run_for(2000);
    CHECK(fake_leds_shows == 0);
    board_said();
    bad(with_crc("L 0 000000"), line_of("E LEDS 6 hex digits for 0 LEDs"));
    current = "a_board_without_leds";
}

/* The portable matrix scanner (matrix.c) on fake pins: a 3 x 4 matrix, rows on pins 0-2, columns on pins 10-13. */
static int matrix_closed[12];
static uint8_t matrix_active_low;

static uint8_t matrix_pins(uint8_t pin) {
    int column = pin - 10, reads_closed = 0;
    for (int r = 0; r < 3; r++) {
        int selected = fake_pin_level[r] == (matrix_active_low ? 0 : 1);
        if (selected && matrix_closed[r * 4 + column]) reads_closed = 1;
    }
    return (uint8_t)(reads_closed ? !matrix_active_low : matrix_active_low);
}

static void matrix_scanning(void) {
    static const uint8_t rows[3] = {0, 1, 2}, columns[4] = {10, 11, 12, 13};
    for (int low = 0; low <= 1; low++) {
        fake_reset();
        matrix_active_low = (uint8_t)low;
        struct matrix m = {rows, columns, 0, 3, 4, (uint8_t)low, 20};
        matrix_begin(&m);
        for (int r = 0; r < 3; r++) CHECK(fake_pin_is_output[r] && fake_pin_level[r] == low);   /* rows idle */
        for (int c = 0; c < 4; c++) CHECK(!fake_pin_is_output[10 + c]);
        fake_pin_reader = matrix_pins;
        memset(matrix_closed, 0, sizeof matrix_closed);
        matrix_closed[0] = matrix_closed[5] = matrix_closed[11] = 1;   /* row 0 col 0, row 1 col 1, row 2 col 3 */
        uint8_t scan[2] = {0xFF, 0xFF};
        CHECK(matrix_read(&m, scan) == 0);
        CHECK(scan[0] == 0x21 && (scan[1] & 0x0F) == 0x08);   /* sensors 0, 5 and 11: row x 4 + column */
        for (int r = 0; r < 3; r++) CHECK(fake_pin_level[r] == low);   /* every row back to idle */
    }
}

#define RUN(test) (current = #test, test())

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: conformance docs/serial-protocol.md\n");
        return 2;
    }
    RUN(checksum_check_value);
    current = "every_checksum_in_the_document";
    every_checksum_in_the_document(argv[1]);
    RUN(the_whole_session_of_section_6);
    RUN(the_small_examples_of_section_3);
    RUN(three_leds_of_section_4);
    RUN(malformed_lines_from_the_host);
    RUN(overlong_lines_from_the_host);
    RUN(a_host_that_restarts_in_the_middle_of_a_line);
    RUN(debouncing);
    RUN(heartbeats_and_sequence_numbers);
    RUN(a_sensor_chip_that_does_not_answer);
    RUN(power_on);
    RUN(a_board_without_leds);
    RUN(matrix_scanning);
    printf("conformance: %d checks, %d failed\n", checks, failures);
    return failures ? 1 : 0;
}
