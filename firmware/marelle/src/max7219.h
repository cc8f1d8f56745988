/* 64 single-colour LEDs on a MAX7219 (docs/wiring.md §6), its three wires driven from any pins: LED i is digit
 * (row) i / 8, column i % 8 with the first column in the most significant bit, lit when its colour is not black. */
#ifndef MARELLE_MAX7219_H
#define MARELLE_MAX7219_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

struct max7219 {
    uint8_t din, clk, cs;
    uint8_t intensity;   /* 0 to 15 */
};

/* Sets the chip up, every LED off. */
void max7219_begin(const struct max7219 *chip);

void max7219_show(const struct max7219 *chip, const uint8_t *rgb, uint16_t count);

#ifdef __cplusplus
}
#endif

#endif
