/* The hardware layer: everything the portable core (firmware.c and the files it uses) needs from a
 * microcontroller. A port to another chip implements these functions and nothing else. The Arduino sketch's
 * implementation is hw_arduino.cpp (serial, clock, status LED, pins), one sensors_*.cpp that points the portable
 * scanners at config.h's pins (or reads MCP23017s over I2C), and one leds_* file; the host build's is
 * firmware/host/hw_host.c, whose pins are a simulated matrix. */
#ifndef MARELLE_HW_H
#define MARELLE_HW_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Milliseconds since start; wraps after 49 days, so the core only ever compares differences. */
uint32_t hw_millis(void);

/* The next byte received from the host, or -1 when none is waiting. Never blocks. */
int hw_serial_read(void);

/* Sends one byte to the host (may wait while the transmit buffer is full). */
void hw_serial_write(uint8_t byte);

/* Sets the sensors up (pins, pull-ups, expanders). */
void hw_sensors_begin(void);

/* Reads every sensor once into raw: sensor n in bit n % 8 of raw[n / 8], 1 when it sees a piece. Returns 0 when
 * all went well, or a short text naming what did not answer ("MCP23017 0x21"), in which case the bits of that part
 * are left as they were (its squares keep their last state). */
const char *hw_sensors_read(uint8_t *raw);

/* Sets the LED hardware up, all LEDs off. */
void hw_leds_begin(void);

/* Shows count colours, three bytes (red, green, blue) per LED, LED 0 first, until the next call. */
void hw_leds_show(const uint8_t *rgb, uint16_t count);

/* The board's own status LED (the Arduino's "L"): on while no host has said hello. */
void hw_status_led(uint8_t on);

/* Pins, for the portable scanners and drivers (matrix.c, hc165.c, max7219.c); a port whose sensors and LEDs need
 * none of them may leave these out. Pin numbers are the platform's own (Arduino pin numbers on an Arduino). */
void hw_pin_output(uint8_t pin, uint8_t level);   /* an output, driven at level (0 low, 1 high) */
void hw_pin_input(uint8_t pin, uint8_t pull_up);  /* an input, with the chip's pull-up or floating */
void hw_pin_write(uint8_t pin, uint8_t level);
uint8_t hw_pin_read(uint8_t pin);                 /* 1 high, 0 low */
void hw_delay_us(uint16_t us);

#ifdef __cplusplus
}
#endif

#endif
