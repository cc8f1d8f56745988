package org.marelle.bridge.maker;

import java.util.ArrayList;
import java.util.List;
import org.marelle.board.SensorMapping;

/**
 * Writes a calibrated sensor table into configuration text, leaving the rest of the file as it was (comments,
 * order, blank lines): the {@code sensors:} entry under the top-level {@code board:} is replaced as a whole by
 * {@code sensors: {table: |...}}, or added at the end of {@code board:} when there is none. Comments inside the old
 * {@code sensors:} entry go with it. The text is edited line by line rather than parsed and dumped, because a YAML
 * dump would drop the maker's comments.
 */
public final class SensorTableWriter {

    private SensorTableWriter() {
    }

    /**
     * The configuration text with this mapping as {@code board.sensors.table}.
     *
     * @throws IllegalArgumentException when the text has no top-level {@code board:} line
     */
    public static String withTable(String yaml, SensorMapping mapping) {
        List<String> lines = new ArrayList<>(yaml.lines().toList());
        int board = -1;
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).matches("board:\\s*(#.*)?")) {
                board = i;
                break;
            }
        }
        if (board < 0) throw new IllegalArgumentException("no top-level 'board:' entry to write the sensor table into");
        int end = board + 1;   // first line after the board block
        int childIndent = -1;
        while (end < lines.size()) {
            String l = lines.get(end);
            if (!isBlankOrComment(l)) {
                int ind = indent(l);
                if (ind == 0) break;
                if (childIndent < 0) childIndent = ind;
            }
            end++;
        }
        if (childIndent < 0) childIndent = 2;
        // Trailing blank lines and comments belong to what follows the block.
        while (end > board + 1 && isBlankOrComment(lines.get(end - 1))) end--;
        int from = -1, to = -1;
        for (int i = board + 1; i < end; i++) {
            String l = lines.get(i);
            if (!isBlankOrComment(l) && indent(l) == childIndent && l.strip().matches("sensors\\s*:.*")) {
                from = i;
                to = i + 1;
                while (to < end && (isBlankOrComment(lines.get(to)) || indent(lines.get(to)) > childIndent)) to++;
                while (to > from + 1 && isBlankOrComment(lines.get(to - 1))) to--;
                break;
            }
        }
        List<String> block = block(mapping, " ".repeat(childIndent));
        if (from >= 0) {
            lines.subList(from, to).clear();
            lines.addAll(from, block);
        } else {
            lines.addAll(end, block);
        }
        return String.join("\n", lines) + "\n";
    }

    private static List<String> block(SensorMapping mapping, String indent) {
        List<String> out = new ArrayList<>();
        out.add(indent + "sensors:");
        out.add(indent + "  # Written by 'marelle calibrate': the square each sensor watches, in sensor order");
        out.add(indent + "  # (one line per " + mapping.files() + " sensors; '-' marks a sensor that watches none).");
        out.add(indent + "  table: |");
        for (String l : mapping.toText().split("\n")) out.add(indent + "    " + l);
        return out;
    }

    private static boolean isBlankOrComment(String line) {
        String s = line.strip();
        return s.isEmpty() || s.startsWith("#");
    }

    private static int indent(String line) {
        int i = 0;
        while (i < line.length() && line.charAt(i) == ' ') i++;
        return i;
    }
}
