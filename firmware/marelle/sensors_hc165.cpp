/* Sensors on a 74HC165 chain (src/hc165.c), one input per sensor (docs/wiring.md §3): sensor 8 x chip + k is the
 * k-th bit out of the chip, input H first, chip 0 being the one whose QH goes to the Arduino. */
#include "config.h"

#if SENSORS == SENSORS_HC165
#include <Arduino.h>   /* pin names: A0 ... */

#include "src/hc165.h"
#include "src/hw.h"

static const struct hc165 chain = {HC165_LOAD_PIN, HC165_CLOCK_PIN, HC165_DATA_PIN, HC165_CHIPS};

extern "C" void hw_sensors_begin(void) {
    hc165_begin(&chain);
}

extern "C" const char *hw_sensors_read(uint8_t *raw) {
    uint8_t levels[HC165_CHIPS];
    if (!hc165_read(&chain, levels)) return "74HC165 chain";   /* the squares keep their last state */
    for (uint8_t c = 0; c < HC165_CHIPS && 8 * c < SENSOR_COUNT; c++) {
        raw[c] = HC165_ACTIVE_LOW ? (uint8_t)~levels[c] : levels[c];   /* active low: a closed switch reads 0 */
    }
    return 0;
}
#endif
