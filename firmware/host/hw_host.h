/* The hardware layer of the host build: the serial port is the master side of a pseudo-terminal, the sensors are a
 * diode matrix on simulated pins whose switches follow a script played from the host's first byte (scanned by the
 * firmware's own matrix.c), and every LED show is written to a log. */
#ifndef MARELLE_HW_HOST_H
#define MARELLE_HW_HOST_H

#include <stdio.h>

#include "script.h"

/* Opens a pseudo-terminal in raw mode and links `link` to its device; returns the device's name, or 0. */
const char *hw_host_open(const char *link);

/* What the sensors follow, and where LED shows and the host's bytes are written (either log may be 0). */
void hw_host_attach(const struct script *script, FILE *leds_log, FILE *received_log);

/* Waits at most `millis` for bytes from the host (so that the main loop does not spin). */
void hw_host_wait(int millis);

void hw_host_close(const char *link);

#endif
