package org.marelle.bridge.config;

/**
 * The {@code publish} section: where the board's game goes besides its own files and page (docs/mqtt.md). Today an
 * MQTT broker, for a club's round of many boards.
 *
 * @param mqtt the broker to publish to
 */
public record PublishConfig(Mqtt mqtt) {

    /**
     * @param url             {@code tcp://HOST:PORT} or {@code ssl://HOST:PORT} (required)
     * @param credentialsFile a file holding the user name on its first line and the password on its second (default:
     *                        none, an anonymous client)
     * @param prefix          the topics' root level (default {@code marelle})
     * @param round           the round's topic level (default: the game's {@code Round} tag, else {@code -})
     * @param clientId        the MQTT client id, unique on the broker (default {@code marelle-board-BOARD})
     */
    public record Mqtt(String url, String credentialsFile, String prefix, String round, String clientId) {
        public Mqtt {
            if (prefix == null) prefix = "marelle";
        }
    }
}
