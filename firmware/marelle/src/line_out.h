/* Writing one protocol line to the host: the body goes out byte by byte while its checksum is summed, and
 * line_end() adds "*CRC" and the newline. No buffer, so a frame of 128 sensors costs no RAM. One line at a time. */
#ifndef MARELLE_LINE_OUT_H
#define MARELLE_LINE_OUT_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

void line_begin(void);
void line_char(char c);
void line_text(const char *s);
void line_number(uint16_t n);
/* Digits for `count` bits, digit k holding bits 4k..4k+3 with bit 4k lowest (bit n is in bit n % 8 of bits[n / 8]). */
void line_bits(const uint8_t *bits, uint8_t count);
void line_end(void);

#ifdef __cplusplus
}
#endif

#endif
