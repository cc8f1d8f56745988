/**
 * Board drivers: the code that talks to a physical sensor chessboard and reports what its sensors see.
 *
 * <p>A driver knows nothing about chess. It turns hardware readings (reed switches or Hall sensors
 * scanned over GPIO, I²C expanders, a serial protocol, or a simulator) into <em>occupancy</em>: which
 * squares hold a piece, with the time the scan was taken, and a colour per square where the hardware
 * can tell. Deciding which move that occupancy means is the recognizer's job in the bridge, with the
 * help of the rules core.
 *
 * <p>Drivers sit behind small interfaces so the bridge can be tested with fakes and so new boards need
 * no change elsewhere. Hardware access (Pi4J, jSerialComm) is created at the edge of the daemon and
 * handed to drivers, never looked up by them. LED output is the other direction of the same boundary:
 * drivers display frames they are given and compute nothing themselves.
 *
 * <p>The pieces: {@link org.marelle.board.SensorBoard} and {@link org.marelle.board.LedBoard} are what the
 * rest of Marelle sees. Hardware that is polled implements {@link org.marelle.board.SensorScanner} (GPIO matrix in
 * {@code gpio}, MCP23017 in {@code i2c}, 74HC165 in {@code shift}) and runs inside a
 * {@link org.marelle.board.ScanningSensorBoard}; a {@link org.marelle.board.SensorMapping} places sensors on
 * squares and the {@link org.marelle.board.Debouncer} settles readings, the same for every driver. The serial
 * microcontroller driver ({@code serial}) and the simulator ({@code sim}) are sensor boards of their own.
 * LEDs: {@code layout} places squares on LED chains, {@code led} drives WS2812 and MAX7219 over SPI. Time always
 * comes from an injected {@link java.time.InstantSource}, so tests step the loops by hand. Wiring:
 * {@code docs/wiring.md}; the serial protocol: {@code docs/serial-protocol.md}.
 *
 * <p>How the parts fit: {@code docs/architecture.md}.
 */
package org.marelle.board;
