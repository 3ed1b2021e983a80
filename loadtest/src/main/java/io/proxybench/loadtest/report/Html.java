package io.proxybench.loadtest.report;

import java.net.URI;
import java.net.URISyntaxException;

/** Escaping for text and attribute values in the HTML report, and the links it writes to files of the run. */
final class Html {

    private Html() {}

    static String escape(String s) {
        if (s == null) {
            return "";
        }
        StringBuilder out = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> out.append(c);
            }
        }
        return out.toString();
    }

    /** Percent-encodes what a relative path may not hold (spaces, brackets in labels) but keeps the slashes. */
    static String href(String relative) {
        try {
            return new URI(null, null, relative, null).toASCIIString();
        } catch (URISyntaxException e) {
            return relative;
        }
    }
}
