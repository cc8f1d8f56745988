#include "hw_host.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "hw.h"
#include "matrix.h"

static int master = -1, slave = -1;
static const struct script *script;
static FILE *leds_log, *received_log;
static struct timespec started;
static int heard;              /* the host has sent its first byte: the script's clock runs from then */
static uint32_t heard_at;
static uint8_t in[512];
static size_t in_len, in_pos;
static char out[4096];
static size_t out_len;

const char *hw_host_open(const char *link) {
    clock_gettime(CLOCK_MONOTONIC, &started);
    master = posix_openpt(O_RDWR | O_NOCTTY);
    if (master < 0 || grantpt(master) != 0 || unlockpt(master) != 0) return 0;
    const char *device = ptsname(master);
    if (!device) return 0;
    /* Our own descriptor on the device keeps the pty alive while Marelle closes and reopens it, and setting it
     * raw at once means nothing is echoed or cooked before Marelle sets its own modes. */
    slave = open(device, O_RDWR | O_NOCTTY);
    if (slave < 0) return 0;
    struct termios t;
    if (tcgetattr(slave, &t) != 0) return 0;
    cfmakeraw(&t);
    if (tcsetattr(slave, TCSANOW, &t) != 0) return 0;
    fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK);
    unlink(link);
    if (symlink(device, link) != 0) return 0;
    return device;
}

void hw_host_attach(const struct script *s, FILE *leds, FILE *received) {
    script = s;
    leds_log = leds;
    received_log = received;
}

void hw_host_wait(int millis) {
    if (in_pos < in_len) return;
    struct pollfd p = {master, POLLIN, 0};
    poll(&p, 1, millis);
}

void hw_host_close(const char *link) {
    unlink(link);
    if (slave >= 0) close(slave);
    if (master >= 0) close(master);
}

uint32_t hw_millis(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint32_t)((now.tv_sec - started.tv_sec) * 1000 + (now.tv_nsec - started.tv_nsec) / 1000000);
}

int hw_serial_read(void) {
    if (in_pos == in_len) {
        ssize_t n = read(master, in, sizeof in);
        if (n <= 0) return -1;
        in_len = (size_t)n;
        in_pos = 0;
        if (!heard) {
            heard = 1;
            heard_at = hw_millis();
        }
        if (received_log) {
            fwrite(in, 1, in_len, received_log);
            fflush(received_log);
        }
    }
    return in[in_pos++];
}

void hw_serial_write(uint8_t byte) {
    out[out_len++] = (char)byte;
    if (byte != '\n' && out_len < sizeof out) return;
    /* A whole line at once. With nobody reading, a full pty refuses it: dropped, as a UART's bytes go nowhere. */
    size_t done = 0;
    while (done < out_len) {
        ssize_t n = write(master, out + done, out_len - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        done += (size_t)n;
    }
    out_len = 0;
}

/* The sensors are a diode matrix, scanned by the firmware's own matrix.c through the pins below: rank r is row r
 * (pin r), file f column f (pin COLUMN_PIN0 + f), so sensor = rank x files + file, as the script numbers them. */
#define COLUMN_PIN0 32
static uint8_t row_pins[26], column_pins[26], row_level[COLUMN_PIN0];
static struct matrix host_matrix;
static uint8_t closed[16];
static uint32_t closed_at = UINT32_MAX;

void hw_sensors_begin(void) {
    for (uint8_t r = 0; r < script->ranks; r++) row_pins[r] = r;
    for (uint8_t f = 0; f < script->files; f++) column_pins[f] = (uint8_t)(COLUMN_PIN0 + f);
    host_matrix.rows = row_pins;
    host_matrix.columns = column_pins;
    host_matrix.chain = 0;
    host_matrix.row_count = script->ranks;
    host_matrix.column_count = script->files;
    host_matrix.active_low = 1;
    host_matrix.settle_us = 20;
    matrix_begin(&host_matrix);
}

const char *hw_sensors_read(uint8_t *raw) {
    return matrix_read(&host_matrix, raw);
}

void hw_pin_output(uint8_t pin, uint8_t level) {
    hw_pin_write(pin, level);
}

void hw_pin_input(uint8_t pin, uint8_t pull_up) {
    (void)pin;
    (void)pull_up;
}

void hw_pin_write(uint8_t pin, uint8_t level) {
    if (pin < COLUMN_PIN0) row_level[pin] = level;
}

/* A column reads low when a closed switch joins it to a row pulled low (the diodes keep the others out). */
uint8_t hw_pin_read(uint8_t pin) {
    uint32_t now = hw_millis();
    if (now != closed_at) {   /* the script's switches, once a millisecond */
        script_sensors(script, heard ? now - heard_at : 0, closed);
        closed_at = now;
    }
    uint8_t f = (uint8_t)(pin - COLUMN_PIN0);
    for (uint8_t r = 0; r < script->ranks; r++) {
        unsigned n = (unsigned)r * script->files + f;
        if (!row_level[r] && (closed[n / 8] >> (n % 8) & 1u)) return 0;
    }
    return 1;
}

void hw_delay_us(uint16_t us) {
    (void)us;   /* a simulated matrix settles at once */
}

void hw_leds_begin(void) {
}

void hw_leds_show(const uint8_t *rgb, uint16_t count) {
    if (!leds_log) return;
    for (uint16_t i = 0; i < 3 * count; i++) fprintf(leds_log, "%02X", rgb[i]);
    fputc('\n', leds_log);
    fflush(leds_log);
}

void hw_status_led(uint8_t on) {
    (void)on;
}
