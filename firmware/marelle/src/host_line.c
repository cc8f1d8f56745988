#include "host_line.h"

#include "crc16.h"

enum { TYPE_UNKNOWN, TYPE_HELLO, TYPE_LEDS };

/* The fixed part of an L line ("L 65535 " and "*CRC"), and the extra colours tolerated before a line is too long. */
#define LINE_OVERHEAD 13u
#define SPARE_LEDS 8u
#define SHORTEST_LIMIT 80u

static void start_line(struct host_line *p) {
    p->length = 0;
    p->crc = CRC16_INITIAL;
    p->window_len = 0;
    p->cr = 0;
    p->too_long = 0;
    p->not_ascii = 0;
    p->field_problem = 0;
    p->field = 0;
    p->field_len = 0;
    p->type = TYPE_UNKNOWN;
    p->word[0] = 0;
    p->number = 0;
    p->hex_digits = 0;
}

void host_line_init(struct host_line *p, uint8_t *rgb, uint16_t leds) {
    uint32_t limit = LINE_OVERHEAD + 6u * ((uint32_t)leds + SPARE_LEDS);
    p->rgb = rgb;
    p->leds = leds;
    p->limit = (uint16_t)(limit < SHORTEST_LIMIT ? SHORTEST_LIMIT : limit > 65000u ? 65000u : limit);
    start_line(p);
}

uint16_t host_line_pending(const struct host_line *p) {
    return (uint16_t)(p->length + (p->cr ? 1 : 0));
}

uint8_t host_line_drop(struct host_line *p) {
    uint8_t had = host_line_pending(p) > 0;
    start_line(p);
    return had;
}

static void problem(struct host_line *p, const char *what) {
    if (!p->field_problem) p->field_problem = what;
}

static int8_t hex_value(uint8_t c) {
    if (c >= '0' && c <= '9') return (int8_t)(c - '0');
    if (c >= 'A' && c <= 'F') return (int8_t)(c - 'A' + 10);
    if (c >= 'a' && c <= 'f') return (int8_t)(c - 'a' + 10);
    return -1;
}

static uint8_t same_word(const char *a, const char *b) {
    while (*a && *a == *b) a++, b++;
    return *a == *b;
}

/* A field ended (at a space or at the end of the body). */
static void end_field(struct host_line *p) {
    if (p->field_len == 0) {
        problem(p, "empty field");
        return;
    }
    if (p->field == 0) {
        if (p->field_len > HOST_WORD_MAX) p->type = TYPE_UNKNOWN;
        else if (same_word(p->word, "HELLO")) p->type = TYPE_HELLO;
        else if (same_word(p->word, "L")) p->type = TYPE_LEDS;
    } else if (p->field == 1 && p->type != TYPE_UNKNOWN) {
        if (p->field_len > 5 || p->number > 65535u) problem(p, "number out of range");
    }
}

/* One byte of the body, in field `field`. */
static void body_byte(struct host_line *p, uint8_t c) {
    if (c == ' ') {
        end_field(p);
        if (p->field < 255) p->field++;
        p->field_len = 0;
        return;
    }
    if (p->field_len < 255) p->field_len++;
    if (p->type == TYPE_LEDS && p->field >= 3) problem(p, "too many fields");   /* after an empty field's problem */
    if (p->field == 0) {
        if (p->field_len <= HOST_WORD_MAX) {   /* a longer word is no type the board knows; its start is kept */
            p->word[p->field_len - 1] = (char)c;
            p->word[p->field_len] = 0;
        }
    } else if (p->field == 1 && p->type != TYPE_UNKNOWN) {
        if (c < '0' || c > '9') problem(p, "not a decimal number");
        else if (p->field_len <= 5) p->number = p->number * 10 + (uint32_t)(c - '0');
    } else if (p->field == 2 && p->type == TYPE_LEDS) {
        int8_t v = hex_value(c);
        if (v < 0) {
            problem(p, "not a hex colour");
        } else {
            uint16_t d = p->hex_digits;
            if (d < 6u * p->leds) {
                /* Two digits a byte, high nibble first: RRGGBB lands as red, green, blue. */
                if (d % 2 == 0) p->rgb[d / 2] = (uint8_t)(v << 4);
                else p->rgb[d / 2] |= (uint8_t)v;
            }
            if (d < 65535u) p->hex_digits = (uint16_t)(d + 1);
        }
    }
    /* Later fields of a HELLO (the host's name) and of an unknown type are free text. */
}

