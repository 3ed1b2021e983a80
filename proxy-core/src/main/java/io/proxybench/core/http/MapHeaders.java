package io.proxybench.core.http;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** A plain {@link Headers} for front ends without a header structure of their own, and for tests. */
public final class MapHeaders implements Headers {

    private final Map<String, Entry> byLowerName = new LinkedHashMap<>();

    private static final class Entry {
        final String name;
        final List<String> values = new ArrayList<>(1);

        Entry(String name) {
            this.name = name;
        }
    }

    private static String key(String name) {
        return name.toLowerCase(Locale.ROOT);
    }

    @Override
    public String get(String name) {
        Entry e = byLowerName.get(key(name));
        return e == null ? null : e.values.get(0);
    }

    @Override
    public List<String> getAll(String name) {
        Entry e = byLowerName.get(key(name));
        return e == null ? List.of() : Collections.unmodifiableList(e.values);
    }

    @Override
    public boolean contains(String name) {
        return byLowerName.containsKey(key(name));
    }

    @Override
    public MapHeaders set(String name, String value) {
        Entry e = new Entry(name);
        e.values.add(value);
        byLowerName.put(key(name), e);
        return this;
    }

    @Override
    public MapHeaders add(String name, String value) {
        byLowerName.computeIfAbsent(key(name), k -> new Entry(name)).values.add(value);
        return this;
    }

    @Override
    public MapHeaders remove(String name) {
        byLowerName.remove(key(name));
        return this;
    }

    @Override
    public Set<String> names() {
        Set<String> names = new LinkedHashSet<>();
        for (Entry e : byLowerName.values()) {
            names.add(e.name);
        }
        return names;
    }

    @Override
    public int size() {
        int n = 0;
        for (Entry e : byLowerName.values()) {
            n += e.values.size();
        }
        return n;
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        for (Entry e : byLowerName.values()) {
            for (String v : e.values) {
                sb.append(e.name).append(": ").append(v).append('\n');
            }
        }
        return sb.toString();
    }
}
