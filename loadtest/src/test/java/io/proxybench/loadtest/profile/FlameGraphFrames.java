package io.proxybench.loadtest.profile;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The frame names of an async-profiler HTML flame graph. The page keeps them in a {@code cpool} array,
 * each entry sharing a prefix with the one before it: the first character's code minus 32 is how many
 * characters to take from the previous name.
 */
public final class FlameGraphFrames {

    private static final Pattern POOL = Pattern.compile("const cpool = \\[\\R(.*?)\\R\\];", Pattern.DOTALL);
    private static final Pattern ENTRY = Pattern.compile("^'(.*)',?$");

    private FlameGraphFrames() {}

    /** Every frame name but the root {@code all}; empty for a graph that recorded nothing. */
    public static List<String> of(Path html) throws IOException {
        Matcher pool = POOL.matcher(Files.readString(html));
        if (!pool.find()) {
            throw new IllegalArgumentException(html + " holds no frame pool");
        }
        List<String> names = new ArrayList<>();
        String previous = "";
        for (String line : pool.group(1).split("\\R")) {
            Matcher entry = ENTRY.matcher(line.strip());
            if (!entry.matches()) {
                throw new IllegalArgumentException(html + ": unexpected pool entry " + line);
            }
            String packed = entry.group(1).replace("\\'", "'").replace("\\\\", "\\");
            String name = names.isEmpty() && previous.isEmpty()
                    ? packed
                    : previous.substring(0, packed.charAt(0) - 32) + packed.substring(1);
            names.add(name);
            previous = name;
        }
        return names.subList(1, names.size());
    }
}
