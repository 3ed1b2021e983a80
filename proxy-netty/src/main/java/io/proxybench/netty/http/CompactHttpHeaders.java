package io.proxybench.netty.http;

import io.netty.handler.codec.CharSequenceValueConverter;
import io.netty.handler.codec.DateFormatter;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.util.AsciiString;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Calendar;
import java.util.Collections;
import java.util.Date;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The headers of one message as name/value pairs in a single array, in arrival order. A proxied
 * head carries a handful of headers, and every request makes two heads and usually an empty
 * trailer block; Netty's hash table costs a table, a list head and one entry object per header
 * for each of them, where this costs two references per header and nothing at all for a block
 * that stays empty. Looking a name up scans the pairs: as quick as hashing at this size, and
 * bounded by the decoders' head-size limit.
 *
 * <p>Behaviour follows {@code DefaultHttpHeaders}: names compare case-insensitively, values keep
 * the type they were given, {@code set} replaces every value and appends at the end, and every
 * name and value added passes the same validators, so nothing can smuggle a line break into a
 * head. One difference: {@link #iteratorCharSequence()} hands out one entry object that moves
 * along with the iterator (read it before calling {@code next} again), so writing a head out
 * allocates no entry per header.
 */
public final class CompactHttpHeaders extends CharSequenceHeaders {

    private static final CharSequence[] NONE = new CharSequence[0];
    private static final Function<CharSequence, Integer> TO_INT = CharSequenceValueConverter.INSTANCE::convertToInt;
    private static final Function<CharSequence, Short> TO_SHORT = CharSequenceValueConverter.INSTANCE::convertToShort;
    private static final Function<CharSequence, Long> TO_MILLIS =
            CharSequenceValueConverter.INSTANCE::convertToTimeMillis;

    private final CompactHeadersFactory rules;
    /** Name at 2i, value at 2i+1. */
    private CharSequence[] pairs = NONE;

    private int size;

    CompactHttpHeaders(CompactHeadersFactory rules) {
        this.rules = rules;
    }

    // ---- reading

    private int indexOf(CharSequence name, int from) {
        Objects.requireNonNull(name, "name");
        for (int i = from; i < size; i++) {
            if (AsciiString.contentEqualsIgnoreCase(pairs[2 * i], name)) {
                return i;
            }
        }
        return -1;
    }

    private CharSequence first(CharSequence name) {
        int i = indexOf(name, 0);
        return i < 0 ? null : pairs[2 * i + 1];
    }

    @Override
    public String get(CharSequence name) {
        CharSequence v = first(name);
        return v == null ? null : v.toString();
    }

    @Override
    public Integer getInt(CharSequence name) {
        return converted(name, TO_INT);
    }

    @Override
    public Short getShort(CharSequence name) {
        return converted(name, TO_SHORT);
    }

    @Override
    public Long getTimeMillis(CharSequence name) {
        return converted(name, TO_MILLIS);
    }

    /** As Netty's headers do: a value that does not convert reads as absent. */
    private <T> T converted(CharSequence name, Function<CharSequence, T> conversion) {
        CharSequence v = first(name);
        try {
            return v == null ? null : conversion.apply(v);
        } catch (RuntimeException unconvertible) {
            return null;
        }
    }

    /** Empty and single-valued answers (nearly all of them) come without a list to fill. */
    @Override
    public List<String> getAll(CharSequence name) {
        int i = indexOf(name, 0);
        if (i < 0) {
            return Collections.emptyList();
        }
        int next = indexOf(name, i + 1);
        if (next < 0) {
            return Collections.singletonList(pairs[2 * i + 1].toString());
        }
        List<String> values = new ArrayList<>(4);
        for (; i >= 0; i = indexOf(name, i + 1)) {
            values.add(pairs[2 * i + 1].toString());
        }
        return values;
    }

    @Override
    public Iterator<String> valueStringIterator(CharSequence name) {
        return new ValueIterator<>(name, true);
    }

    @Override
    public Iterator<? extends CharSequence> valueCharSequenceIterator(CharSequence name) {
        return new ValueIterator<>(name, false);
    }

    @Override
    public List<Map.Entry<String, String>> entries() {
        List<Map.Entry<String, String>> all = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            all.add(new AbstractMap.SimpleImmutableEntry<>(pairs[2 * i].toString(), pairs[2 * i + 1].toString()));
        }
        return all;
    }

    @Override
    public Iterator<Map.Entry<CharSequence, CharSequence>> iteratorCharSequence() {
        return new PairCursor();
    }

    @Override
    public boolean contains(CharSequence name) {
        return indexOf(name, 0) >= 0;
    }

    @Override
    public boolean contains(CharSequence name, CharSequence value, boolean ignoreCase) {
        for (int i = indexOf(name, 0); i >= 0; i = indexOf(name, i + 1)) {
            CharSequence v = pairs[2 * i + 1];
            if (ignoreCase ? AsciiString.contentEqualsIgnoreCase(v, value) : AsciiString.contentEquals(v, value)) {
                return true;
            }
        }
        return false;
    }

    /** Whether any header is named one of {@code names}: one pass, and no iterator to allocate. */
    public boolean containsAnyName(AsciiString[] names) {
        for (int i = 0; i < size; i++) {
            for (AsciiString name : names) {
                if (name.contentEqualsIgnoreCase(pairs[2 * i])) {
                    return true;
                }
            }
        }
        return false;
    }

    CharSequence nameAt(int i) {
        return pairs[2 * i];
    }

    CharSequence valueAt(int i) {
        return pairs[2 * i + 1];
    }

    @Override
    public boolean isEmpty() {
        return size == 0;
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public Set<String> names() {
        Set<String> names = new LinkedHashSet<>();
        for (int i = 0; i < size; i++) {
            names.add(pairs[2 * i].toString());
        }
        return names;
    }

    // ---- writing

    @Override
    public HttpHeaders add(CharSequence name, Object value) {
        rules.validateName(name);
        append(name, checkedValue(name, value));
        return this;
    }

    @Override
    public HttpHeaders add(CharSequence name, Iterable<?> values) {
        rules.validateName(name);
        for (Object value : values) {
            append(name, checkedValue(name, value));
        }
        return this;
    }

    /** Validates before removing, so a refused value leaves the old ones in place. */
    @Override
    public HttpHeaders set(CharSequence name, Object value) {
        rules.validateName(name);
        CharSequence checked = checkedValue(name, value);
        removeAll(name);
        append(name, checked);
        return this;
    }

    @Override
    public HttpHeaders set(CharSequence name, Iterable<?> values) {
        rules.validateName(name);
        List<CharSequence> checked = new ArrayList<>();
        for (Object value : values) {
            checked.add(checkedValue(name, value));
        }
        removeAll(name);
        for (CharSequence value : checked) {
            append(name, value);
        }
        return this;
    }

    @Override
    public HttpHeaders remove(CharSequence name) {
        removeAll(name);
        return this;
    }

    @Override
    public HttpHeaders clear() {
        Arrays.fill(pairs, 0, 2 * size, null);
        size = 0;
        return this;
    }

    @Override
    public HttpHeaders copy() {
        CompactHttpHeaders copy = new CompactHttpHeaders(rules);
        copy.pairs = size == 0 ? NONE : Arrays.copyOf(pairs, 2 * size);
        copy.size = size;
        return copy;
    }

    private CharSequence checkedValue(CharSequence name, Object value) {
        Objects.requireNonNull(value, "value");
        CharSequence v;
        if (value instanceof CharSequence) {
            v = (CharSequence) value;
        } else if (value instanceof Date) {
            v = DateFormatter.format((Date) value);
        } else if (value instanceof Calendar) {
            v = DateFormatter.format(((Calendar) value).getTime());
        } else {
            v = value.toString();
        }
        rules.validateValue(name, v);
        return v;
    }

    private void append(CharSequence name, CharSequence value) {
        if (2 * size == pairs.length) {
            pairs = Arrays.copyOf(pairs, pairs.length == 0 ? 2 * rules.expectedHeaders() : 2 * pairs.length);
        }
        pairs[2 * size] = name;
        pairs[2 * size + 1] = value;
        size++;
    }

    /** Removes every header whose name passes {@code nameTest}: one pass, however many names go. */
    public void removeNamesMatching(Predicate<String> nameTest) {
        removeWhere(null, nameTest);
    }

    private void removeAll(CharSequence name) {
        removeWhere(name, null);
    }

    /** Drops the pairs named {@code name} (any case), or else those whose name passes {@code nameTest}. */
    private void removeWhere(CharSequence name, Predicate<String> nameTest) {
        int kept = 0;
        for (int i = 0; i < size; i++) {
            CharSequence n = pairs[2 * i];
            if (name != null ? !AsciiString.contentEqualsIgnoreCase(n, name) : !nameTest.test(n.toString())) {
                pairs[2 * kept] = n;
                pairs[2 * kept + 1] = pairs[2 * i + 1];
                kept++;
            }
        }
        Arrays.fill(pairs, 2 * kept, 2 * size, null);
        size = kept;
    }

    private void removeAt(int i) {
        System.arraycopy(pairs, 2 * i + 2, pairs, 2 * i, 2 * (size - i - 1));
        size--;
        pairs[2 * size] = null;
        pairs[2 * size + 1] = null;
    }

    /** The values of one name, found one at a time. */
    private final class ValueIterator<T extends CharSequence> implements Iterator<T> {
        private final CharSequence name;
        private final boolean asString;
        private int next;

        ValueIterator(CharSequence name, boolean asString) {
            this.name = name;
            this.asString = asString;
            this.next = indexOf(name, 0);
        }

        @Override
        public boolean hasNext() {
            return next >= 0;
        }

        @Override
        @SuppressWarnings("unchecked")
        public T next() {
            if (next < 0) {
                throw new NoSuchElementException();
            }
            CharSequence v = pairs[2 * next + 1];
            next = indexOf(name, next + 1);
            return (T) (asString ? v.toString() : v);
        }
    }

    /** Iterator and, for the pair it last returned, the entry. */
    private final class PairCursor
            implements Iterator<Map.Entry<CharSequence, CharSequence>>, Map.Entry<CharSequence, CharSequence> {
        private int current = -1;

        @Override
        public boolean hasNext() {
            return current + 1 < size;
        }

        @Override
        public Map.Entry<CharSequence, CharSequence> next() {
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            current++;
            return this;
        }

        @Override
        public void remove() {
            if (current < 0) {
                throw new IllegalStateException();
            }
            removeAt(current--);
        }

        @Override
        public CharSequence getKey() {
            return pairs[2 * current];
        }

        @Override
        public CharSequence getValue() {
            return pairs[2 * current + 1];
        }

        @Override
        public CharSequence setValue(CharSequence value) {
            CharSequence old = pairs[2 * current + 1];
            pairs[2 * current + 1] = checkedValue(pairs[2 * current], value);
            return old;
        }

        @Override
        public String toString() {
            return getKey() + "=" + getValue();
        }
    }
}
