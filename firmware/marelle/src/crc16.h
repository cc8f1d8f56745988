/* CRC-16/CCITT-FALSE, the checksum that ends every line of Marelle's serial protocol (docs/serial-protocol.md §2):
 * polynomial 0x1021, initial value 0xFFFF, bits not reflected, no final XOR. Updated a byte at a time, so a line
 * is checked as it arrives and summed as it is sent, with no buffer for it. */
#ifndef MARELLE_CRC16_H
#define MARELLE_CRC16_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define CRC16_INITIAL 0xFFFFu

uint16_t crc16_update(uint16_t crc, uint8_t byte);

#ifdef __cplusplus
}
#endif

#endif
