/* An Uno build of the firmware on a simulated ATmega328P (libsimavr), its pins wired to a simulated board, with a
 * host on its UART, so that the AVR-only code runs for real: the pin scanning, the LED drivers, the serial port.
 *   uno                 64 reed switches in the matrix of docs/firmware.md (rows D2-D9 driven, columns D10-D12 and
 *                       A0-A4 read), 64 WS2812s on A5 decoded from the data pin's edges, their pulses measured
 *                       against the WS2812B datasheet;
 *   uno-hc165-max7219   eight chained 74HC165 (D2-D4), a MAX7219 (D5-D7) decoded into its registers, and the
 *                       chain's data wire coming off;
 *   uno-12x8            a 12 x 8 matrix, rows on D2-D9, its columns read through two chained 74HC165 (D10-D12),
 *                       96 WS2812s on A0.
 *
 * Usage: avr_board ELF PRESET      Prints each failed check; exits 1 when any failed. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <avr_ioport.h>
#include <avr_uart.h>
#include <sim_avr.h>
#include <sim_cycle_timers.h>
#include <sim_elf.h>

#include "crc16.h"

#define HZ 16000000ull
#define MS (HZ / 1000)

static avr_t *avr;
static int failures, checks;

static void fail(int line, const char *fmt, ...) {
    va_list ap;
    failures++;
    fprintf(stderr, "FAIL (avr_board.c:%d): ", line);
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

/* ---- the matrix ---- */

static const struct { char port; int bit; } ROWS[8] = {
    {'D', 2}, {'D', 3}, {'D', 4}, {'D', 5}, {'D', 6}, {'D', 7}, {'B', 0}, {'B', 1}};
static const struct { char port; int bit; } COLUMNS[8] = {
    {'B', 2}, {'B', 3}, {'B', 4}, {'C', 0}, {'C', 1}, {'C', 2}, {'C', 3}, {'C', 4}};
#define SENSORS 96
static int closed[SENSORS];  /* switch n = row x columns + column, as the presets number them */
static int row_low[8];
static avr_irq_t *column_irq[8];

/* What each column reads: low when a closed switch joins it to a row that is pulled low (diodes stop the rest). */
static void drive_columns(void) {
    for (int c = 0; c < 8; c++) {
        int low = 0;
        for (int r = 0; r < 8; r++) low |= row_low[r] && closed[r * 8 + c];
        /* simavr skips a raise that repeats the pin's last raised value, even when the firmware's own port write
         * changed the pin since (its pull-up switched on): raising the other level first makes it take. */
        avr_raise_irq(column_irq[c], low ? 1 : 0);
        avr_raise_irq(column_irq[c], low ? 0 : 1);
    }
}

static avr_cycle_count_t columns_later(avr_t *a, avr_cycle_count_t when, void *param) {
    (void)a;
    (void)when;
    (void)param;
    drive_columns();
    return 0;
}

/* A row pin changed. The columns follow a cycle later: simavr calls this in the middle of the firmware's port
 * write, which then goes on to set the port's input pins from their pull-ups, over what would be set now (rows 6
 * and 7 share port B with columns 0 to 2). The firmware reads the columns 20 us after selecting a row. */
static void on_row(struct avr_irq_t *irq, uint32_t value, void *param) {
    (void)irq;
    row_low[(intptr_t)param] = value == 0;
    if (column_irq[0]) avr_cycle_timer_register(avr, 1, columns_later, 0);   /* columns on pins (not on a chain) */
}

/* ---- the WS2812 chain, decoded from the data pin's edges ---- */

#define FRAMES 400
#define LEDS 96
static uint8_t frames[FRAMES][3 * LEDS];   /* as R, G, B per LED, whatever order the wire had */
static int frame_bits[FRAMES];
static int frame_count;
static uint8_t bits[3 * LEDS * 8 + 64];
static int bit_count;
static avr_cycle_count_t rise, fall;
static int high;
static int t0h_min = 1000, t0h_max, t1h_min = 1000, t1h_max, period_min = 1000, period_max, gap_max;