static uint8_t checksum_matches(struct host_line *p, uint8_t *present) {
    uint16_t sent = 0;
    *present = 0;
    if (p->length < 6 || p->window_len < 5 || p->window[0] != '*') return 0;
    for (uint8_t i = 1; i < 5; i++) {
        int8_t v = hex_value(p->window[i]);
        if (v < 0) return 0;
        sent = (uint16_t)(sent << 4 | (uint8_t)v);
    }
    *present = 1;
    return sent == p->crc;
}

/* Decides what the finished line was, and copies what the caller's answer needs out of the parsing state. */
static enum host_result end_line(struct host_line *p) {
    uint8_t present;
    if (p->length == 0) return HOST_NOTHING;   /* empty lines are ignored */
    for (uint8_t i = 0; i <= HOST_WORD_MAX; i++) p->command[i] = p->word[i];
    p->colours = p->hex_digits;
    p->command_known = 0;
    if (p->too_long) {
        p->problem = "line too long";
        return HOST_BAD_LINE;
    }
    if (p->not_ascii) {
        p->problem = "not printable ASCII";
        return HOST_BAD_LINE;
    }
    uint8_t good = checksum_matches(p, &present);
    if (!present) {
        p->problem = "no checksum";
        return HOST_BAD_LINE;
    }
    end_field(p);   /* the last field of the body; it also says which type field 0 named */
    p->command_known = p->type != TYPE_UNKNOWN;
    if (!good) return HOST_BAD_CRC;
    if (p->field_problem) {   /* an empty field makes even the type unreadable */
        p->problem = p->field_problem;
        return HOST_BAD_LINE;
    }
    if (p->type == TYPE_UNKNOWN) return HOST_BAD_COMMAND;
    if (!p->field_problem && p->field < 1) p->field_problem = "missing field";
    if (!p->field_problem && p->type == TYPE_LEDS && p->field < 2) p->field_problem = "missing field";
    if (p->field_problem) {
        p->problem = p->field_problem;
        return HOST_BAD_LINE;
    }
    if (p->type == TYPE_HELLO) {
        p->version = (uint16_t)p->number;
        return p->version == 1 ? HOST_HELLO : HOST_BAD_VERSION;
    }
    p->seq = (uint16_t)p->number;
    return p->hex_digits == 6u * p->leds ? HOST_LEDS : HOST_BAD_LED_COUNT;
}

enum host_result host_line_feed(struct host_line *p, uint8_t c) {
    if (c == '\n') {
        enum host_result r = end_line(p);
        start_line(p);
        return r;
    }
    if (p->too_long) return HOST_NOTHING;   /* skip to the newline */
    if (p->cr) {
        /* A CR is allowed only right before the newline; anywhere else it is a byte that is not printable. */
        p->cr = 0;
        p->not_ascii = 1;
    }
    if (c == '\r') {
        p->cr = 1;
        return HOST_NOTHING;
    }
    if (c < 0x20 || c > 0x7E) p->not_ascii = 1;
    if (++p->length > p->limit) {
        p->too_long = 1;
        return HOST_NOTHING;
    }
    if (p->window_len == 5) {
        uint8_t out = p->window[0];
        for (uint8_t i = 0; i < 4; i++) p->window[i] = p->window[i + 1];
        p->window[4] = c;
        p->crc = crc16_update(p->crc, out);
        body_byte(p, out);
    } else {
        p->window[p->window_len++] = c;
    }
    return HOST_NOTHING;
}
