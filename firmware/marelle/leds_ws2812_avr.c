/* WS2812 / WS2812B LEDs on one pin of a 16 MHz AVR (Uno, Nano, Mega), in the chain order of their data line.
 *
 * The only part of the firmware bound to one chip: the LEDs read a bit by how long each high pulse lasts, so the
 * pulses are timed by counting instructions, with interrupts off for the whole chain (30 us per LED: 1.9 ms for 64,
 * 2.9 ms for 96). From the WS2812B datasheet: a bit lasts 1.25 us +- 600 ns; a 0 is high 0.4 us, a 1 high 0.8 us,
 * each +- 150 ns; a low of more than 50 us (280 us for recent chips) latches the colours. At 62.5 ns a cycle this
 * sends a 0 as 6 cycles high (375 ns) and 15 low, a 1 as 13 high (812 ns) and 7 low, 24 bits per LED, green first.
 *
 * A port to an RP2040 or an ESP32 replaces this file (their Arduino cores have PIO and RMT drivers for these). */
#include "config.h"

#if LEDS == LEDS_WS2812 && defined(__AVR__)
#include <Arduino.h>
#include <avr/interrupt.h>

#include "src/hw.h"

#if F_CPU != 16000000L
#error "leds_ws2812_avr.c counts cycles for a 16 MHz clock"
#endif

static volatile uint8_t *port;
static uint8_t mask;

/* One byte, most significant bit first. Cycle counts are those of the ATmega328P and ATmega2560 (st: 2 cycles,
 * sbrs: 1, or 2 when it skips a one-word instruction; brne: 2 taken, 1 not). */
static inline void send_byte(uint8_t byte, uint8_t high, uint8_t low) {
    uint8_t bits = 8;
    __asm__ volatile(
        "1:                  \n\t"
        "st   %a[port], %[high] \n\t"   /* 2  the line goes high */
        "nop                 \n\t"      /* 1 */
        "nop                 \n\t"      /* 1 */
        "nop                 \n\t"      /* 1 */
        "sbrs %[byte], 7     \n\t"      /* 1  a 1 bit skips the next st (2) */
        "st   %a[port], %[low] \n\t"    /* 2  a 0 bit goes low: 6 cycles high */
        "lsl  %[byte]        \n\t"      /* 1 */
        "nop                 \n\t"      /* 1 */
        "nop                 \n\t"      /* 1 */
        "nop                 \n\t"      /* 1 */
        "nop                 \n\t"      /* 1 */
        "nop                 \n\t"      /* 1 */
        "st   %a[port], %[low] \n\t"    /* 2  a 1 bit goes low: 13 cycles high */
        "nop                 \n\t"      /* 1 */
        "nop                 \n\t"      /* 1 */
        "dec  %[bits]        \n\t"      /* 1 */
        "brne 1b             \n\t"      /* 2  a bit takes 20 cycles (21 for a 0) */
        : [byte] "+r"(byte), [bits] "+r"(bits)
        : [port] "e"(port), [high] "r"(high), [low] "r"(low)
        : "memory");
}

/* Brightness scales every colour, so that the strip's supply is not asked for more than it gives. */
static inline uint8_t scaled(uint8_t value) {
    return (uint8_t)(((uint16_t)value * (WS2812_BRIGHTNESS + 1u)) >> 8);
}

/* Sends count LEDs from rgb (or all off when rgb is 0). */
static void send(const uint8_t *rgb, uint16_t count) {
    uint8_t sreg = SREG;
    cli();
    uint8_t high = (uint8_t)(*port | mask), low = (uint8_t)(*port & ~mask);   /* read with interrupts off */
    for (uint16_t i = 0; i < count; i++) {
        uint8_t r = rgb ? scaled(rgb[3 * i]) : 0, g = rgb ? scaled(rgb[3 * i + 1]) : 0,
                b = rgb ? scaled(rgb[3 * i + 2]) : 0;
        send_byte(g, high, low);   /* the gap between bytes (a few cycles of C) only lengthens a low */
        send_byte(r, high, low);
        send_byte(b, high, low);
    }
    SREG = sreg;
    delayMicroseconds(300);   /* the latch: the next show cannot start before the chain took these colours */
}

void hw_leds_begin(void) {
    pinMode(WS2812_PIN, OUTPUT);
    digitalWrite(WS2812_PIN, LOW);
    port = portOutputRegister(digitalPinToPort(WS2812_PIN));
    mask = digitalPinToBitMask(WS2812_PIN);
    delayMicroseconds(300);
    send(0, LED_COUNT);
}

void hw_leds_show(const uint8_t *rgb, uint16_t count) {
    send(rgb, count);
}
#endif
