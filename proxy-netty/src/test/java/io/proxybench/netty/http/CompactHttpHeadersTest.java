package io.proxybench.netty.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.handler.codec.http.DefaultHttpHeadersFactory;
import io.netty.handler.codec.http.DefaultHttpRequest;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.util.AsciiString;
import io.proxybench.common.testing.TestSeed;
import io.proxybench.common.testing.TestSeedExtension;
import java.util.ArrayList;
import java.util.Date;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(TestSeedExtension.class)
class CompactHttpHeadersTest {

    private static final String[] NAMES = {"Host", "host", "Accept", "X-A", "x-a", "Via", "Connection", "X-B"};
    private static final String[] VALUES = {"a", "b", "close", "Keep-Alive, Close", "1", "x y", ""};

    /** Random add / set / remove sequences leave both storages reading the same, in the same order. */
    @Test
    void answersEveryQueryAsNettysOwnHeadersDoAfterTheSameChanges(TestSeed seed) {
        Random random = seed.random();
        for (int round = 0; round < 300; round++) {
            HttpHeaders compact = CompactHeadersFactory.HEADERS.newHeaders();
            HttpHeaders netty = DefaultHttpHeadersFactory.headersFactory().newHeaders();
            for (int op = 0; op < 20; op++) {
                String name = NAMES[random.nextInt(NAMES.length)];
                String value = VALUES[random.nextInt(VALUES.length)];
                switch (random.nextInt(6)) {
                    case 0, 1 -> {
                        compact.add(name, value);
                        netty.add(name, value);
                    }
                    case 2 -> {
                        compact.set(name, value);
                        netty.set(name, value);
                    }
                    case 3 -> {
                        compact.remove(name);
                        netty.remove(name);
                    }
                    case 4 -> {
                        // Case-blind, as every caller's test is: Headers' default removes all
                        // cases of a name when one passes, the one-pass removal judges each header.
                        Predicate<String> test = n -> n.equalsIgnoreCase(name) || n.regionMatches(true, 0, "x-", 0, 2);
                        new NettyHeaders(compact).removeIf(test);
                        new NettyHeaders(netty).removeIf(test);
                    }
                    default -> {
                        compact.set(name, List.of(value, "2nd"));
                        netty.set(name, List.of(value, "2nd"));
                    }
                }
                assertSameView(compact, netty);
            }
        }
    }

    private static void assertSameView(HttpHeaders compact, HttpHeaders netty) {
        assertThat(pairs(compact)).isEqualTo(pairs(netty));
        assertThat(compact.size()).isEqualTo(netty.size());
        assertThat(compact.isEmpty()).isEqualTo(netty.isEmpty());
        assertThat(compact.names()).containsExactlyInAnyOrderElementsOf(netty.names());
        assertThat(((CompactHttpHeaders) compact)
                        .containsAnyName(new AsciiString[] {AsciiString.of("CONNECTION"), AsciiString.of("x-b")}))
                .isEqualTo(netty.contains("Connection") || netty.contains("X-B"));
        for (String name : NAMES) {
            AsciiString ascii = AsciiString.of(name.toUpperCase());
            assertThat(compact.get(ascii)).isEqualTo(netty.get(ascii));
            assertThat(compact.getAll(ascii)).isEqualTo(netty.getAll(ascii));
            assertThat(compact.contains(ascii)).isEqualTo(netty.contains(ascii));
            for (String value : VALUES) {
                assertThat(compact.contains(name, value.toUpperCase(), true))
                        .isEqualTo(netty.contains(name, value.toUpperCase(), true));
                assertThat(compact.contains(name, value.toUpperCase(), false))
                        .isEqualTo(netty.contains(name, value.toUpperCase(), false));
                assertThat(compact.containsValue(name, value, true)).isEqualTo(netty.containsValue(name, value, true));
            }
        }
    }

