/* Sensors on a 74HC165 chain, one input per sensor (docs/wiring.md §3): sensor 8 x chip + k is the k-th bit out of
 * the chip, input H first, chip 0 being the one whose QH goes to the Arduino. */
#include "config.h"

#if SENSORS == SENSORS_HC165
#include <Arduino.h>

#include "hc165.h"
#include "src/hw.h"

extern "C" void hw_sensors_begin(void) {
    hc165_begin();
}

extern "C" const char *hw_sensors_read(uint8_t *raw) {
    uint8_t levels[HC165_CHIPS];
    for (uint8_t c = 0; c < HC165_CHIPS; c++) levels[c] = raw[c];   /* kept as they were if the chain fails */
    if (!hc165_read(levels, HC165_CHIPS)) return "74HC165 chain";
    for (uint8_t c = 0; c < HC165_CHIPS && 8 * c < SENSOR_COUNT; c++) {
        raw[c] = HC165_ACTIVE_LOW ? (uint8_t)~levels[c] : levels[c];
    }
    return 0;
}
#endif
