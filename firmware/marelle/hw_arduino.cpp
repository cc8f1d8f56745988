/* The hardware layer's plain parts on the Arduino API: serial port, clock, status LED, and the LED functions of a
 * board without LEDs. The same file works on any Arduino core (AVR, RP2040, ESP32). */
#include <Arduino.h>

#include "config.h"
#include "src/hw.h"

extern "C" uint32_t hw_millis(void) {
    return millis();
}

extern "C" int hw_serial_read(void) {
    return Serial.read();
}

extern "C" void hw_serial_write(uint8_t byte) {
    Serial.write(byte);
}

extern "C" void hw_status_led(uint8_t on) {
    digitalWrite(STATUS_LED_PIN, on ? HIGH : LOW);
}

#if LEDS == LEDS_NONE
extern "C" void hw_leds_begin(void) {
}

extern "C" void hw_leds_show(const uint8_t *rgb, uint16_t count) {
    (void)rgb;
    (void)count;
}
#endif
