package io.proxybench.loadtest.sample;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Predicate;

/**
 * HotSpot's performance-data file ({@code /tmp/hsperfdata_<user>/<pid>}, what jstat reads): a
 * prologue, then one entry per counter, each a name and a value the JVM updates in place. The file
 * stays mapped, so a reading costs the watched JVM nothing; only the JVM's 64-bit counters are
 * indexed (the strings and byte arrays are not needed here).
 */
public final class PerfDataFile {

    /** The prologue's first four bytes, in the file's byte order whatever the JVM's. */
    static final int MAGIC = 0xcafec0c0;

    private static final int PROLOGUE_BYTES = 32;
    private static final byte TYPE_LONG = 'J';

    private final Path path;
    private final MappedByteBuffer buffer;
    private final Map<String, Integer> longOffsets;

    private PerfDataFile(Path path, MappedByteBuffer buffer, Map<String, Integer> longOffsets) {
        this.path = path;
        this.buffer = buffer;
        this.longOffsets = longOffsets;
    }

    /** Where HotSpot on Linux keeps the files, whatever {@code java.io.tmpdir} says. */
    public static final Path ROOT = Path.of("/tmp");

    /** The file a HotSpot JVM of {@code pid} run by {@code user} publishes under {@code root}. */
    /** What the directory of a user's files is named after, before the user's name. */
    public static final String DIR_PREFIX = "hsperfdata_";

    public static Path pathOf(Path root, String user, long pid) {
        return root.resolve(DIR_PREFIX + user).resolve(Long.toString(pid));
    }

    /**
     * Maps and indexes {@code path}; fails with a message when it is not a complete perf-data file
     * (a JVM still starting has not yet marked it accessible).
     */
    public static PerfDataFile open(Path path) throws IOException {
        MappedByteBuffer buffer;
        try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ)) {
            long size = channel.size();
            if (size < PROLOGUE_BYTES) {
                throw new IOException(path + ": " + size + " bytes, shorter than a perf-data prologue");
            }
            buffer = channel.map(FileChannel.MapMode.READ_ONLY, 0, size);
        }
        if (buffer.order(ByteOrder.BIG_ENDIAN).getInt(0) != MAGIC) {
            throw new IOException(path + ": not a HotSpot perf-data file");
        }
        buffer.order(buffer.get(4) == 0 ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN);
        if (buffer.get(5) != 2) {
            throw new IOException(path + ": perf-data version " + buffer.get(5) + " (2 is read)");
        }
        if (buffer.get(7) == 0) {
            throw new IOException(path + ": the JVM has not finished writing it");
        }
        return new PerfDataFile(path, buffer, indexLongs(path, buffer));
    }

    private static Map<String, Integer> indexLongs(Path path, ByteBuffer buffer) throws IOException {
        int offset = buffer.getInt(24);
        int entries = buffer.getInt(28);
        Map<String, Integer> longs = new LinkedHashMap<>();
        for (int i = 0; i < entries; i++) {
            if (offset < PROLOGUE_BYTES || offset + 20 > buffer.limit()) {
                throw new IOException(path + ": entry " + i + " lies outside the file");
            }
            int length = buffer.getInt(offset);
            int nameOffset = buffer.getInt(offset + 4);
            int vectorLength = buffer.getInt(offset + 8);
            byte type = buffer.get(offset + 12);
            int dataOffset = buffer.getInt(offset + 16);
            if (length <= 0 || offset + length > buffer.limit()) {
                throw new IOException(path + ": entry " + i + " has a length of " + length);
            }
            if (type == TYPE_LONG && vectorLength == 0 && dataOffset + 8 <= length) {
                longs.put(name(buffer, offset + nameOffset, offset + length), offset + dataOffset);
            }
            offset += length;
        }
        return Map.copyOf(longs);
    }

    private static String name(ByteBuffer buffer, int from, int limit) {
        int end = from;
        while (end < limit && buffer.get(end) != 0) {
            end++;
        }
        byte[] bytes = new byte[end - from];
        buffer.get(from, bytes);
        return new String(bytes, StandardCharsets.US_ASCII);
    }

    public Path path() {
        return path;
    }

    /** The counter's value now; fails when this JVM has no such 64-bit counter. */
    public long longValue(String name) throws IOException {
        Integer at = longOffsets.get(name);
        if (at == null) {
            throw new IOException(path + ": no counter " + name);
        }
        return buffer.getLong(at);
    }

    /** Whether this JVM publishes a 64-bit counter of that name. */
    public boolean has(String name) {
        return longOffsets.containsKey(name);
    }

    /** The sum of every 64-bit counter whose name {@code names} admits, and how many there were. */
    public Sum sum(Predicate<String> names) {
        long total = 0;
        int count = 0;
        for (Map.Entry<String, Integer> e : longOffsets.entrySet()) {
            if (names.test(e.getKey())) {
                total += buffer.getLong(e.getValue());
                count++;
            }
        }
        return new Sum(total, count);
    }

    /** A sum of counters; {@code counters} is 0 when no name matched. */
    public record Sum(long total, int counters) {}
}