static void end_frame(void) {
    if (bit_count == 0 || frame_count == FRAMES) return;
    frame_bits[frame_count] = bit_count;
    memset(frames[frame_count], 0, sizeof frames[0]);
    for (int led = 0; led < LEDS && 24 * (led + 1) <= bit_count; led++) {
        uint8_t byte[3] = {0, 0, 0};
        for (int b = 0; b < 24; b++) byte[b / 8] = (uint8_t)(byte[b / 8] << 1 | bits[24 * led + b]);
        /* On the wire green comes first. */
        frames[frame_count][3 * led] = byte[1];
        frames[frame_count][3 * led + 1] = byte[0];
        frames[frame_count][3 * led + 2] = byte[2];
    }
    frame_count++;
    bit_count = 0;
}

static void on_data(struct avr_irq_t *irq, uint32_t value, void *param) {
    (void)irq;
    (void)param;
    avr_cycle_count_t now = avr->cycle;
    if (value && !high) {
        if (bit_count > 0) {
            avr_cycle_count_t since = now - rise;
            if (now - fall > 50 * HZ / 1000000) {
                end_frame();   /* low for more than 50 us: the chain latched */
            } else if (bit_count % 8 != 0) {
                if ((int)since < period_min) period_min = (int)since;
                if ((int)since > period_max) period_max = (int)since;
            } else if ((int)(now - fall) > gap_max) {
                gap_max = (int)(now - fall);
            }
        }
        rise = now;
        high = 1;
    } else if (!value && high) {
        int width = (int)(now - rise);
        int one = width > 9;   /* 0: 6 cycles, 1: 13 */
        if (one) {
            if (width < t1h_min) t1h_min = width;
            if (width > t1h_max) t1h_max = width;
        } else {
            if (width < t0h_min) t0h_min = width;
            if (width > t0h_max) t0h_max = width;
        }
        if (bit_count < (int)sizeof bits) bits[bit_count++] = (uint8_t)one;
        fall = now;
        high = 0;
    }
}

/* ---- the host on the UART ---- */

static char said[1 << 16];
static size_t said_len;
static char to_send[4096];
static size_t send_head, send_tail;
static int xoff;
static avr_irq_t *uart_input;

static void on_output(struct avr_irq_t *irq, uint32_t value, void *param) {
    (void)irq;
    (void)param;
    if (said_len < sizeof said - 1) said[said_len++] = (char)value;
    said[said_len] = 0;
}

static void feed(void) {
    while (!xoff && send_head < send_tail) avr_raise_irq(uart_input, (uint8_t)to_send[send_head++]);
}

static void on_xon(struct avr_irq_t *irq, uint32_t value, void *param) {
    (void)irq;
    (void)value;
    (void)param;
    xoff = 0;
    feed();
}

static void on_xoff(struct avr_irq_t *irq, uint32_t value, void *param) {
    (void)irq;
    (void)value;
    (void)param;
    xoff = 1;
}

static void host(const char *body) {
    uint16_t crc = CRC16_INITIAL;
    for (const char *p = body; *p; p++) crc = crc16_update(crc, (uint8_t)*p);
    send_tail += (size_t)snprintf(to_send + send_tail, sizeof to_send - send_tail, "%s*%04X\n", body, crc);
    feed();
}

static const char *line_of(const char *body) {
    static char buf[4][600];
    static int next;
    char *b = buf[next++ % 4];
    uint16_t crc = CRC16_INITIAL;
    for (const char *p = body; *p; p++) crc = crc16_update(crc, (uint8_t)*p);
    snprintf(b, 600, "%s*%04X\n", body, crc);
    return b;
}

/* ---- running ---- */

static void no_sleep(avr_t *a, avr_cycle_count_t how_long) {
    (void)a;
    (void)how_long;
}

/* Runs the AVR until `done` holds or `ms` simulated milliseconds have passed; true when it held. */
static int run_until(int (*done)(void), unsigned ms) {
    avr_cycle_count_t until = avr->cycle + ms * MS;
    while (avr->cycle < until) {
        if (done && done()) return 1;
        int state = avr_run(avr);
        if (state == cpu_Done || state == cpu_Crashed) {
            fail(__LINE__, "the AVR stopped (state %d)", state);
            return 0;
        }
        feed();
        if (!high && bit_count > 0 && avr->cycle - fall > 50 * HZ / 1000000) end_frame();
    }
    return done ? done() : 1;
}

