/* Marelle's reference firmware: a sensor chessboard's microcontroller speaking Marelle's serial protocol,
 * version 1 (docs/serial-protocol.md). It scans the board's sensors, debounces them, sends a hello and a frame on
 * every change and every 250 ms, and shows the colours Marelle sends on the board's LEDs.
 *
 * The board (sensors, LEDs, pins) is described in config.h; docs/firmware.md says how to wire, build and flash.
 * The protocol, the debouncing and the LED commands are portable C in src/; this sketch only owns the buffers. */
#include <Arduino.h>

#include "config.h"
#include "src/firmware.h"
#include "src/hw.h"

static uint8_t raw[(SENSOR_COUNT + 7) / 8];
static uint8_t state[(SENSOR_COUNT + 7) / 8];
static uint8_t agree[SENSOR_COUNT];
#if LED_COUNT > 0
static uint8_t rgb[3 * LED_COUNT];
#else
static uint8_t *const rgb = 0;
#endif

static const struct fw_board board = {SENSOR_COUNT, LED_COUNT, FIRMWARE_NAME};
static struct fw fw;

void setup() {
    Serial.begin(SERIAL_BAUD);
    pinMode(STATUS_LED_PIN, OUTPUT);
    hw_sensors_begin();
    hw_leds_begin();
    fw_begin(&fw, &board, raw, state, agree, rgb);
}

void loop() {
    fw_poll(&fw);
}
