#include "script.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int square(const char *name, uint8_t files, uint8_t ranks) {
    if (strlen(name) < 2 || name[0] < 'a' || name[0] >= 'a' + files) return -1;
    char *end;
    long rank = strtol(name + 1, &end, 10);
    if (*end || rank < 1 || rank > ranks) return -1;
    return (int)((rank - 1) * files + (name[0] - 'a'));
}

static int add(struct script *s, unsigned *room, struct script_event e) {
    if (s->count == *room) {
        *room = *room ? 2 * *room : 64;
        struct script_event *grown = realloc(s->events, *room * sizeof *grown);
        if (!grown) return 0;
        s->events = grown;
    }
    /* Kept in time order (stable), so that replaying them in order gives each sensor its latest state. */
    unsigned i = s->count++;
    while (i > 0 && s->events[i - 1].at > e.at) {
        s->events[i] = s->events[i - 1];
        i--;
    }
    s->events[i] = e;
    return 1;
}

int script_load(struct script *s, const char *path, uint8_t files, uint8_t ranks) {
    FILE *f = fopen(path, "r");
    if (!f) {
        perror(path);
        return 0;
    }
    unsigned room = 0;
    s->events = 0;
    s->count = 0;
    s->files = files;
    s->ranks = ranks;
    s->sensors = (uint8_t)(files * ranks);
    char text[1024];
    int line = 0, ok = 1;
    while (ok && fgets(text, sizeof text, f)) {
        line++;
        char *hash = strchr(text, '#');
        if (hash) *hash = 0;
        char *word = strtok(text, " \t\r\n");
        if (!word) continue;
        char *end;
        unsigned long at = strtoul(word, &end, 10);
        char *action = strtok(0, " \t\r\n");
        if (*end || !action || (strcmp(action, "place") && strcmp(action, "lift") && strcmp(action, "drop"))) {
            fprintf(stderr, "%s:%d: expected <ms> place|lift|drop <square>... [bounce]\n", path, line);
            ok = 0;
            break;
        }
        struct script_event e = {(uint32_t)at, 0, strcmp(action, "lift") != 0, 0};
        int squares = 0, first = s->count;
        for (char *name; (name = strtok(0, " \t\r\n")) != 0;) {
            if (strcmp(name, "bounce") == 0) {
                for (unsigned i = (unsigned)first; i < s->count; i++) s->events[i].bounce = 1;
                continue;
            }
            int n = square(name, files, ranks);
            if (n < 0) {
                fprintf(stderr, "%s:%d: '%s' is not a square of a %ux%u board\n", path, line, name, files, ranks);
                ok = 0;
                break;
            }
            e.sensor = (uint8_t)n;
            if (!add(s, &room, e)) {
                fprintf(stderr, "%s: out of memory\n", path);
                ok = 0;
                break;
            }
            squares++;
        }
        if (ok && squares == 0) {
            fprintf(stderr, "%s:%d: no square named\n", path, line);
            ok = 0;
        }
    }
    fclose(f);
    return ok;
}

void script_sensors(const struct script *s, uint32_t at, uint8_t *raw) {
    memset(raw, 0, ((unsigned)s->sensors + 7) / 8);
    for (unsigned i = 0; i < s->count && s->events[i].at <= at; i++) {
        const struct script_event *e = &s->events[i];
        uint32_t since = at - e->at;
        uint8_t on = e->on;
        /* A bouncing contact spends every other SCRIPT_BOUNCE_PERIOD ms back in its old state at first. */
        if (e->bounce && since < SCRIPT_BOUNCE_MILLIS && (since / SCRIPT_BOUNCE_PERIOD) % 2 == 1) on = !on;
        if (on) raw[e->sensor / 8] |= (uint8_t)(1u << (e->sensor % 8));
        else raw[e->sensor / 8] &= (uint8_t)~(1u << (e->sensor % 8));
    }
}

uint32_t script_end(const struct script *s) {
    return s->count ? s->events[s->count - 1].at + SCRIPT_BOUNCE_MILLIS : 0;
}
