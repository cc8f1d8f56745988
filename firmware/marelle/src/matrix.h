/* Scanning a diode matrix (docs/wiring.md §1): rows driven one at a time, columns read, on pins or, where pins run
 * short, through a 74HC165 chain (column k is the k-th bit out of the chain, input H of chip 0 first).
 * Sensor number = row x columns + column. */
#ifndef MARELLE_MATRIX_H
#define MARELLE_MATRIX_H

#include <stdint.h>

#include "hc165.h"

#ifdef __cplusplus
extern "C" {
#endif

struct matrix {
    const uint8_t *rows;            /* row pins, row 0 first */
    const uint8_t *columns;         /* column pins, column 0 first; 0 when the columns are on a chain */
    const struct hc165 *chain;      /* the chain that reads the columns, or 0 */
    uint8_t row_count, column_count;
    uint8_t active_low;             /* rows idle high and pulled low one at a time; columns pulled up */
    uint16_t settle_us;             /* wait between selecting a row and reading its columns */
};

void matrix_begin(const struct matrix *m);

/* One scan into raw (sensor n in bit n % 8 of raw[n / 8]). Returns 0, or what did not answer (the chain), in
 * which case the rows it could not read keep their last state. */
const char *matrix_read(const struct matrix *m, uint8_t *raw);

#ifdef __cplusplus
}
#endif

#endif
