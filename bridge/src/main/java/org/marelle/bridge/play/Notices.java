package org.marelle.bridge.play;

/** What the player should know about an opponent elsewhere: failing, tried again, back, a challenge taken. */
public interface Notices {
    void info(String line);

    void error(String line);
}
