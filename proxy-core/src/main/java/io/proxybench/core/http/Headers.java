package io.proxybench.core.http;

import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The mutable header view a filter sees. Names are case-insensitive. Each front end adapts its own
 * header storage to this interface so that no copy is made per request.
 */
public interface Headers {

    /** The first value of {@code name}, or {@code null}. */
    String get(String name);

    /** All values of {@code name} in arrival order; empty when absent. */
    List<String> getAll(String name);

    boolean contains(String name);

    /** Replaces every value of {@code name} with {@code value}. */
    Headers set(String name, String value);

    Headers add(String name, String value);

    Headers remove(String name);

    /** Removes every header whose name passes {@code nameTest}; front ends may do it in one pass. */
    default Headers removeIf(Predicate<String> nameTest) {
        for (String name : names()) {
            if (nameTest.test(name)) {
                remove(name);
            }
        }
        return this;
    }

    /** The distinct names present, in the case they arrived in. */
    Set<String> names();

    int size();
}
