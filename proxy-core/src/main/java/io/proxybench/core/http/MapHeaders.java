package io.proxybench.core.http;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

/**
 * A plain {@link Headers} for front ends without a header structure of their own, and for tests.
 *
 * <p>A request carries a dozen or two headers: a flat list searched with
 * {@link String#equalsIgnoreCase} beats a hash map keyed by lower-cased names, which allocates a
 * new string on every lookup. Arrival order is kept, so headers reach the origin as sent.
 */
public final class MapHeaders implements Headers {

    private final ArrayList<String> names = new ArrayList<>(16);
    private final ArrayList<String> values = new ArrayList<>(16);

    @Override
    public String get(String name) {
        for (int i = 0, n = names.size(); i < n; i++) {
            if (names.get(i).equalsIgnoreCase(name)) {
                return values.get(i);
            }
        }
        return null;
    }

    @Override
    public List<String> getAll(String name) {
        List<String> found = null;
        for (int i = 0, n = names.size(); i < n; i++) {
            if (names.get(i).equalsIgnoreCase(name)) {
                if (found == null) {
                    found = new ArrayList<>(2);
                }
                found.add(values.get(i));
            }
        }
        return found == null ? List.of() : List.copyOf(found);
    }

    @Override
    public boolean contains(String name) {
        for (int i = 0, n = names.size(); i < n; i++) {
            if (names.get(i).equalsIgnoreCase(name)) {
                return true;
            }
        }
        return false;
    }

    /** Replaces the first value in place (keeping its position) and drops any others. */
    @Override
    public MapHeaders set(String name, String value) {
        int first = -1;
        for (int i = names.size() - 1; i >= 0; i--) {
            if (names.get(i).equalsIgnoreCase(name)) {
                if (first >= 0) {
                    names.remove(first);
                    values.remove(first);
                }
                first = i;
            }
        }
        if (first < 0) {
            names.add(name);
            values.add(value);
        } else {
            names.set(first, name);
            values.set(first, value);
        }
        return this;
    }

    @Override
    public MapHeaders add(String name, String value) {
        names.add(name);
        values.add(value);
        return this;
    }

    @Override
    public MapHeaders remove(String name) {
        for (int i = names.size() - 1; i >= 0; i--) {
            if (names.get(i).equalsIgnoreCase(name)) {
                names.remove(i);
                values.remove(i);
            }
        }
        return this;
    }

    @Override
    public MapHeaders removeIf(Predicate<String> nameTest) {
        int kept = 0;
        for (int i = 0, n = names.size(); i < n; i++) {
            if (!nameTest.test(names.get(i))) {
                names.set(kept, names.get(i));
                values.set(kept, values.get(i));
                kept++;
            }
        }
        names.subList(kept, names.size()).clear();
        values.subList(kept, values.size()).clear();
        return this;
    }

    @Override
    public Set<String> names() {
        Set<String> distinct = new LinkedHashSet<>();
        outer:
        for (String n : names) {
            for (String seen : distinct) {
                if (seen.equalsIgnoreCase(n)) {
                    continue outer;
                }
            }
            distinct.add(n);
        }
        return distinct;
    }

    @Override
    public int size() {
        return names.size();
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < names.size(); i++) {
            sb.append(names.get(i)).append(": ").append(values.get(i)).append('\n');
        }
        return sb.toString();
    }
}
