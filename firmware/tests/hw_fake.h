/* The hardware layer in the conformance tests' hands: the clock, the sensors, the bytes from the host, and a
 * record of what the board sent, showed and lit. */
#ifndef MARELLE_HW_FAKE_H
#define MARELLE_HW_FAKE_H

#include <stddef.h>
#include <stdint.h>

extern uint32_t fake_now;               /* what hw_millis() returns */
extern uint8_t fake_sensors[16];        /* what hw_sensors_read() reads; sensor n in bit n % 8 of byte n / 8 */
extern const char *fake_fault;          /* when not 0, hw_sensors_read() reports it and leaves the bits alone */
extern uint8_t fake_leds[3 * 1024];     /* the colours of the last hw_leds_show() */
extern uint16_t fake_leds_count;
extern unsigned fake_leds_shows;        /* calls of hw_leds_show() */
extern uint8_t fake_status;             /* the status LED */

/* Pins: what was last written to each, and what an input reads (fake_pin_reader, when set, decides). */
extern uint8_t fake_pin_level[64];
extern uint8_t fake_pin_is_output[64];
extern uint8_t (*fake_pin_reader)(uint8_t pin);

/* Bytes the host sends: queued, read by the firmware on its next polls. */
void fake_host_send(const char *bytes, size_t n);
size_t fake_host_pending(void);

/* What the board sent since the last call, as a string; the record starts again empty. */
const char *fake_board_take(void);

void fake_reset(void);

#endif
