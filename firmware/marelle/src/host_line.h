/* Reading the lines the host sends (HELLO and L), one byte at a time, with no line buffer: the checksum is summed
 * as the bytes come and an L line's colours are written straight into the LED buffer, so that a 64-LED line of
 * 401 characters fits an Arduino Uno. The caller shows the LEDs only when the whole line checked out.
 *
 * The last five bytes of a line are its "*CRC", but nothing says a line is ending until its newline comes; so the
 * parser holds the latest five bytes back in a small window and only bytes pushed out of it count as the body. */
#ifndef MARELLE_HOST_LINE_H
#define MARELLE_HOST_LINE_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* What a finished line turned out to be. */
enum host_result {
    HOST_NOTHING,        /* the line is not finished yet, or it was empty */
    HOST_HELLO,          /* a good HELLO in the version the board speaks */
    HOST_LEDS,           /* a good L line: the LED buffer holds its colours */
    HOST_BAD_LINE,       /* E BADLINE: too long, not printable ASCII, no checksum, or a field is wrong */
    HOST_BAD_CRC,        /* E BADCRC: the checksum does not match */
    HOST_BAD_COMMAND,    /* E BADCMD: a message type the board does not know */
    HOST_BAD_VERSION,    /* E VERSION: a HELLO in another version */
    HOST_BAD_LED_COUNT   /* E LEDS: an L line without exactly one colour per LED */
};

#define HOST_WORD_MAX 8   /* characters of the message type kept, for error texts */

struct host_line {
    /* set once by host_line_init */
    uint8_t *rgb;          /* where an L line's colours go: 3 bytes per LED */
    uint16_t leds;
    uint16_t limit;        /* longest line accepted, newline excluded */

    /* the line being read */
    uint16_t length;       /* bytes so far, a trailing CR not counted */
    uint16_t crc;          /* checksum of the bytes pushed out of the window */
    uint8_t window[5];     /* the latest bytes: "*CRC" once the line is complete */
    uint8_t window_len;
    uint8_t cr;            /* a CR arrived: fine if the newline comes next, not printable otherwise */
    uint8_t too_long, not_ascii;
    const char *field_problem;   /* the first field that was wrong, said in a few words; 0 when none */

    /* the fields of the body */
    uint8_t field;         /* index of the field being read */
    uint8_t field_len;     /* its characters so far (stops counting at 255) */
    uint8_t type;          /* which message, once field 0 is complete */
    char word[HOST_WORD_MAX + 1];   /* field 0, for the error texts */
    uint32_t number;       /* field 1, decimal */
    uint16_t hex_digits;   /* field 2 of an L line: colour digits so far */

    /* what the last finished line was, kept until the next one ends */
    char command[HOST_WORD_MAX + 1];   /* its message type, at most its first HOST_WORD_MAX characters */
    uint8_t command_known; /* the type is HELLO or L */
    uint16_t version;      /* HOST_HELLO, HOST_BAD_VERSION */
    uint16_t seq;          /* HOST_LEDS */
    uint16_t colours;      /* hex digits of colour it carried (HOST_BAD_LED_COUNT) */
    const char *problem;   /* HOST_BAD_LINE: what was wrong */
};

/* leds colours of 3 bytes each go to rgb; lines longer than the longest possible L line (plus room for a few
 * LEDs too many, so that such a line gets E LEDS rather than E BADLINE) are dropped. */
void host_line_init(struct host_line *p, uint8_t *rgb, uint16_t leds);

/* Takes one received byte; at a newline returns what the line was, otherwise HOST_NOTHING. */
enum host_result host_line_feed(struct host_line *p, uint8_t byte);

/* Forgets a partial line (the host went quiet in the middle of one). True when there was one. */
uint8_t host_line_drop(struct host_line *p);

/* Characters of the current partial line (0 between lines). */
uint16_t host_line_pending(const struct host_line *p);

#ifdef __cplusplus
}
#endif

#endif
