#include "max7219.h"

#include "hw.h"

#define REG_DIGIT0 0x01
#define REG_DECODE 0x09
#define REG_INTENSITY 0x0A
#define REG_SCAN_LIMIT 0x0B
#define REG_SHUTDOWN 0x0C
#define REG_TEST 0x0F

static void send(const struct max7219 *chip, uint8_t reg, uint8_t value) {
    uint16_t word = (uint16_t)(reg << 8 | value);
    hw_pin_write(chip->cs, 0);
    for (int8_t bit = 15; bit >= 0; bit--) {   /* most significant bit first, taken on the clock's rising edge */
        hw_pin_write(chip->din, (uint8_t)((word >> bit) & 1u));
        hw_pin_write(chip->clk, 1);
        hw_pin_write(chip->clk, 0);
    }
    hw_pin_write(chip->cs, 1);   /* the rising edge of LOAD latches the word */
}

void max7219_begin(const struct max7219 *chip) {
    hw_pin_output(chip->din, 0);
    hw_pin_output(chip->clk, 0);
    hw_pin_output(chip->cs, 1);
    send(chip, REG_TEST, 0);
    send(chip, REG_DECODE, 0);          /* raw segments, no BCD font */
    send(chip, REG_SCAN_LIMIT, 7);      /* all eight digits */
    send(chip, REG_INTENSITY, chip->intensity & 0x0F);
    for (uint8_t d = 0; d < 8; d++) send(chip, (uint8_t)(REG_DIGIT0 + d), 0);
    send(chip, REG_SHUTDOWN, 1);        /* out of shutdown, after the digits are cleared: no flash of old contents */
}

void max7219_show(const struct max7219 *chip, const uint8_t *rgb, uint16_t count) {
    for (uint8_t d = 0; d < 8; d++) {
        uint8_t row = 0;
        for (uint8_t c = 0; c < 8; c++) {
            uint16_t i = (uint16_t)(8 * d + c);
            if (i < count && (rgb[3 * i] | rgb[3 * i + 1] | rgb[3 * i + 2])) row |= (uint8_t)(0x80u >> c);
        }
        send(chip, (uint8_t)(REG_DIGIT0 + d), row);
    }
}
