/* A diode matrix (docs/wiring.md §1): rows driven one at a time, columns read, on the Arduino's pins or, where
 * pins run short, through a 74HC165 chain (column k is the k-th bit out of the chain, input H of chip 0 first).
 * Sensor number = row x columns + column. */
#include "config.h"

#if SENSORS == SENSORS_MATRIX
#include <Arduino.h>

#include "src/hw.h"
#if COLUMNS_ON_HC165
#include "hc165.h"
#endif

static const uint8_t rows[MATRIX_ROWS] = ROW_PINS;
#if !COLUMNS_ON_HC165
static const uint8_t columns[MATRIX_COLUMNS] = COLUMN_PINS;
#endif

/* Active low: the selected row is pulled low, and a closed switch pulls its column low through its diode. */
#define ROW_SELECTED (MATRIX_ACTIVE_LOW ? LOW : HIGH)
#define ROW_IDLE (MATRIX_ACTIVE_LOW ? HIGH : LOW)
#define CLOSED (MATRIX_ACTIVE_LOW ? LOW : HIGH)

extern "C" void hw_sensors_begin(void) {
    for (uint8_t r = 0; r < MATRIX_ROWS; r++) {
        pinMode(rows[r], OUTPUT);
        digitalWrite(rows[r], ROW_IDLE);
    }
#if COLUMNS_ON_HC165
    hc165_begin();
#else
    /* Active high needs pull-downs of 10 kohm on the columns: an AVR has pull-ups only. */
    for (uint8_t c = 0; c < MATRIX_COLUMNS; c++) pinMode(columns[c], MATRIX_ACTIVE_LOW ? INPUT_PULLUP : INPUT);
#endif
}

static void put(uint8_t *raw, uint8_t n, uint8_t on) {
    if (on) raw[n / 8] |= (uint8_t)(1u << (n % 8));
    else raw[n / 8] &= (uint8_t)~(1u << (n % 8));
}

extern "C" const char *hw_sensors_read(uint8_t *raw) {
    const char *fault = 0;
    for (uint8_t r = 0; r < MATRIX_ROWS; r++) {
        digitalWrite(rows[r], ROW_SELECTED);
        delayMicroseconds(MATRIX_SETTLE_MICROS);
#if COLUMNS_ON_HC165
        uint8_t levels[HC165_CHIPS];
        if (hc165_read(levels, HC165_CHIPS)) {
            for (uint8_t c = 0; c < MATRIX_COLUMNS; c++) {
                uint8_t high = (levels[c / 8] >> (c % 8)) & 1u;
                put(raw, (uint8_t)(r * MATRIX_COLUMNS + c), high == (CLOSED == HIGH));
            }
        } else {
            fault = "74HC165 chain";   /* this row's squares keep their last state */
        }
#else
        for (uint8_t c = 0; c < MATRIX_COLUMNS; c++) {
            put(raw, (uint8_t)(r * MATRIX_COLUMNS + c), digitalRead(columns[c]) == CLOSED);
        }
#endif
        digitalWrite(rows[r], ROW_IDLE);
    }
    return fault;
}
#endif
