#include "firmware.h"

#include "hw.h"
#include "line_out.h"

static void send_hello(struct fw *fw) {
    line_begin();
    line_text("HELLO 1 ");
    line_number(fw->board->sensors);
    line_char(' ');
    line_number(fw->board->leds);
    line_char(' ');
    line_text(fw->board->name);
    line_end();
}

void fw_send_frame(uint16_t seq, const uint8_t *occupied, const uint8_t *white, uint8_t sensors) {
    line_begin();
    line_text("F ");
    line_number(seq);
    line_char(' ');
    line_bits(occupied, sensors);
    if (white) {
        line_char(' ');
        line_bits(white, sensors);
    }
    line_end();
}

static void send_frame(struct fw *fw, uint32_t now) {
    fw_send_frame(fw->seq++, fw->debounce.state, 0, fw->board->sensors);   /* 65535 wraps to 0 by itself */
    fw->last_frame = now;
}

/* "E <code> <text>" where the text is up to three pieces, any of which may be 0. No text, no space: the host
 * drops a line that ends in one. */
static void send_error(const char *code, const char *a, const char *b, const char *c) {
    line_begin();
    line_text("E ");
    line_text(code);
    if ((a && *a) || (b && *b) || (c && *c)) line_char(' ');
    if (a) line_text(a);
    if (b) line_text(b);
    if (c) line_text(c);
    line_end();
}

static void fill_leds(struct fw *fw, uint32_t colour) {
    for (uint16_t i = 0; i < fw->board->leds; i++) {
        fw->rgb[3 * i] = (uint8_t)(colour >> 16);
        fw->rgb[3 * i + 1] = (uint8_t)(colour >> 8);
        fw->rgb[3 * i + 2] = (uint8_t)colour;
    }
}

/* The power-on walk lights each LED alone in chain order (a dead LED, or a chain wired in another order than
 * expected, shows at once), then all of them dim blue until the host's first LED command. */
static void walk(struct fw *fw, uint32_t now) {
    uint16_t leds = fw->board->leds;
    if (fw->walk_next > leds) return;
    /* The LED buffer is also where an L line's colours land as they arrive: never touch it in the middle of one. */
    if (host_line_pending(&fw->line)) return;
    uint32_t step = (now - fw->walk_start) / FW_WALK_STEP_MILLIS;
    if (step > leds) step = leds;
    if (step < fw->walk_next) return;
    if (step < leds) {
        fill_leds(fw, 0);
        fw->rgb[3 * step] = (uint8_t)(FW_WALK_COLOUR >> 16);
        fw->rgb[3 * step + 1] = (uint8_t)(FW_WALK_COLOUR >> 8);
        fw->rgb[3 * step + 2] = (uint8_t)FW_WALK_COLOUR;
    } else {
        fill_leds(fw, FW_IDLE_COLOUR);
    }
    fw->walk_next = (uint16_t)(step + 1);
    hw_leds_show(fw->rgb, leds);
}

static void stop_walk(struct fw *fw) {
    fw->walk_next = (uint16_t)(fw->board->leds + 1);
}

void fw_begin(struct fw *fw, const struct fw_board *board, uint8_t *raw, uint8_t *state, uint8_t *count,
              uint8_t *rgb) {
    uint32_t now = hw_millis();
    fw->board = board;
    fw->raw = raw;
    fw->rgb = rgb;
    for (uint8_t i = 0; i < (uint8_t)((board->sensors + 7) / 8); i++) raw[i] = 0;
    fw->fault = hw_sensors_read(raw);
    debounce_init(&fw->debounce, state, count, board->sensors, FW_DEBOUNCE_SCANS, raw);
    host_line_init(&fw->line, rgb, board->leds);
    fw->seq = 0;
    fw->last_scan = now;
    fw->last_byte = now;
    fw->fault_said = now;
    fw->walk_start = now;
    fw->walk_next = 0;
    fw->host_seen = 0;
    fw->status = 1;
    hw_status_led(1);
    send_hello(fw);
    send_frame(fw, now);
    if (fw->fault) send_error("SENSOR", fw->fault, " does not answer", 0);
    if (board->leds) walk(fw, now);
    else stop_walk(fw);
}

