package io.proxybench.core.http;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class MapHeadersTest {

    @Test
    void lookupsIgnoreCaseAndKeepArrivalOrder() {
        MapHeaders h = new MapHeaders()
                .add("Accept", "a")
                .add("X-Trace", "1")
                .add("x-trace", "2")
                .add("Host", "h");
        assertThat(h.get("x-TRACE")).isEqualTo("1");
        assertThat(h.getAll("X-Trace")).containsExactly("1", "2");
        assertThat(h.names()).containsExactly("Accept", "X-Trace", "Host");
        assertThat(h.size()).isEqualTo(4);
    }

    @Test
    void setReplacesEveryValueKeepingThePositionOfTheFirst() {
        MapHeaders h = new MapHeaders()
                .add("Accept", "a")
                .add("X-Trace", "1")
                .add("Host", "h")
                .add("x-trace", "2");
        h.set("X-TRACE", "3");
        assertThat(h.toString()).isEqualTo("Accept: a\nX-TRACE: 3\nHost: h\n");
        h.set("New", "n");
        assertThat(h.toString()).isEqualTo("Accept: a\nX-TRACE: 3\nHost: h\nNew: n\n");
    }

    @Test
    void removeDropsEveryValue() {
        MapHeaders h = new MapHeaders().add("A", "1").add("a", "2").add("B", "3");
        h.remove("A");
        assertThat(h.contains("a")).isFalse();
        assertThat(h.getAll("a")).isEmpty();
        assertThat(h.size()).isEqualTo(1);
    }
}
