/* WS2812 / WS2812B LEDs on one pin of a 16 MHz AVR (Uno, Nano, Mega), in the chain order of their data line.
 *
 * The only part of the firmware bound to one chip: the LEDs read a bit by how long each high pulse lasts, so the
 * pulses are timed by counting instructions, with interrupts off for the whole chain (30 us per LED: 1.9 ms for 64,
 * 2.9 ms for 96). From the WS2812B datasheet: a bit lasts 1.25 us +- 600 ns; a 0 is high 0.4 us, a 1 high 0.8 us,
 * each +- 150 ns; a low of more than 50 us (280 us for recent chips) latches the colours. At 62.5 ns a cycle this
 * sends a 0 as 6 cycles high (375 ns) and 15 low, a 1 as 13 high (812 ns) and 7 low, 24 bits per LED, green first.
 * firmware/tests/avr_board.c measures all of this on the simulated chip.
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

/* One LED: green, red, blue, each most significant bit first. Cycle counts are those of the ATmega328P and
 * ATmega2560 (st: 2 cycles; sbrs: 1, or 2 when it skips a one-word instruction; brne: 2 taken, 1 not). The three
 * bytes go out in one piece, so that the line stays low between them no longer than between bits (the first bit of
 * the next byte takes 25 cycles, 1.56 us); only the C between two LEDs lengthens a low a little more. */
__attribute__((always_inline)) static inline void send_led(volatile uint8_t *data, uint8_t g, uint8_t r, uint8_t b,
                                                           uint8_t high, uint8_t low) {
    uint8_t bits, bytes;
    __asm__ volatile(
        "ldi  %[bytes], 3    \n\t"
        "2:                  \n\t"
        "ldi  %[bits], 8     \n\t"      /* 1 */
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
        "mov  %[byte], %[next] \n\t"    /* 1  the next byte ... */
        "mov  %[next], %[last] \n\t"    /* 1 */
        "dec  %[bytes]       \n\t"      /* 1 */
        "brne 2b             \n\t"      /* 2 */
        : [byte] "+r"(g), [next] "+r"(r), [last] "+r"(b), [bits] "=&d"(bits), [bytes] "=&d"(bytes)
        : [port] "e"(data), [high] "r"(high), [low] "r"(low)
        : "memory");
}

/* Brightness scales every colour, so that the strip's supply is not asked for more than it gives. One 8 x 8-bit
 * multiplication (2 cycles), since it runs between two LEDs, with the data line low. */
static inline uint8_t scaled(uint8_t value) {
#if WS2812_BRIGHTNESS >= 255
    return value;
#else
    return (uint8_t)(((uint16_t)value * (uint8_t)(WS2812_BRIGHTNESS + 1)) >> 8);
#endif
}

/* Sends count LEDs from rgb (or all off when rgb is 0). */
static void send(const uint8_t *rgb, uint16_t count) {
    uint8_t sreg = SREG;
    cli();
    volatile uint8_t *data = port;   /* in a pointer register for the whole chain */
    uint8_t high = (uint8_t)(*data | mask), low = (uint8_t)(*data & ~mask);   /* read with interrupts off */
    if (rgb) {
        for (const uint8_t *end = rgb + 3u * count; rgb != end;) {
            uint8_t r = scaled(*rgb++), g = scaled(*rgb++), b = scaled(*rgb++);   /* in order: fewer cycles */
            send_led(data, g, r, b, high, low);
        }
    } else {
        while (count--) send_led(data, 0, 0, 0, high, low);
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
