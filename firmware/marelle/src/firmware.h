/* The firmware's core: protocol version 1 of docs/serial-protocol.md on top of the hardware layer (hw.h). Portable
 * C with no allocation: the sketch (or the host build, or a test) owns the buffers, sized for its board, and calls
 * fw_poll() as often as it can. */
#ifndef MARELLE_FIRMWARE_H
#define MARELLE_FIRMWARE_H

#include <stdint.h>

#include "debounce.h"
#include "host_line.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The protocol asks for a report within ~30 ms of a change and a frame at least every 500 ms. */
#ifndef FW_SCAN_MILLIS
#define FW_SCAN_MILLIS 10u          /* one scan of every sensor every 10 ms */
#endif
#ifndef FW_DEBOUNCE_SCANS
#define FW_DEBOUNCE_SCANS 3u        /* 3 agreeing scans: a change is reported 20 to 30 ms after it settles */
#endif
#ifndef FW_HEARTBEAT_MILLIS
#define FW_HEARTBEAT_MILLIS 250u    /* a frame at least this often, changed or not */
#endif
#ifndef FW_STALL_MILLIS
#define FW_STALL_MILLIS 500u        /* a host line that stops arriving half-way for this long is dropped */
#endif
#ifndef FW_FAULT_REPEAT_MILLIS
#define FW_FAULT_REPEAT_MILLIS 5000u /* E SENSOR again this often while a part stays silent */
#endif
#ifndef FW_WALK_STEP_MILLIS
#define FW_WALK_STEP_MILLIS 15u     /* power-on LED walk: each LED lit alone this long */
#endif
#define FW_WALK_COLOUR 0x303030ul   /* dim white */
#define FW_IDLE_COLOUR 0x000020ul   /* dim blue: the firmware runs, no LED command has come yet */

/* Who the board is: what its hello says. */
struct fw_board {
    uint8_t sensors;     /* 1 to 128 */
    uint16_t leds;       /* 0 to 1024 */
    const char *name;    /* the firmware's name and version, printable ASCII */
};

struct fw {
    const struct fw_board *board;
    uint8_t *raw;            /* the latest scan, (sensors + 7) / 8 bytes */
    uint8_t *rgb;            /* the LEDs' colours, 3 bytes each: written by L lines as they arrive */
    struct debounce debounce;
    struct host_line line;
    uint16_t seq;            /* of the next frame */
    uint32_t last_scan, last_frame, last_byte, fault_said, walk_start;
    const char *fault;       /* the sensor part that did not answer at the last scan, or 0 */
    uint16_t walk_next;      /* power-on walk: the next step to show (LED n alone, then all idle at leds); leds + 1 once over */
    uint8_t host_seen;       /* a host has said hello since power-on */
    uint8_t status;          /* what the status LED shows */
};

/* Scans the sensors once, takes them as they stand, says hello with a first frame and starts the LED walk.
 * raw and state hold (sensors + 7) / 8 bytes, count one per sensor, rgb 3 per LED (may be 0 without LEDs). */
void fw_begin(struct fw *fw, const struct fw_board *board, uint8_t *raw, uint8_t *state, uint8_t *count,
              uint8_t *rgb);

/* Does whatever is due: reads the host's bytes and answers them, scans, sends frames, moves the LED walk on. */
void fw_poll(struct fw *fw);

/* Sends one frame of `sensors` sensors (white may be 0: a board that cannot tell colours). */
void fw_send_frame(uint16_t seq, const uint8_t *occupied, const uint8_t *white, uint8_t sensors);

#ifdef __cplusplus
}
#endif

#endif
