/* The sensors of a diode matrix (src/matrix.c) on config.h's pins: rows driven one at a time, columns read on pins
 * or through a 74HC165 chain. */
#include "config.h"

#if SENSORS == SENSORS_MATRIX
#include <Arduino.h>   /* pin names: A0 ... */

#include "src/hw.h"
#include "src/matrix.h"

static const uint8_t rows[MATRIX_ROWS] = ROW_PINS;
#if COLUMNS_ON_HC165
static const struct hc165 chain = {HC165_LOAD_PIN, HC165_CLOCK_PIN, HC165_DATA_PIN, HC165_CHIPS};
static const struct matrix board_matrix = {rows, 0, &chain, MATRIX_ROWS, MATRIX_COLUMNS, MATRIX_ACTIVE_LOW,
                                           MATRIX_SETTLE_MICROS};
#else
static const uint8_t columns[MATRIX_COLUMNS] = COLUMN_PINS;
static const struct matrix board_matrix = {rows, columns, 0, MATRIX_ROWS, MATRIX_COLUMNS, MATRIX_ACTIVE_LOW,
                                           MATRIX_SETTLE_MICROS};
#endif

extern "C" void hw_sensors_begin(void) {
    matrix_begin(&board_matrix);
}

extern "C" const char *hw_sensors_read(uint8_t *raw) {
    return matrix_read(&board_matrix, raw);
}
#endif
