/* What this board is: its sensors, its LEDs and the pins they are on. Everything a maker changes is here.
 *
 * Five boards come ready, chosen by the microcontroller the sketch is built for or by a -D on the compiler's
 * command line (firmware/build builds all five). To describe your own, edit the section your Arduino picks, or
 * copy one into a new #elif with a name of your own. Pins are Arduino pin numbers (A0 is an Arduino pin too).
 * docs/firmware.md has the wiring of each preset and every setting. */
#ifndef MARELLE_CONFIG_H
#define MARELLE_CONFIG_H

#define MARELLE_VERSION "0.1"

/* In the Arduino IDE, which passes no -D, pick a preset that is not your microcontroller's default here. */
/* #define MARELLE_PRESET_UNO_HC165_MAX7219 */
/* #define MARELLE_PRESET_UNO_12X8 */
/* #define MARELLE_PRESET_MEGA_MCP23017 */

/* How the sensors are read. */
#define SENSORS_MATRIX 1     /* rows driven, columns read (docs/wiring.md §1), columns on pins or on 74HC165s */
#define SENSORS_HC165 2      /* a 74HC165 chain, one input per sensor (docs/wiring.md §3) */
#define SENSORS_MCP23017 3   /* MCP23017 I2C expanders, one input per sensor (docs/wiring.md §2) */

/* What drives the LEDs. */
#define LEDS_NONE 0
#define LEDS_WS2812 1        /* a WS2812 ("NeoPixel") chain on one pin */
#define LEDS_MAX7219 2       /* an 8x8 single-colour matrix on a MAX7219 (8x8 boards) */

#if defined(MARELLE_PRESET_UNO_HC165_MAX7219)
/* Uno or Nano, 8x8: eight 74HC165s (one input per square) and a MAX7219 matrix. Seven pins in all. */
#define FIRMWARE_NAME "marelle-uno-hc165-" MARELLE_VERSION
#define SENSORS SENSORS_HC165
#define SENSOR_COUNT 64
#define HC165_LOAD_PIN 2
#define HC165_CLOCK_PIN 3
#define HC165_DATA_PIN 4
#define HC165_CHIPS 8
#define LEDS LEDS_MAX7219
#define LED_COUNT 64
#define MAX7219_DIN_PIN 5
#define MAX7219_CLK_PIN 6
#define MAX7219_CS_PIN 7

#elif defined(MARELLE_PRESET_MEGA_MCP23017)
/* Mega, 12x8 Courier board: six MCP23017s at 0x20 to 0x25 on SDA 20 / SCL 21, 96 WS2812s on pin 6. */
#define FIRMWARE_NAME "marelle-mega-mcp23017-" MARELLE_VERSION
#define SENSORS SENSORS_MCP23017
#define SENSOR_COUNT 96
#define MCP23017_CHIPS 6
#define LEDS LEDS_WS2812
#define LED_COUNT 96
#define WS2812_PIN 6

#elif defined(MARELLE_PRESET_UNO_12X8)
/* Uno or Nano, 12x8 Courier board: rows on pins, the 12 columns through two chained 74HC165s, 96 WS2812s. */
#define FIRMWARE_NAME "marelle-uno-12x8-" MARELLE_VERSION
#define SENSORS SENSORS_MATRIX
#define MATRIX_ROWS 8
#define MATRIX_COLUMNS 12
#define ROW_PINS {2, 3, 4, 5, 6, 7, 8, 9}
#define COLUMNS_ON_HC165 1
#define HC165_LOAD_PIN 10
#define HC165_CLOCK_PIN 11
#define HC165_DATA_PIN 12
#define LEDS LEDS_WS2812
#define LED_COUNT 96
#define WS2812_PIN A0

