#include "hc165.h"

#include "hw.h"

void hc165_begin(const struct hc165 *chain) {
    hw_pin_output(chain->load, 1);
    hw_pin_output(chain->clock, 0);
    hw_pin_input(chain->data, 1);   /* a data wire that comes off then reads high, which the tail check sees */
}

static uint8_t next_bit(const struct hc165 *chain) {
    uint8_t level = hw_pin_read(chain->data);
    /* A pin write takes far longer than the chip's few tens of ns of minimum pulse width. */
    hw_pin_write(chain->clock, 1);
    hw_pin_write(chain->clock, 0);
    return level;
}

uint8_t hc165_read(const struct hc165 *chain, uint8_t *levels) {
    uint8_t read[16];
    uint8_t chips = chain->chips < sizeof read ? chain->chips : (uint8_t)sizeof read;
    hw_pin_write(chain->load, 0);   /* latch all inputs at once */
    hw_delay_us(1);
    hw_pin_write(chain->load, 1);
    for (uint8_t c = 0; c < chips; c++) {
        read[c] = 0;
        for (uint8_t k = 0; k < 8; k++) read[c] |= (uint8_t)(next_bit(chain) << k);
    }
    uint8_t tail = 0;
    for (uint8_t k = 0; k < 8; k++) tail |= next_bit(chain);
    if (tail) return 0;
    for (uint8_t c = 0; c < chips; c++) levels[c] = read[c];
    return 1;
}