static const char *wanted;
static int said_it(void) {
    return strstr(said, wanted) != 0;
}

static int run_until_said(const char *text, unsigned ms) {
    wanted = text;
    int ok = run_until(said_it, ms);
    if (!ok) fail(__LINE__, "waited %u ms for \"%s\"; the board said:\n%s", ms, text, said);
    return ok;
}

static int ns(int cycles) {
    return cycles * 125 / 2;   /* 62.5 ns a cycle */
}

static uint8_t scaled(uint8_t v) {
    return (uint8_t)((v * 65u) >> 8);   /* WS2812_BRIGHTNESS 64 */
}

/* ---- the uno preset: reed matrix and WS2812 ---- */

static void uno(void) {
    for (int r = 0; r < 8; r++) {
        avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ(ROWS[r].port), ROWS[r].bit), on_row,
                                (void *)(intptr_t)r);
    }
    for (int c = 0; c < 8; c++) column_irq[c] = avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ(COLUMNS[c].port), COLUMNS[c].bit);
    avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ('C'), 5), on_data, 0);

    /* The start position on the board before power-on: ranks 1, 2, 7 and 8. */
    for (int n = 0; n < 64; n++) closed[n] = n < 16 || n >= 48;
    drive_columns();

    /* Power-on: the hello and the board as it stands, as in the protocol document. */
    run_until_said("HELLO 1 64 64 marelle-uno-0.1*B2F9\nF 0 FFFF00000000FFFF*4208\n", 500);

    /* The LEDs: all off from hw_leds_begin, then the walk, LED 0 alone in dim white, then LED 1 ... */
    run_until(0, 100);
    CHECK(frame_count >= 3);
    CHECK(frame_bits[0] == 64 * 24 && frame_bits[1] == 64 * 24);
    static const uint8_t dark[3 * 64];
    CHECK(memcmp(frames[0], dark, sizeof dark) == 0);
    CHECK(frames[1][0] == scaled(0x30) && frames[1][1] == scaled(0x30) && frames[1][2] == scaled(0x30));
    CHECK(memcmp(frames[1] + 3, dark, sizeof dark - 3) == 0);
    CHECK(frames[2][0] == 0 && frames[2][3] == scaled(0x30) && frames[2][6] == 0);

    /* The host says hello: the board answers, from seq 0. */
    said_len = 0;
    said[0] = 0;
    host("HELLO 1 marelle");
    run_until_said("HELLO 1 64 64 marelle-uno-0.1*B2F9\nF 0 FFFF00000000FFFF*4208\n", 100);

    /* e2 to e4, read through the matrix: e2 (row 1, column 4) opens, e4 (row 3, column 4) closes. */
    closed[12] = 0;
    closed[28] = 1;
    run_until_said("F 1 FFFE00010000FFFF*96BF\n", 100);   /* as in the protocol document */

    /* A heartbeat 250 ms after the last frame, nothing having changed; by millis(), which runs a little slow while
     * the power-on walk writes the LEDs with interrupts off (up to 1 ms lost per update), hence 300 here. */
    size_t before = said_len;
    run_until(0, 300);
    CHECK(strstr(said + before, "F 2 FFFE00010000FFFF*96CD\n") != 0);

    /* The walk over (64 LEDs, 15 ms each), every LED dim blue until Marelle's first L line. */
    run_until(0, 1000);
    CHECK(frame_count > 60 && frame_count < FRAMES);
    int blue = 1;
    for (int i = 0; i < 64; i++) blue &= frames[frame_count - 1][3 * i + 2] == scaled(0x20) && frames[frame_count - 1][3 * i] == 0;
    CHECK(blue);

    /* An L line: its colours on the chain, scaled by the brightness, in GRB on the wire. */
    char body[500];
    strcpy(body, "L 0 ");
    for (int i = 0; i < 64; i++) {
        char colour[7];
        snprintf(colour, sizeof colour, "%02X%02X%02X", 4 * i, 255 - 4 * i, i % 2 ? 0xFF : 0x80);
        strcat(body, colour);
    }
    int frames_before = frame_count;
    host(body);
    run_until(0, 100);
    CHECK(frame_count == frames_before + 1);
    if (frame_count == frames_before + 1) {
        const uint8_t *f = frames[frames_before];
        int right = 1;
        for (int i = 0; i < 64; i++) {
            right &= f[3 * i] == scaled((uint8_t)(4 * i)) && f[3 * i + 1] == scaled((uint8_t)(255 - 4 * i))
                     && f[3 * i + 2] == scaled(i % 2 ? 0xFF : 0x80);
        }
        CHECK(right);
        CHECK(frame_bits[frames_before] == 64 * 24);
    }

    /* The same line damaged on the way: E BADCRC, and the LEDs left alone. */
    frames_before = frame_count;
    body[10] = body[10] == '0' ? '1' : '0';
    uint16_t crc = CRC16_INITIAL;
    char good[8];
    body[10] = body[10] == '0' ? '1' : '0';
    for (const char *p = body; *p; p++) crc = crc16_update(crc, (uint8_t)*p);
    snprintf(good, sizeof good, "*%04X\n", crc);
    body[10] = body[10] == '0' ? '1' : '0';
    send_tail += (size_t)snprintf(to_send + send_tail, sizeof to_send - send_tail, "%s%s", body, good);
    run_until_said(line_of("E BADCRC L line checksum"), 100);
    CHECK(frame_count == frames_before);

    /* The WS2812B datasheet: T0H 0.4 us, T1H 0.8 us, each +-150 ns; a bit 1.25 us +-600 ns; here in cycles of
     * 62.5 ns. Between LEDs the low stretches while the next colour is scaled: the datasheet latches the chain
     * after 50 us, and some clones sooner, so this keeps it under 5 us. */
    printf("avr_board: WS2812 T0H %d-%d ns, T1H %d-%d ns, bit %d-%d ns, longest low between LEDs %d ns\n",
           ns(t0h_min), ns(t0h_max), ns(t1h_min), ns(t1h_max), ns(period_min), ns(period_max), ns(gap_max));
    CHECK(ns(t0h_min) >= 250 && ns(t0h_max) <= 550);
    CHECK(ns(t1h_min) >= 650 && ns(t1h_max) <= 950);
    CHECK(ns(period_min) >= 650 && ns(period_max) <= 1850);
    CHECK(ns(gap_max) <= 5000);

}

