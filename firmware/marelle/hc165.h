/* Reading a chain of 74HC165 shift registers (docs/wiring.md §3): load, clock and data pins from config.h. */
#ifndef MARELLE_HC165_H
#define MARELLE_HC165_H

#include <stdint.h>

void hc165_begin(void);

/* Latches every input and shifts them out: bit k of levels[c] is the k-th bit out of chip c (input H first), 1 for
 * a high input. Returns 0 when the chain does not answer: after the last chip's bits come the ones its SER pin
 * shifts in, which is tied to GND, so they must read low; a broken chain or a data wire off (the pull-up on the
 * data pin) reads high there. levels is then left as it was. */
uint8_t hc165_read(uint8_t *levels, uint8_t chips);

#endif
