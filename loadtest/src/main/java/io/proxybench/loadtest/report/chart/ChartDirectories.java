package io.proxybench.loadtest.report.chart;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * File-system-safe, distinct directory names for front-end labels such as
 * {@code netty[workers.stage=8]} (charts/&lt;dir&gt;/cpu.png).
 */
public final class ChartDirectories {

    private ChartDirectories() {}

    public static Map<String, String> of(List<String> labels) {
        Map<String, String> out = new LinkedHashMap<>();
        Set<String> taken = new HashSet<>();
        for (String label : labels) {
            String base = label.replaceAll("[^A-Za-z0-9._=-]+", "_").replaceAll("^[._]+", "");
            if (base.isEmpty()) {
                base = "front-end";
            }
            String name = base;
            for (int n = 2; !taken.add(name); n++) {
                name = base + "-" + n;
            }
            out.put(label, name);
        }
        return out;
    }
}
