#include "hw_fake.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hw.h"

uint32_t fake_now;
uint8_t fake_sensors[16];
const char *fake_fault;
uint8_t fake_leds[3 * 1024];
uint16_t fake_leds_count;
unsigned fake_leds_shows;
uint8_t fake_status;
uint8_t fake_pin_level[64];
uint8_t fake_pin_is_output[64];
uint8_t (*fake_pin_reader)(uint8_t pin);

static char in[1 << 16];
static size_t in_head, in_tail;
static char out[1 << 20];
static size_t out_len;
static char taken[1 << 20];

void fake_reset(void) {
    fake_now = 1000;
    memset(fake_sensors, 0, sizeof fake_sensors);
    fake_fault = 0;
    memset(fake_leds, 0, sizeof fake_leds);
    fake_leds_count = 0;
    fake_leds_shows = 0;
    fake_status = 0;
    in_head = in_tail = 0;
    out_len = 0;
    memset(fake_pin_level, 0, sizeof fake_pin_level);
    memset(fake_pin_is_output, 0, sizeof fake_pin_is_output);
    fake_pin_reader = 0;
}

void fake_host_send(const char *bytes, size_t n) {
    if (in_head == in_tail) in_head = in_tail = 0;   /* all read: start the queue over */
    if (in_tail + n > sizeof in) {
        fprintf(stderr, "hw_fake: host input overflows\n");
        exit(2);
    }
    memcpy(in + in_tail, bytes, n);
    in_tail += n;
}

size_t fake_host_pending(void) {
    return in_tail - in_head;
}

const char *fake_board_take(void) {
    memcpy(taken, out, out_len);
    taken[out_len] = 0;
    out_len = 0;
    return taken;
}

uint32_t hw_millis(void) {
    return fake_now;
}

int hw_serial_read(void) {
    if (in_head == in_tail) return -1;
    return (uint8_t)in[in_head++];
}

void hw_serial_write(uint8_t byte) {
    if (out_len + 1 >= sizeof out) {
        fprintf(stderr, "hw_fake: board output overflows\n");
        exit(2);
    }
    out[out_len++] = (char)byte;
}

void hw_sensors_begin(void) {
}

const char *hw_sensors_read(uint8_t *raw) {
    if (fake_fault) return fake_fault;
    memcpy(raw, fake_sensors, 16);
    return 0;
}

void hw_leds_begin(void) {
}

void hw_leds_show(const uint8_t *rgb, uint16_t count) {
    memcpy(fake_leds, rgb, 3u * count);
    fake_leds_count = count;
    fake_leds_shows++;
}

void hw_status_led(uint8_t on) {
    fake_status = on;
}

void hw_pin_output(uint8_t pin, uint8_t level) {
    fake_pin_is_output[pin] = 1;
    fake_pin_level[pin] = level;
}

void hw_pin_input(uint8_t pin, uint8_t pull_up) {
    fake_pin_is_output[pin] = 0;
    fake_pin_level[pin] = pull_up;
}

void hw_pin_write(uint8_t pin, uint8_t level) {
    fake_pin_level[pin] = level;
}

uint8_t hw_pin_read(uint8_t pin) {
    return fake_pin_reader ? fake_pin_reader(pin) : fake_pin_level[pin];
}

void hw_delay_us(uint16_t us) {
    (void)us;
}
