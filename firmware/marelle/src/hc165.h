/* Reading a chain of 74HC165 shift registers (docs/wiring.md §3) through three pins. */
#ifndef MARELLE_HC165_H
#define MARELLE_HC165_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

struct hc165 {
    uint8_t load;    /* to SH/LD of every chip */
    uint8_t clock;   /* to CLK of every chip */
    uint8_t data;    /* from QH of chip 0 */
    uint8_t chips;   /* 1 to 16 */
};

void hc165_begin(const struct hc165 *chain);

/* Latches every input and shifts them out: bit k of levels[c] is the k-th bit out of chip c (input H first), 1 for
 * a high input. Returns 0 when the chain does not answer: after the last chip's bits come the ones its SER pin
 * shifts in, which is tied to GND, so they must read low; a broken chain or a data wire off (the pull-up on the
 * data pin) reads high there. levels is then left as it was. */
uint8_t hc165_read(const struct hc165 *chain, uint8_t *levels);

#ifdef __cplusplus
}
#endif

#endif
