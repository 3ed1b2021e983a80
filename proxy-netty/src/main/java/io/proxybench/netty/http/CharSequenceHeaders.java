package io.proxybench.netty.http;

import io.netty.handler.codec.http.HttpHeaders;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Netty's header API names most operations twice, once taking a {@code String} and once a
 * {@code CharSequence}, plus defaulting and numeric shorthands. Here all of those route to the
 * {@code CharSequence} forms, so a storage implements each operation once.
 */
abstract class CharSequenceHeaders extends HttpHeaders {

    /** Most messages lack the header asked about (Transfer-Encoding, Connection): answered without an iterator. */
    @Override
    public boolean containsValue(CharSequence name, CharSequence value, boolean ignoreCase) {
        return contains(name) && super.containsValue(name, value, ignoreCase);
    }

    // HttpHeaders implements these by calling the String forms, which here call these: a storage must.
    @Override
    public abstract String get(CharSequence name);

    @Override
    public abstract List<String> getAll(CharSequence name);

    @Override
    public abstract boolean contains(CharSequence name);

    @Override
    public abstract boolean contains(CharSequence name, CharSequence value, boolean ignoreCase);

    @Override
    public abstract HttpHeaders add(CharSequence name, Object value);

    @Override
    public abstract HttpHeaders add(CharSequence name, Iterable<?> values);

    @Override
    public abstract HttpHeaders set(CharSequence name, Object value);

    @Override
    public abstract HttpHeaders set(CharSequence name, Iterable<?> values);

    @Override
    public abstract HttpHeaders remove(CharSequence name);

    @Override
    public String get(String name) {
        return get((CharSequence) name);
    }

    @Override
    public String get(CharSequence name, String defaultValue) {
        String v = get(name);
        return v == null ? defaultValue : v;
    }

    @Override
    public int getInt(CharSequence name, int defaultValue) {
        Integer v = getInt(name);
        return v == null ? defaultValue : v;
    }

    @Override
    public short getShort(CharSequence name, short defaultValue) {
        Short v = getShort(name);
        return v == null ? defaultValue : v;
    }

    @Override
    public long getTimeMillis(CharSequence name, long defaultValue) {
        Long v = getTimeMillis(name);
        return v == null ? defaultValue : v;
    }

    @Override
    public List<String> getAll(String name) {
        return getAll((CharSequence) name);
    }

    @Override
    public Iterator<Map.Entry<String, String>> iterator() {
        return entries().iterator();
    }

    @Override
    public boolean contains(String name) {
        return contains((CharSequence) name);
    }

    @Override
    public boolean contains(String name, String value, boolean ignoreCase) {
        return contains((CharSequence) name, value, ignoreCase);
    }

    @Override
    public HttpHeaders add(String name, Object value) {
        return add((CharSequence) name, value);
    }

    @Override
    public HttpHeaders add(String name, Iterable<?> values) {
        return add((CharSequence) name, values);
    }

    @Override
    public HttpHeaders addInt(CharSequence name, int value) {
        return add(name, Integer.toString(value));
    }

    @Override
    public HttpHeaders addShort(CharSequence name, short value) {
        return add(name, Short.toString(value));
    }

    @Override
    public HttpHeaders set(String name, Object value) {
        return set((CharSequence) name, value);
    }

    @Override
    public HttpHeaders set(String name, Iterable<?> values) {
        return set((CharSequence) name, values);
    }

    @Override
    public HttpHeaders setInt(CharSequence name, int value) {
        return set(name, Integer.toString(value));
    }

    @Override
    public HttpHeaders setShort(CharSequence name, short value) {
        return set(name, Short.toString(value));
    }

    @Override
    public HttpHeaders remove(String name) {
        return remove((CharSequence) name);
    }
}
