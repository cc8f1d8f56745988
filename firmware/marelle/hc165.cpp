#include "config.h"

#if defined(HC165_LOAD_PIN)
#include <Arduino.h>

#include "hc165.h"

void hc165_begin(void) {
    pinMode(HC165_LOAD_PIN, OUTPUT);
    digitalWrite(HC165_LOAD_PIN, HIGH);
    pinMode(HC165_CLOCK_PIN, OUTPUT);
    digitalWrite(HC165_CLOCK_PIN, LOW);
    pinMode(HC165_DATA_PIN, INPUT_PULLUP);   /* a data wire that comes off then reads high, which the tail check sees */
}

static uint8_t next_bit(void) {
    uint8_t level = digitalRead(HC165_DATA_PIN) == HIGH;
    /* digitalWrite takes microseconds, far longer than the chip's few tens of ns of minimum pulse width. */
    digitalWrite(HC165_CLOCK_PIN, HIGH);
    digitalWrite(HC165_CLOCK_PIN, LOW);
    return level;
}

uint8_t hc165_read(uint8_t *levels, uint8_t chips) {
    uint8_t read[16];
    if (chips > sizeof read) chips = sizeof read;
    digitalWrite(HC165_LOAD_PIN, LOW);   /* latch all inputs at once */
    delayMicroseconds(1);
    digitalWrite(HC165_LOAD_PIN, HIGH);
    for (uint8_t c = 0; c < chips; c++) {
        read[c] = 0;
        for (uint8_t k = 0; k < 8; k++) read[c] |= (uint8_t)(next_bit() << k);
    }
    uint8_t tail = 0;
    for (uint8_t k = 0; k < 8; k++) tail |= next_bit();
    if (tail) return 0;
    for (uint8_t c = 0; c < chips; c++) levels[c] = read[c];
    return 1;
}
#endif
