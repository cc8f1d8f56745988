#include "matrix.h"

#include "hw.h"

void matrix_begin(const struct matrix *m) {
    uint8_t idle = m->active_low ? 1 : 0;
    for (uint8_t r = 0; r < m->row_count; r++) hw_pin_output(m->rows[r], idle);
    if (m->chain) {
        hc165_begin(m->chain);
    } else {
        /* Active high needs pull-downs (10 kohm) on the columns: an AVR has pull-ups only. */
        for (uint8_t c = 0; c < m->column_count; c++) hw_pin_input(m->columns[c], m->active_low);
    }
}

static void put(uint8_t *raw, uint8_t n, uint8_t on) {
    if (on) raw[n / 8] |= (uint8_t)(1u << (n % 8));
    else raw[n / 8] &= (uint8_t)~(1u << (n % 8));
}

const char *matrix_read(const struct matrix *m, uint8_t *raw) {
    /* Active low: the selected row is pulled low, and a closed switch pulls its column low through its diode. */
    uint8_t selected = m->active_low ? 0 : 1, closed = selected;
    const char *fault = 0;
    for (uint8_t r = 0; r < m->row_count; r++) {
        hw_pin_write(m->rows[r], selected);
        hw_delay_us(m->settle_us);
        uint8_t first = (uint8_t)(r * m->column_count);
        if (m->chain) {
            uint8_t levels[16];
            if (hc165_read(m->chain, levels)) {
                for (uint8_t c = 0; c < m->column_count; c++) {
                    put(raw, (uint8_t)(first + c), ((levels[c / 8] >> (c % 8)) & 1u) == closed);
                }
            } else {
                fault = "74HC165 chain";
            }
        } else {
            for (uint8_t c = 0; c < m->column_count; c++) put(raw, (uint8_t)(first + c), hw_pin_read(m->columns[c]) == closed);
        }
        hw_pin_write(m->rows[r], (uint8_t)!selected);
    }
    return fault;
}
