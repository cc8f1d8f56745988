#include "debounce.h"

void debounce_init(struct debounce *d, uint8_t *state, uint8_t *count, uint8_t sensors, uint8_t scans,
                   const uint8_t *initial) {
    d->state = state;
    d->count = count;
    d->sensors = sensors;
    d->scans = scans ? scans : 1;
    for (uint8_t i = 0; i < (uint8_t)((sensors + 7) / 8); i++) state[i] = initial[i];
    for (uint8_t n = 0; n < sensors; n++) count[n] = 0;
}

uint8_t debounce_scan(struct debounce *d, const uint8_t *raw) {
    uint8_t changed = 0;
    for (uint8_t n = 0; n < d->sensors; n++) {
        uint8_t mask = (uint8_t)(1u << (n % 8));
        if ((raw[n / 8] ^ d->state[n / 8]) & mask) {
            if (++d->count[n] >= d->scans) {
                d->state[n / 8] ^= mask;
                d->count[n] = 0;
                changed = 1;
            }
        } else {
            d->count[n] = 0;   /* read as reported again: a bounce, start counting afresh next time */
        }
    }
    return changed;
}
