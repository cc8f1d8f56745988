/* Sensors on MCP23017 I2C expanders, one input per sensor (docs/wiring.md §2): sensor 16 x chip + 0..7 is GPA0..7,
 * + 8..15 is GPB0..7, chip c at address MCP23017_FIRST_ADDRESS + c. Inputs are active low, with the chip's own
 * pull-ups switched on. A chip that does not acknowledge is reported (E SENSOR) and set up again when it answers,
 * since a chip that lost power comes back with its pull-ups off. */
#include "config.h"

#if SENSORS == SENSORS_MCP23017
#include <Arduino.h>
#include <Wire.h>

#include "src/hw.h"

#define CHIPS ((SENSOR_COUNT + 15) / 16)
/* Registers with IOCON.BANK = 0, the power-on default. */
#define IODIRA 0x00
#define IODIRB 0x01
#define GPPUA 0x0C
#define GPPUB 0x0D
#define GPIOA 0x12

static uint8_t ready[CHIPS];
static char fault[] = "MCP23017 0x20";

static uint8_t write_register(uint8_t address, uint8_t reg, uint8_t value) {
    Wire.beginTransmission(address);
    Wire.write(reg);
    Wire.write(value);
    return Wire.endTransmission() == 0;
}

static uint8_t set_up(uint8_t address) {
    return write_register(address, IODIRA, 0xFF) && write_register(address, IODIRB, 0xFF)
           && write_register(address, GPPUA, 0xFF) && write_register(address, GPPUB, 0xFF);
}

extern "C" void hw_sensors_begin(void) {
    Wire.begin();
    Wire.setClock(MCP23017_I2C_HZ);
#if defined(ARDUINO_ARCH_AVR)
    /* A bus held low by a wiring fault must not hang the firmware: give up on a transfer after 5 ms. (The AVR's
     * Wire waits forever otherwise; other cores' Wire libraries have a timeout of their own.) */
    Wire.setWireTimeout(5000, true);
#endif
    for (uint8_t c = 0; c < CHIPS; c++) ready[c] = set_up((uint8_t)(MCP23017_FIRST_ADDRESS + c));
}

/* Both ports of one chip (GPIOA then GPIOB, the address pointer moving on by itself); 0 when it does not answer. */
static uint8_t read_chip(uint8_t address, uint8_t *a, uint8_t *b) {
    Wire.beginTransmission(address);
    Wire.write(GPIOA);
    if (Wire.endTransmission() != 0) return 0;
    if (Wire.requestFrom(address, (uint8_t)2) != 2) return 0;
    *a = (uint8_t)Wire.read();
    *b = (uint8_t)Wire.read();
    return 1;
}

extern "C" const char *hw_sensors_read(uint8_t *raw) {
    const char *said = 0;
    for (uint8_t c = 0; c < CHIPS; c++) {
        uint8_t address = (uint8_t)(MCP23017_FIRST_ADDRESS + c), a, b;
        if (!ready[c]) ready[c] = set_up(address);
        if (ready[c] && read_chip(address, &a, &b)) {
            raw[2 * c] = (uint8_t)~a;   /* a closed switch pulls its input low */
            if (16 * c + 8 < SENSOR_COUNT) raw[2 * c + 1] = (uint8_t)~b;
        } else {
            ready[c] = 0;                /* its sensors keep their last state */
            if (!said) {
                fault[sizeof fault - 2] = "0123456789ABCDEF"[address & 0x0F];
                said = fault;
            }
        }
    }
    return said;
}
#endif
