package io.proxybench.loadtest.report;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Parses samples.csv by header name, so column order and extra columns don't matter.
 *
 * <p>A row that cannot be parsed is skipped and counted: one bad second must not cost the whole
 * report. Quoted cells (RFC 4180) are accepted because front-end labels may contain commas.
 */
final class SamplesCsv {

    private static final Logger LOG = LoggerFactory.getLogger(SamplesCsv.class);

    private SamplesCsv() {
    }

    static List<Sample> read(Path file) throws ResultsFormatException {
        List<Sample> samples = new ArrayList<>();
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String headerLine = in.readLine();
            if (headerLine == null) {
                return samples;
            }
            Map<String, Integer> column = new HashMap<>();
            List<String> header = split(headerLine.replace("\uFEFF", ""));
            for (int i = 0; i < header.size(); i++) {
                column.put(header.get(i).trim(), i);
            }
            if (!column.containsKey("epochMs") || !column.containsKey("frontEnd")) {
                throw new ResultsFormatException(file + ": header lacks epochMs or frontEnd");
            }
            String line;
            int lineNo = 1;
            int skipped = 0;
            String firstBad = null;
            while ((line = in.readLine()) != null) {
                lineNo++;
                if (line.isBlank()) {
                    continue;
                }
                try {
                    samples.add(toSample(new Row(column, split(line))));
                } catch (IllegalArgumentException e) {
                    skipped++;
                    if (firstBad == null) {
                        firstBad = "line " + lineNo + ": " + e.getMessage();
                    }
                }
            }
            if (skipped > 0) {
                LOG.warn("samples.csv: skipped {} unreadable rows (first at {})", skipped, firstBad);
            }
            return samples;
        } catch (ResultsFormatException e) {
            throw e;
        } catch (IOException e) {
            throw new ResultsFormatException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    private static Sample toSample(Row r) {
        Double epoch = r.number("epochMs");
        if (epoch == null) {
            throw new IllegalArgumentException("empty epochMs");
        }
        Double connections = r.number("connections");
        return new Sample(epoch.longValue(), r.text("frontEnd"),
                connections == null ? null : connections.intValue(),
                r.number("cpuPct"), r.number("load1"), r.number("runQueue"), r.number("ctxSwPerSec"),
                r.number("netMbps"), r.number("memFreeMb"), r.number("proxyCpuPct"), r.number("proxyRssMb"),
                r.number("proxyThreads"), r.number("originCpuPct"), r.number("generatorCpuPct"),
                r.number("gcMsPerSec"), r.number("heapUsedMb"));
    }

    /** Splits one CSV line; double quotes protect commas and are escaped by doubling. */
    static List<String> split(String line) {
        List<String> cells = new ArrayList<>();
        StringBuilder cell = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                    cell.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    cell.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                cells.add(cell.toString());
                cell.setLength(0);
            } else {
                cell.append(c);
            }
        }
        cells.add(cell.toString());
        return cells;
    }

    private record Row(Map<String, Integer> column, List<String> cells) {
        String text(String name) {
            Integer i = column.get(name);
            if (i == null || i >= cells.size()) {
                return null;
            }
            String v = cells.get(i).trim();
            return v.isEmpty() ? null : v;
        }

        Double number(String name) {
            String v = text(name);
            if (v == null || v.equalsIgnoreCase("nan") || v.equals("-")) {
                return null;
            }
            try {
                double d = Double.parseDouble(v);
                return Double.isFinite(d) ? d : null;
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(name + "='" + v + "' is not a number");
            }
        }
    }
}
