/* The firmware's core on a Linux machine: a pseudo-terminal stands in for the USB cable, a script for the
 * sensors, a log for the LEDs. `marelle run` with a serial board on the link's path talks to it as to an Arduino.
 *
 * Usage: marelle-firmware-host --link PATH --script FILE [--files 8] [--ranks 8] [--leds N] [--name NAME]
 *                              [--leds-log FILE] [--received-log FILE] [--until-stdin-closes]
 * Prints "ready DEVICE" once the link exists; runs until SIGTERM or SIGINT (or its standard input closing, with
 * --until-stdin-closes, so that a test that dies takes it along). */
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "firmware.h"
#include "hw.h"
#include "hw_host.h"
#include "script.h"

static volatile sig_atomic_t stop;

static void on_signal(int sig) {
    (void)sig;
    stop = 1;
}

static int usage(const char *why) {
    fprintf(stderr, "marelle-firmware-host: %s\n"
                    "usage: marelle-firmware-host --link PATH --script FILE [--files 8] [--ranks 8] [--leds N]\n"
                    "       [--name NAME] [--leds-log FILE] [--received-log FILE] [--until-stdin-closes]\n", why);
    return 2;
}

static FILE *open_log(const char *path) {
    if (!path) return 0;
    FILE *f = fopen(path, "w");
    if (!f) perror(path);
    return f;
}

int main(int argc, char **argv) {
    const char *link = 0, *script_path = 0, *name = "marelle-host-" "0.1", *leds_path = 0, *received_path = 0;
    long files = 8, ranks = 8, leds = -1;
    int until_stdin_closes = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : 0;
        if (!strcmp(a, "--until-stdin-closes")) { until_stdin_closes = 1; continue; }
        if (!v) return usage("an option without its value");
        if (!strcmp(a, "--link")) link = v;
        else if (!strcmp(a, "--script")) script_path = v;
        else if (!strcmp(a, "--files")) files = strtol(v, 0, 10);
        else if (!strcmp(a, "--ranks")) ranks = strtol(v, 0, 10);
        else if (!strcmp(a, "--leds")) leds = strtol(v, 0, 10);
        else if (!strcmp(a, "--name")) name = v;
        else if (!strcmp(a, "--leds-log")) leds_path = v;
        else if (!strcmp(a, "--received-log")) received_path = v;
        else return usage("unknown option");
        i++;
    }
    if (!link || !script_path) return usage("--link and --script are needed");
    if (files < 1 || files > 26 || ranks < 1 || files * ranks > 128) return usage("1 to 128 sensors");
    if (leds < 0) leds = files * ranks;
    if (leds > 1024) return usage("at most 1024 LEDs");

    static struct script script;
    if (!script_load(&script, script_path, (uint8_t)files, (uint8_t)ranks)) return 1;
    FILE *leds_log = open_log(leds_path), *received_log = open_log(received_path);
    if ((leds_path && !leds_log) || (received_path && !received_log)) return 1;

    const char *device = hw_host_open(link);
    if (!device) {
        perror("pseudo-terminal");
        return 1;
    }
    hw_host_attach(&script, leds_log, received_log);
    signal(SIGTERM, on_signal);
    signal(SIGINT, on_signal);
    signal(SIGPIPE, SIG_IGN);

    static uint8_t raw[16], state[16], agree[128], rgb[3 * 1024];
    struct fw_board board = {(uint8_t)(files * ranks), (uint16_t)leds, name};
    static struct fw fw;
    hw_sensors_begin();
    hw_leds_begin();
    fw_begin(&fw, &board, raw, state, agree, rgb);
    printf("ready %s\n", device);
    fflush(stdout);

    while (!stop) {
        fw_poll(&fw);
        hw_host_wait(1);
        if (until_stdin_closes) {
            struct pollfd p = {STDIN_FILENO, POLLIN, 0};
            char c;
            if (poll(&p, 1, 0) > 0 && read(STDIN_FILENO, &c, 1) <= 0) break;
        }
    }
    fw_poll(&fw);   /* what the host sent just before it went: an L line turning the LEDs off */
    hw_host_close(link);
    return 0;
}
