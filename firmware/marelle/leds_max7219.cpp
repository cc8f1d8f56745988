/* 64 single-colour LEDs on a MAX7219 (docs/wiring.md §6), its three wires bit-banged from any pins: LED i is digit
 * (row) i / 8, column i % 8 with the first column in the most significant bit, lit when its colour is not black. */
#include "config.h"

#if LEDS == LEDS_MAX7219
#include <Arduino.h>

#include "src/hw.h"

#define REG_DIGIT0 0x01
#define REG_DECODE 0x09
#define REG_INTENSITY 0x0A
#define REG_SCAN_LIMIT 0x0B
#define REG_SHUTDOWN 0x0C
#define REG_TEST 0x0F

static void send(uint8_t reg, uint8_t value) {
    uint16_t word = (uint16_t)(reg << 8 | value);
    digitalWrite(MAX7219_CS_PIN, LOW);
    for (int8_t bit = 15; bit >= 0; bit--) {   /* most significant bit first, taken on the clock's rising edge */
        digitalWrite(MAX7219_DIN_PIN, (word >> bit) & 1 ? HIGH : LOW);
        digitalWrite(MAX7219_CLK_PIN, HIGH);
        digitalWrite(MAX7219_CLK_PIN, LOW);
    }
    digitalWrite(MAX7219_CS_PIN, HIGH);   /* the rising edge of LOAD latches the word */
}

extern "C" void hw_leds_begin(void) {
    pinMode(MAX7219_DIN_PIN, OUTPUT);
    pinMode(MAX7219_CLK_PIN, OUTPUT);
    pinMode(MAX7219_CS_PIN, OUTPUT);
    digitalWrite(MAX7219_CLK_PIN, LOW);
    digitalWrite(MAX7219_CS_PIN, HIGH);
    send(REG_TEST, 0);
    send(REG_DECODE, 0);          /* raw segments, no BCD font */
    send(REG_SCAN_LIMIT, 7);      /* all eight digits */
    send(REG_INTENSITY, MAX7219_INTENSITY);
    for (uint8_t d = 0; d < 8; d++) send((uint8_t)(REG_DIGIT0 + d), 0);
    send(REG_SHUTDOWN, 1);        /* out of shutdown, after the digits are cleared: no flash of old contents */
}

extern "C" void hw_leds_show(const uint8_t *rgb, uint16_t count) {
    for (uint8_t d = 0; d < 8; d++) {
        uint8_t row = 0;
        for (uint8_t c = 0; c < 8; c++) {
            uint16_t i = (uint16_t)(8 * d + c);
            if (i < count && (rgb[3 * i] | rgb[3 * i + 1] | rgb[3 * i + 2])) row |= (uint8_t)(0x80u >> c);
        }
        send((uint8_t)(REG_DIGIT0 + d), row);
    }
}
#endif
