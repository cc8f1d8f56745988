#include "line_out.h"

#include "crc16.h"
#include "hw.h"

static const char HEX[] = "0123456789ABCDEF";
static uint16_t crc;

void line_begin(void) {
    crc = CRC16_INITIAL;
}

void line_char(char c) {
    crc = crc16_update(crc, (uint8_t)c);
    hw_serial_write((uint8_t)c);
}

void line_text(const char *s) {
    while (*s) line_char(*s++);
}

void line_number(uint16_t n) {
    char digits[5];
    uint8_t count = 0;
    do {
        digits[count++] = (char)('0' + n % 10);
        n /= 10;
    } while (n);
    while (count) line_char(digits[--count]);
}

void line_bits(const uint8_t *bits, uint8_t count) {
    for (uint8_t first = 0; first < count; first += 4) {
        uint8_t digit = (uint8_t)(bits[first / 8] >> (first % 8)) & 0x0F;
        /* The protocol wants the unused high bits of the last digit at 0, whatever the buffer holds there. */
        if (count - first < 4) digit &= (uint8_t)((1u << (count - first)) - 1);
        line_char(HEX[digit]);
    }
}

void line_end(void) {
    uint16_t sum = crc;
    hw_serial_write('*');
    for (int8_t shift = 12; shift >= 0; shift -= 4) hw_serial_write((uint8_t)HEX[(sum >> shift) & 0x0F]);
    hw_serial_write('\n');
}
