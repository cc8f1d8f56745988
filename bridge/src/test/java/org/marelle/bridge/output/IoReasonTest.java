package org.marelle.bridge.output;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.BindException;
import java.nio.charset.MalformedInputException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import org.junit.jupiter.api.Test;

/**
 * The failures Java names by class and path alone, in words (issue #14: "cannot start: data/state/current.journal",
 * "cannot read: Input length = 1", "Address already in use").
 */
class IoReasonTest {

    @Test
    void fileFailuresInWordsWithTheFileWhenItIsAnother() {
        // Root (as on the test machines) may read anything, so permission denied is shown on the exception itself.
        AccessDeniedException denied = new AccessDeniedException("data/state/current.journal");
        assertThat(IoReason.of(denied, "data/state")).isEqualTo("data/state/current.journal: permission denied");
        assertThat(IoReason.of(denied, "data/state/current.journal")).isEqualTo("permission denied");
        assertThat(IoReason.of(new NoSuchFileException("x.pgn"), "x.pgn")).isEqualTo("no such file or directory");
        assertThat(IoReason.of(new FileAlreadyExistsException("afile"), "afile")).isEqualTo("exists and is not a directory");
        assertThat(IoReason.of(new FileSystemException("pgn/games", null, "No space left on device"), "pgn"))
                .isEqualTo("pgn/games: no space left on device");
        assertThat(IoReason.of(new UncheckedIOException(new NoSuchFileException("t.jsonl")), "t.jsonl"))
                .isEqualTo("no such file or directory");
    }

    @Test
    void otherFailuresInWords() {
        assertThat(IoReason.of(new MalformedInputException(1))).isEqualTo("not valid UTF-8");
        assertThat(IoReason.of(new BindException("Address already in use")))
                .isEqualTo("the port is already in use (by another program, or another marelle)");
        assertThat(IoReason.of(new BindException("Cannot assign requested address")))
                .isEqualTo("the address is not one of this machine's");
        assertThat(IoReason.of(new IOException("Is a directory"))).isEqualTo("is a directory");
        // A message that is only a path says nothing: it is shown as what it is.
        assertThat(IoReason.of(new IOException("/proc/self/nope2"))).isEqualTo("input/output error (/proc/self/nope2)");
    }
}
