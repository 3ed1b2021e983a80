package io.proxybench.common.units;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The shared tables of spellings ({@code duration-cases.tsv}, {@code byte-size-cases.tsv} next to
 * this class), read from the classpath so that every module that parses durations or sizes can run
 * its own parse path over the same rows (they come with this module's test-jar).
 */
public final class UnitCases {

    /**
     * One row: the text as typed, and either the value it means (nanoseconds or bytes) with its
     * canonical spelling, or the refusal message.
     */
    public record Case(String input, Long value, String spellingOrMessage) {

        public boolean accepted() {
            return value != null;
        }

        /** The canonical spelling of an accepted row. */
        public String spelling() {
            return spellingOrMessage;
        }

        /** The refusal message of a refused row, the same in every process. */
        public String message() {
            return spellingOrMessage;
        }

        @Override
        public String toString() {
            return "'" + input + "'";
        }
    }

    private UnitCases() {}

    public static List<Case> durations() {
        return read("duration-cases.tsv");
    }

    public static List<Case> byteSizes() {
        return read("byte-size-cases.tsv");
    }

    private static List<Case> read(String name) {
        List<Case> cases = new ArrayList<>();
        try (InputStream in = UnitCases.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("case table " + name + " is not on the classpath");
            }
            BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            String line;
            while ((line = reader.readLine()) != null) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                String[] cells = line.split("\t", -1);
                if (cells.length != 3) {
                    throw new IllegalStateException(name + ": expected 3 tab-separated cells in: " + line);
                }
                String input = cells[0].equals("\"\"") ? "" : cells[0];
                Long value = cells[1].equals("error") ? null : Long.valueOf(cells[1]);
                cases.add(new Case(input, value, cells[2]));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return cases;
    }
}
