package org.marelle.rules.pgn;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;

/**
 * The PGN files under {@code src/test/resources/pgn} (see PROVENANCE.md there). Large files are stored gzipped; a
 * name without ".gz" finds either form.
 */
final class PgnTestData {

    private PgnTestData() {
    }

    /** Opens a resource such as {@code "lichess/chessjs_benchmark.pgn"}, gunzipping a stored ".gz". */
    static Reader open(String name) {
        String path = "/pgn/" + name;
        try {
            InputStream in = PgnTestData.class.getResourceAsStream(path);
            if (in == null) {
                in = PgnTestData.class.getResourceAsStream(path + ".gz");
                if (in == null) {
                    throw new IllegalArgumentException("no test resource " + path + "[.gz]");
                }
                in = new GZIPInputStream(in, 1 << 16);
            }
            return PgnReader.decode(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every entry of a resource. */
    static List<PgnReader.Entry> read(String name) {
        try (PgnReader r = new PgnReader(open(name), name)) {
            List<PgnReader.Entry> all = new ArrayList<>();
            r.forEachRemaining(all::add);
            return all;
        }
    }

    /** The PGN files of a resource directory, names relative to pgn/ with any ".gz" dropped, sorted. */
    static List<String> files(String dir) {
        URL url = PgnTestData.class.getResource("/pgn/" + dir);
        if (url == null) {
            throw new IllegalArgumentException("no test resource directory /pgn/" + dir);
        }
        try (Stream<Path> s = Files.list(Path.of(url.toURI()))) {
            return s.map(p -> p.getFileName().toString())
                    .filter(n -> n.endsWith(".pgn") || n.endsWith(".pgn.gz"))
                    .map(n -> dir + "/" + (n.endsWith(".gz") ? n.substring(0, n.length() - 3) : n))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * The tree as one string: per node the move, NAGs, comments (blanks collapsed, as the writer re-flows them) and
     * the number of children, in depth-first order. Two games with equal shapes have the same moves, annotations
     * and variations.
     */
    static String shape(PgnGame game) {
        StringBuilder sb = new StringBuilder();
        Deque<GameNode> todo = new ArrayDeque<>();
        todo.push(game.root());
        while (!todo.isEmpty()) {
            GameNode n = todo.pop();
            sb.append(n.move()).append(' ').append(n.nags())
                    .append(n.commentsBefore().stream().map(PgnTestData::collapse).toList())
                    .append(n.commentsAfter().stream().map(PgnTestData::collapse).toList())
                    .append(' ').append(n.variations().size()).append('\n');
            List<GameNode> children = n.variations();
            for (int i = children.size() - 1; i >= 0; i--) {
                todo.push(children.get(i));
            }
        }
        return sb.toString();
    }

    static String collapse(String comment) {
        return comment.strip().replaceAll("\\s+", " ");
    }
}
