/* A scripted sensor matrix: what a person's hands do to the board, line by line, at times in milliseconds.
 *
 *   # a comment
 *   0     place a1 b1 c1 ...     pieces there from the start
 *   3000  lift e2 bounce         e2 empties at 3000 ms, its reed switch chattering for the first 15 ms
 *   3500  drop e4                e4 fills at 3500 ms, cleanly
 *
 * Square names map to sensors as a board wired along the ranks would: a1 = 0, b1 = 1, ..., the first file of the
 * second rank = files. */
#ifndef MARELLE_SCRIPT_H
#define MARELLE_SCRIPT_H

#include <stdint.h>

#define SCRIPT_BOUNCE_MILLIS 15u   /* how long a bouncing contact chatters */
#define SCRIPT_BOUNCE_PERIOD 3u    /* and how often it flips meanwhile */

struct script_event {
    uint32_t at;
    uint8_t sensor;
    uint8_t on;
    uint8_t bounce;
};

struct script {
    struct script_event *events;
    unsigned count;
    uint8_t files, ranks;
    uint8_t sensors;   /* files x ranks */
};

/* Reads the script; on a mistake prints it (file:line) to stderr and returns 0. */
int script_load(struct script *s, const char *path, uint8_t files, uint8_t ranks);

/* The sensors at `at` ms of the script: sensor n in bit n % 8 of raw[n / 8]. */
void script_sensors(const struct script *s, uint32_t at, uint8_t *raw);

/* When the script's last event is over (its bounce included). */
uint32_t script_end(const struct script *s);

#endif