/* ---- the uno-hc165-max7219 preset: a 74HC165 chain and a MAX7219 ---- */

/* Eight chained 74HC165 on load D2, clock D3, data D4, one reed switch to GND per input (closed: low): while load
 * is low the chain takes its inputs, each rising clock shifts it on by one, and after the 64 inputs come the low
 * bits that SER of the last chip, tied to GND, shifts in. Bit i out is sensor i (chip i / 8, input H first). */
static int chain_bit, chain_load_low, chain_clock, chain_broken;
static avr_irq_t *chain_data;

/* What the k-th bit out of the chain reads. */
static int one_input_per_sensor(int k) {
    return k < 64 ? !closed[k] : 0;
}

/* uno-12x8: the chain reads the matrix's 12 columns (low: a closed switch on a row pulled low), then chip 1's four
 * unused inputs, pulled up. */
static int matrix_columns(int k) {
    if (k >= 16) return 0;
    if (k >= 12) return 1;
    for (int r = 0; r < 8; r++) {
        if (row_low[r] && closed[r * 12 + k]) return 0;
    }
    return 1;
}

static int (*chain_input)(int k) = one_input_per_sensor;

static avr_cycle_count_t chain_output_later(avr_t *a, avr_cycle_count_t when, void *param) {
    (void)a;
    (void)when;
    (void)param;
    int level = chain_broken ? 1 : chain_input(chain_bit);   /* a wire off: the pull-up */
    avr_raise_irq(chain_data, level ? 0 : 1);   /* the other level first, as for the matrix's columns */
    avr_raise_irq(chain_data, (uint32_t)level);
    return 0;
}

static void on_chain_load(struct avr_irq_t *irq, uint32_t value, void *param) {
    (void)irq;
    (void)param;
    chain_load_low = value == 0;
    if (chain_load_low) chain_bit = 0;
    avr_cycle_timer_register(avr, 1, chain_output_later, 0);   /* after the port write, as for the columns */
}

