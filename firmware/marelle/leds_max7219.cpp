/* The LEDs on a MAX7219 (src/max7219.c), its three wires on config.h's pins. */
#include "config.h"

#if LEDS == LEDS_MAX7219
#include <Arduino.h>   /* pin names: A0 ... */

#include "src/hw.h"
#include "src/max7219.h"

static const struct max7219 chip = {MAX7219_DIN_PIN, MAX7219_CLK_PIN, MAX7219_CS_PIN, MAX7219_INTENSITY};

extern "C" void hw_leds_begin(void) {
    max7219_begin(&chip);
}

extern "C" void hw_leds_show(const uint8_t *rgb, uint16_t count) {
    max7219_show(&chip, rgb, count);
}
#endif