#elif defined(__AVR_ATmega2560__) || defined(MARELLE_PRESET_MEGA)
/* Mega, 12x8 Courier board: a diode matrix of 8 rows and 12 columns, 96 WS2812s (one per square) on pin 6. */
#define FIRMWARE_NAME "marelle-mega-" MARELLE_VERSION
#define SENSORS SENSORS_MATRIX
#define MATRIX_ROWS 8
#define MATRIX_COLUMNS 12
#define ROW_PINS {22, 23, 24, 25, 26, 27, 28, 29}
#define COLUMN_PINS {30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41}
#define LEDS LEDS_WS2812
#define LED_COUNT 96
#define WS2812_PIN 6

#else
/* Uno or Nano (ATmega328P), 8x8: a diode matrix of 8 rows and 8 columns, 64 WS2812s (one per square) on A5.
 * D13 (the "L" LED, which on a Nano loads the pin) is kept for status; D0/D1 are the serial port. */
#define FIRMWARE_NAME "marelle-uno-" MARELLE_VERSION
#define SENSORS SENSORS_MATRIX
#define MATRIX_ROWS 8
#define MATRIX_COLUMNS 8
#define ROW_PINS {2, 3, 4, 5, 6, 7, 8, 9}
#define COLUMN_PINS {10, 11, 12, A0, A1, A2, A3, A4}
#define LEDS LEDS_WS2812
#define LED_COUNT 64
#define WS2812_PIN A5
#endif

/* ---- Settings with the same default on every board (a preset above may set them first). ---- */

#ifndef SERIAL_BAUD
#define SERIAL_BAUD 115200          /* Marelle's default (board.driver.baud) */
#endif

#if SENSORS == SENSORS_MATRIX
#define SENSOR_COUNT (MATRIX_ROWS * MATRIX_COLUMNS)   /* sensor = row x columns + column */
#ifndef MATRIX_ACTIVE_LOW
#define MATRIX_ACTIVE_LOW 1         /* rows idle high, pulled low one at a time; columns pulled up; diodes' band on the row */
#endif
#ifndef MATRIX_SETTLE_MICROS
#define MATRIX_SETTLE_MICROS 20     /* wait between selecting a row and reading its columns; more for long wires */
#endif
#ifndef COLUMNS_ON_HC165
#define COLUMNS_ON_HC165 0
#endif
#if COLUMNS_ON_HC165
#define HC165_CHIPS ((MATRIX_COLUMNS + 7) / 8)
#endif
#endif

#if SENSORS == SENSORS_HC165 || (SENSORS == SENSORS_MATRIX && COLUMNS_ON_HC165)
#ifndef HC165_ACTIVE_LOW
#define HC165_ACTIVE_LOW 1          /* 10 kohm to 5 V on each input, the switch to GND */
#endif
#endif

#if SENSORS == SENSORS_MCP23017
#ifndef MCP23017_FIRST_ADDRESS
#define MCP23017_FIRST_ADDRESS 0x20 /* chip c answers at this + c (address pins A2 A1 A0) */
#endif
#ifndef MCP23017_I2C_HZ
#define MCP23017_I2C_HZ 100000L
#endif
#endif

#if LEDS == LEDS_WS2812
#ifndef WS2812_BRIGHTNESS
#define WS2812_BRIGHTNESS 64        /* 0 to 255, scales every colour: 64 full-white LEDs at 255 would draw 3.8 A */
#endif
#endif

#if LEDS == LEDS_MAX7219
#ifndef MAX7219_INTENSITY
#define MAX7219_INTENSITY 8         /* 0 to 15 */
#endif
#endif

#if LEDS == LEDS_NONE
#undef LED_COUNT
#define LED_COUNT 0
#endif

#ifndef STATUS_LED_PIN
#define STATUS_LED_PIN 13           /* the Arduino's "L" LED: on until a host says hello, blinking on a sensor fault */
#endif

#if SENSOR_COUNT < 1 || SENSOR_COUNT > 128
#error "the protocol carries 1 to 128 sensors"
#endif
#if LED_COUNT > 1024
#error "the protocol carries at most 1024 LEDs"
#endif
#if LEDS == LEDS_MAX7219 && LED_COUNT != 64
#error "a MAX7219 drives 64 LEDs"
#endif

#endif
