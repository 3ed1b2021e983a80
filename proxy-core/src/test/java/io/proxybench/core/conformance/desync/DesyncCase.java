package io.proxybench.core.conformance.desync;

import io.proxybench.core.conformance.wire.Escapes;

/**
 * One client byte stream for the request-side fuzzer, replayable from one line of text.
 *
 * <p>Every request line in {@link #stream} names its target as
 * {@code /_wire/<id>/t<n>?len=<L>&sha=<H>}: the body the client meant for it ({@code L} bytes,
 * first 8 hex digits of their SHA-256 {@code H}, computed with the id written as {@link #ID_PLACEHOLDER})
 * and its place {@code n} in the stream. The runner puts a fresh id in place of the placeholder.
 *
 * @param what      the mutations applied, for people
 * @param stream    the bytes, with {@link #ID_PLACEHOLDER} where the case id goes
 * @param split     where the bytes are cut into two writes (0: one write)
 * @param halfClose whether the client shuts down its output right after writing
 */
public record DesyncCase(String what, byte[] stream, int split, boolean halfClose) {

    /** Stands for the case id in {@link #stream}; the same length as every id. */
    public static final String ID_PLACEHOLDER = "Q#######";

    /** One line: {@code req <split> <halfClose 0|1> <escaped stream> # <what>}. */
    public String toLine() {
        return "req " + split + " " + (halfClose ? 1 : 0) + " " + Escapes.escape(stream) + " # " + what;
    }

    public static DesyncCase fromLine(String line) {
        String[] p = line.split(" ", 4);
        if (p.length < 4 || !p[0].equals("req")) {
            throw new IllegalArgumentException("not a request case line: " + line);
        }
        String rest = p[3];
        int hash = rest.indexOf(" # ");
        String what = hash < 0 ? "corpus" : rest.substring(hash + 3);
        String stream = hash < 0 ? rest : rest.substring(0, hash);
        return new DesyncCase(what, Escapes.unescape(stream), Integer.parseInt(p[1]), p[2].equals("1"));
    }
}