    private static List<String> pairs(HttpHeaders h) {
        List<String> out = new ArrayList<>();
        Iterator<Map.Entry<CharSequence, CharSequence>> it = h.iteratorCharSequence();
        while (it.hasNext()) {
            Map.Entry<CharSequence, CharSequence> e = it.next();
            out.add(e.getKey() + ": " + e.getValue());
        }
        List<String> viaStrings = new ArrayList<>();
        h.forEach(e -> viaStrings.add(e.getKey() + ": " + e.getValue()));
        assertThat(viaStrings)
                .as("String iteration agrees with CharSequence iteration")
                .isEqualTo(out);
        return out;
    }

    @Test
    void keepsEveryHeaderFindableCaseInsensitivelyPastItsFirstStorage() {
        HttpHeaders h = CompactHeadersFactory.HEADERS.newHeaders();
        for (int i = 0; i < 40; i++) {
            h.add("X-Header-" + i, "v" + i);
        }
        h.add("x-header-7", "second");
        assertThat(h.size()).isEqualTo(41);
        for (int i = 0; i < 40; i++) {
            assertThat(h.get("x-HEADER-" + i)).isEqualTo("v" + i);
        }
        assertThat(h.getAll("X-Header-7")).containsExactly("v7", "second");
    }

    @Test
    void refusesWhatNettysDefaultRefusesAndAFailedSetKeepsTheOldValue() {
        HttpHeaders compact = CompactHeadersFactory.HEADERS.newHeaders();
        HttpHeaders netty = DefaultHttpHeadersFactory.headersFactory().newHeaders();
        assertThatThrownBy(() -> netty.add("Bad Name", "v")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> compact.add("Bad Name", "v")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> compact.add("", "v")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> compact.add("X-Ok", "line\r\nInjected: yes"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("X-Ok");
        assertThatThrownBy(() -> compact.add("X-Ok", (Object) null)).isInstanceOf(NullPointerException.class);
        compact.set("X-Ok", "kept");
        assertThatThrownBy(() -> compact.set("X-Ok", "a\nb")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> compact.set("X-Ok", List.of("fine", "a\rb")))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(compact.getAll("X-Ok")).containsExactly("kept");
        Iterator<Map.Entry<CharSequence, CharSequence>> it = compact.iteratorCharSequence();
        Map.Entry<CharSequence, CharSequence> entry = it.next();
        assertThatThrownBy(() -> entry.setValue("x\r\nEvil: 1")).isInstanceOf(IllegalArgumentException.class);
        assertThat(compact.get("X-Ok")).isEqualTo("kept");
    }

    @Test
    void trailersStillRefuseFramingFields() {
        HttpHeaders trailers = CompactHeadersFactory.TRAILERS.newHeaders();
        assertThatThrownBy(() -> trailers.add(HttpHeaderNames.CONTENT_LENGTH, "5"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> trailers.add(HttpHeaderNames.TRANSFER_ENCODING, "chunked"))
                .isInstanceOf(IllegalArgumentException.class);
        trailers.add("X-Checksum", "abc");
        assertThat(trailers.get("x-checksum")).isEqualTo("abc");
    }

    @Test
    void convertsValuesAsNettyDoes() {
        HttpHeaders compact = CompactHeadersFactory.HEADERS.newHeaders();
        HttpHeaders netty = DefaultHttpHeadersFactory.headersFactory().newHeaders();
        Date date = new Date(1_700_000_000_000L);
        for (HttpHeaders h : List.of(compact, netty)) {
            h.add("Date", date)
                    .addInt("Content-Length", 42)
                    .addShort("X-Short", (short) 7)
                    .add("X-Text", "12x");
        }
        assertThat(compact.get("date")).isEqualTo(netty.get("date"));
        assertThat(compact.getTimeMillis("Date")).isEqualTo(netty.getTimeMillis("Date"));
        assertThat(compact.getInt("content-length")).isEqualTo(42);
        assertThat(compact.getShort("X-Short")).isEqualTo((short) 7);
        assertThat(compact.getInt("X-Text")).isNull();
        assertThat(compact.getInt("X-Text", -1)).isEqualTo(-1);
        assertThat(compact.getTimeMillis("X-Missing", 5L)).isEqualTo(5L);
    }

    @Test
    void removingThroughTheIteratorAndCopyingLeaveIndependentHeads() {
        HttpHeaders h = CompactHeadersFactory.HEADERS.newHeaders();
        h.add("Keep", "1").add("Drop", "2").add("Keep", "3").add("drop", "4");
        HttpHeaders copy = h.copy();
        Iterator<Map.Entry<CharSequence, CharSequence>> it = h.iteratorCharSequence();
        while (it.hasNext()) {
            if (AsciiString.contentEqualsIgnoreCase(it.next().getKey(), "drop")) {
                it.remove();
            }
        }
        assertThat(pairs(h)).containsExactly("Keep: 1", "Keep: 3");
        assertThat(pairs(copy)).containsExactly("Keep: 1", "Drop: 2", "Keep: 3", "drop: 4");
        copy.clear();
        assertThat(copy.isEmpty()).isTrue();
        assertThat(h.size()).isEqualTo(2);
    }

    /**
     * The encoders decide "chunked or not" with containsValue on every head they write: the list reading
     * must be Netty's to the character, for the values a decoder hands over (Strings of bytes 0..255).
     */
    @Test
    void readsHeaderListsExactlyAsNettyDoes(TestSeed seed) {
        String[] elements = {
            "chunked",
            "CHUNKED",
            "ChUnKeD",
            " chunked",
            "chunked\t",
            "chunk",
            "chunkedx",
            "",
            " ",
            "gzip",
            "\u00a0chunked",
            "chunked\u00ff",
            "close",
            "Keep-Alive",
            "\u00e0"
        };
        CharSequence[] tokens = {
            HttpHeaderValues.CHUNKED,
            "chunked",
            "CHUNKED",
            "close",
            HttpHeaderValues.KEEP_ALIVE,
            "",
            "\u00c0",
            "gzip, chunked"
        };
        Random random = seed.random();
        for (int round = 0; round < 3_000; round++) {
            HttpHeaders compact = CompactHeadersFactory.HEADERS.newHeaders();
            HttpHeaders netty = DefaultHttpHeadersFactory.headersFactory().newHeaders();
            for (int v = random.nextInt(3); v >= 0; v--) {
                StringBuilder value = new StringBuilder(elements[random.nextInt(elements.length)]);
                for (int more = random.nextInt(4); more > 0; more--) {
                    value.append(random.nextBoolean() ? "," : ", ").append(elements[random.nextInt(elements.length)]);
                }
                if (random.nextInt(8) == 0) {
                    value.append(',');
                }
                // as a decoder hands it over: whitespace inside, none at the ends (both headers refuse that)
                String decoded = value.toString().replaceAll("^[ \\t]+|[ \\t]+$", "");
                compact.add(HttpHeaderNames.TRANSFER_ENCODING, decoded);
                netty.add(HttpHeaderNames.TRANSFER_ENCODING, decoded);
            }
            for (CharSequence token : tokens) {
                for (boolean ignoreCase : new boolean[] {true, false}) {
                    assertThat(compact.containsValue("transfer-encoding", token, ignoreCase))
                            .as("%s in %s, ignoreCase %s", token, netty.getAll("Transfer-Encoding"), ignoreCase)
                            .isEqualTo(netty.containsValue("transfer-encoding", token, ignoreCase));
                }
            }
            assertThat(HttpUtil.isTransferEncodingChunked(
                            new DefaultHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.POST, "/", compact)))
                    .isEqualTo(HttpUtil.isTransferEncodingChunked(
                            new DefaultHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.POST, "/", netty)));
        }
    }
}