static void answer(struct fw *fw, enum host_result r, uint32_t now) {
    struct host_line *p = &fw->line;
    char count[6], leds[6];
    switch (r) {
    case HOST_NOTHING:
        break;
    case HOST_HELLO:
        /* A host that (re)connects starts afresh: hello, then the board as it stands, from seq 0. */
        fw->host_seen = 1;
        fw->seq = 0;
        send_hello(fw);
        send_frame(fw, now);
        break;
    case HOST_LEDS:
        stop_walk(fw);
        hw_leds_show(fw->rgb, fw->board->leds);
        break;
    case HOST_BAD_LINE:
        send_error("BADLINE", p->problem, 0, 0);
        break;
    case HOST_BAD_CRC:
        send_error("BADCRC", p->command_known ? p->command : 0, p->command_known ? " " : 0, "line checksum");
        break;
    case HOST_BAD_COMMAND:
        send_error("BADCMD", "unknown message ", p->command, 0);
        break;
    case HOST_BAD_VERSION:
        send_error("VERSION", "this board speaks version 1", 0, 0);
        break;
    case HOST_BAD_LED_COUNT: {
        /* "E LEDS 390 hex digits for 64 LEDs" */
        uint16_t n = p->colours, m = fw->board->leds;
        uint8_t i = sizeof count - 1, j = sizeof leds - 1;
        count[i] = 0;
        leds[j] = 0;
        do count[--i] = (char)('0' + n % 10), n /= 10; while (n);
        do leds[--j] = (char)('0' + m % 10), m /= 10; while (m);
        line_begin();
        line_text("E LEDS ");
        line_text(count + i);
        line_text(" hex digits for ");
        line_text(leds + j);
        line_text(" LEDs");
        line_end();
        break;
    }
    }
}

static void read_host(struct fw *fw, uint32_t now) {
    int byte;
    while ((byte = hw_serial_read()) >= 0) {
        fw->last_byte = now;
        answer(fw, host_line_feed(&fw->line, (uint8_t)byte), now);
    }
    /* A host that went away in the middle of a line (unplugged, restarted) would glue the rest of it to its next
     * hello; a line that stopped arriving is dropped instead, so the next hello is answered at once. */
    if (now - fw->last_byte >= FW_STALL_MILLIS && host_line_drop(&fw->line)) {
        send_error("BADLINE", "line cut off", 0, 0);
    }
}

static void scan(struct fw *fw, uint32_t now) {
    fw->last_scan = now;
    const char *fault = hw_sensors_read(fw->raw);
    if (fault && (!fw->fault || now - fw->fault_said >= FW_FAULT_REPEAT_MILLIS)) {
        send_error("SENSOR", fault, " does not answer", 0);
        fw->fault_said = now;
    }
    fw->fault = fault;
    if (debounce_scan(&fw->debounce, fw->raw)) send_frame(fw, now);
}

static void show_status(struct fw *fw, uint32_t now) {
    /* On: waiting for a host. Blinking: a sensor part does not answer. Off: all is well. */
    uint8_t status = fw->fault ? (uint8_t)((now / 250u) & 1u) : (uint8_t)!fw->host_seen;
    if (status != fw->status) {
        fw->status = status;
        hw_status_led(status);
    }
}

void fw_poll(struct fw *fw) {
    uint32_t now = hw_millis();
    read_host(fw, now);
    if (now - fw->last_scan >= FW_SCAN_MILLIS) scan(fw, now);
    if (now - fw->last_frame >= FW_HEARTBEAT_MILLIS) send_frame(fw, now);
    if (fw->board->leds) walk(fw, now);
    show_status(fw, now);
}
