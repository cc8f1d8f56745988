/* The hardware layer's plain parts on the Arduino API: serial port, clock, status LED, pins, and the LED functions
 * of a board without LEDs. The same file works on any Arduino core (AVR, RP2040, ESP32). */
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

extern "C" void hw_pin_output(uint8_t pin, uint8_t level) {
    digitalWrite(pin, level ? HIGH : LOW);   /* the level first, so that the pin never glitches the other way */
    pinMode(pin, OUTPUT);
}

extern "C" void hw_pin_input(uint8_t pin, uint8_t pull_up) {
    pinMode(pin, pull_up ? INPUT_PULLUP : INPUT);
}

extern "C" void hw_pin_write(uint8_t pin, uint8_t level) {
    digitalWrite(pin, level ? HIGH : LOW);
}

extern "C" uint8_t hw_pin_read(uint8_t pin) {
    return digitalRead(pin) == HIGH;
}

extern "C" void hw_delay_us(uint16_t us) {
    delayMicroseconds(us);
}

#if LEDS == LEDS_NONE
extern "C" void hw_leds_begin(void) {
}

extern "C" void hw_leds_show(const uint8_t *rgb, uint16_t count) {
    (void)rgb;
    (void)count;
}
#endif