static void on_chain_clock(struct avr_irq_t *irq, uint32_t value, void *param) {
    (void)irq;
    (void)param;
    if (value && !chain_clock && !chain_load_low) chain_bit++;
    chain_clock = (int)value;
    avr_cycle_timer_register(avr, 1, chain_output_later, 0);
}

/* A MAX7219 on DIN D5, CLK D6, CS D7: 16 bits in on rising clock edges, most significant first, latched into
 * register (word >> 8) when CS rises. */
static int max_din, max_clk, max_cs = 1;
static uint16_t max_word;
static uint8_t max_reg[16];
static int max_writes;

static void on_max_din(struct avr_irq_t *irq, uint32_t value, void *param) {
    (void)irq;
    (void)param;
    max_din = (int)value;
}

static void on_max_clk(struct avr_irq_t *irq, uint32_t value, void *param) {
    (void)irq;
    (void)param;
    if (value && !max_clk && !max_cs) max_word = (uint16_t)(max_word << 1 | (max_din & 1));
    max_clk = (int)value;
}

static void on_max_cs(struct avr_irq_t *irq, uint32_t value, void *param) {
    (void)irq;
    (void)param;
    if (value && !max_cs) {
        max_reg[(max_word >> 8) & 0x0F] = (uint8_t)max_word;
        max_writes++;
    }
    if (!value) max_word = 0;
    max_cs = (int)value;
}

static void notify(char port, int bit, avr_irq_notify_t what) {
    avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ(port), bit), what, 0);
}

/* The eight digit registers (1 to 8) as LEDs 0 to 63: LED i is digit i / 8, column i % 8 from the top bit. */
static int max_shows(const int *lit) {
    for (int i = 0; i < 64; i++) {
        if (((max_reg[1 + i / 8] >> (7 - i % 8)) & 1) != lit[i]) return 0;
    }
    return 1;
}

static void uno_hc165_max7219(void) {
    chain_data = avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ('D'), 4);
    notify('D', 2, on_chain_load);
    notify('D', 3, on_chain_clock);
    notify('D', 5, on_max_din);
    notify('D', 6, on_max_clk);
    notify('D', 7, on_max_cs);
    for (int n = 0; n < 64; n++) closed[n] = n < 16 || n >= 48;

    run_until_said("HELLO 1 64 64 marelle-uno-hc165-0.1*2788\nF 0 FFFF00000000FFFF*4208\n", 500);
    /* The MAX7219 set up: no BCD decoding, eight digits, the configured intensity, on, not in test mode. */
    CHECK(max_reg[0x09] == 0 && max_reg[0x0B] == 7 && max_reg[0x0A] == 8 && max_reg[0x0C] == 1 && max_reg[0x0F] == 0);
    /* The walk's first step: LED 0 alone, the top bit of digit 0. */
    int lit[64] = {0};
    lit[0] = 1;
    CHECK(max_shows(lit));
    run_until(0, 1100);
    for (int i = 0; i < 64; i++) lit[i] = 1;   /* then all lit: dim blue is not black */
    CHECK(max_shows(lit));

    host("HELLO 1 marelle");
    run_until_said("HELLO 1 64 64 marelle-uno-hc165-0.1*2788\nF 0 FFFF00000000FFFF*4208\n", 100);
    /* e2 to e4: chip 1's input D opens, chip 3's input D closes; the frame of the protocol document. */
    closed[12] = 0;
    closed[28] = 1;
    run_until_said("F 1 FFFE00010000FFFF*96BF\n", 100);

    /* e2 and e4 green: those two LEDs on, the rest off. */
    char body[500];
    strcpy(body, "L 1 ");
    for (int i = 0; i < 64; i++) strcat(body, i == 12 || i == 28 ? "00FF00" : "000000");
    host(body);
    run_until(0, 50);
    memset(lit, 0, sizeof lit);
    lit[12] = lit[28] = 1;
    CHECK(max_shows(lit));
    CHECK(max_reg[2] == 0x08 && max_reg[4] == 0x08);

    /* The data wire comes off: the chain does not answer, the frames go on with the squares as they were. */
    chain_broken = 1;
    run_until_said(line_of("E SENSOR 74HC165 chain does not answer"), 100);
    size_t before = said_len;
    run_until(0, 600);
    CHECK(strstr(said + before, " FFFE00010000FFFF*") != 0);
    CHECK(strstr(said + before, "E SENSOR") == 0);   /* said again only after 5 s */
    /* Mended: the next change is seen. */
    chain_broken = 0;
    closed[28] = 0;
    before = said_len;
    run_until(0, 100);
    CHECK(strstr(said + before, " FFFE00000000FFFF*") != 0);
}

