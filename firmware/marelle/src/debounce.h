/* Debouncing, sensor by sensor: a sensor's reported state changes only once `scans` consecutive scans have read it
 * the other way. A reed switch that bounces for a few milliseconds, or a piece dragged across a square's edge, is
 * not reported; and a sensor that keeps flickering (a loose wire) holds up no other sensor's change. */
#ifndef MARELLE_DEBOUNCE_H
#define MARELLE_DEBOUNCE_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

struct debounce {
    uint8_t *state;    /* the reported state: sensor n in bit n % 8 of state[n / 8] */
    uint8_t *count;    /* per sensor: consecutive scans that disagreed with state */
    uint8_t sensors;
    uint8_t scans;
};

/* Starts from `initial` as the reported state (a board switched on is taken as it stands). */
void debounce_init(struct debounce *d, uint8_t *state, uint8_t *count, uint8_t sensors, uint8_t scans,
                   const uint8_t *initial);

/* Takes one scan; returns 1 when the reported state changed. */
uint8_t debounce_scan(struct debounce *d, const uint8_t *raw);

#ifdef __cplusplus
}
#endif

#endif