/* ---- the uno-12x8 preset: a 12 x 8 matrix, its columns on two 74HC165, 96 WS2812 ---- */

static void uno_12x8(void) {
    for (int r = 0; r < 8; r++) {
        avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ(ROWS[r].port), ROWS[r].bit), on_row,
                                (void *)(intptr_t)r);
    }
    chain_input = matrix_columns;
    chain_data = avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ('B'), 4);
    notify('B', 2, on_chain_load);
    notify('B', 3, on_chain_clock);
    notify('C', 0, on_data);
    /* Courier chess's start position: ranks 1, 2, 7 and 8 of 12 files. */
    for (int n = 0; n < 96; n++) closed[n] = n < 24 || n >= 72;

    char want[200];
    snprintf(want, sizeof want, "%s%s", line_of("HELLO 1 96 96 marelle-uno-12x8-0.1"),
             line_of("F 0 FFFFFF000000000000FFFFFF"));
    run_until_said(want, 500);
    run_until(0, 100);
    CHECK(frame_count >= 2 && frame_bits[0] == 96 * 24);
    CHECK(frames[1][0] == scaled(0x30) && frames[1][3] == 0);

    /* e2 (row 1, column 4: sensor 16) to e4 (row 3, column 4: sensor 40). */
    closed[16] = 0;
    closed[40] = 1;
    run_until_said(" FFFFEF000010000000FFFFFF*", 100);

    run_until(0, 1500);   /* past the walk */
    char body[700];
    strcpy(body, "L 0 ");
    for (int i = 0; i < 96; i++) {
        char colour[7];
        snprintf(colour, sizeof colour, "%02X%02X%02X", 2 * i, 0x40, 255 - 2 * i);
        strcat(body, colour);
    }
    int frames_before = frame_count;
    host(body);
    run_until(0, 100);
    CHECK(frame_count == frames_before + 1);
    int right = frame_bits[frames_before] == 96 * 24;
    for (int i = 0; i < 96; i++) {
        const uint8_t *f = frames[frames_before];
        right &= f[3 * i] == scaled((uint8_t)(2 * i)) && f[3 * i + 1] == scaled(0x40)
                 && f[3 * i + 2] == scaled((uint8_t)(255 - 2 * i));
    }
    CHECK(right);
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: avr_board ELF PRESET     (uno, uno-hc165-max7219, uno-12x8)\n");
        return 2;
    }
    elf_firmware_t firmware;
    memset(&firmware, 0, sizeof firmware);
    if (elf_read_firmware(argv[1], &firmware) != 0) {
        fprintf(stderr, "avr_board: cannot read %s\n", argv[1]);
        return 2;
    }
    avr = avr_make_mcu_by_name("atmega328p");
    if (!avr) return 2;
    avr_init(avr);
    avr->log = 0;            /* quiet */
    firmware.frequency = (uint32_t)HZ;
    avr_load_firmware(avr, &firmware);
    avr->sleep = no_sleep;   /* as fast as the machine goes, not in real time */

    uint32_t flags = 0;
    avr_ioctl(avr, AVR_IOCTL_UART_GET_FLAGS('0'), &flags);
    flags &= ~(uint32_t)AVR_UART_FLAG_STDIO;
    avr_ioctl(avr, AVR_IOCTL_UART_SET_FLAGS('0'), &flags);
    uart_input = avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_INPUT);
    avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUTPUT), on_output, 0);
    avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUT_XON), on_xon, 0);
    avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUT_XOFF), on_xoff, 0);

    if (!strcmp(argv[2], "uno")) uno();
    else if (!strcmp(argv[2], "uno-hc165-max7219")) uno_hc165_max7219();
    else if (!strcmp(argv[2], "uno-12x8")) uno_12x8();
    else {
        fprintf(stderr, "avr_board: no simulated board for preset %s\n", argv[2]);
        return 2;
    }
    printf("avr_board: %d checks, %d failed\n", checks, failures);
    return failures ? 1 : 0;
}
