package io.proxybench.loadtest.gate;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.proxybench.loadtest.ab.AbResult;
import io.proxybench.loadtest.ab.AbTable;
import io.proxybench.loadtest.ab.Verdict;
import io.proxybench.loadtest.results.AtomicFiles;
import io.proxybench.loadtest.results.ResultsFormatException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

/**
 * {@code gate.json} (the {@link GateResult}, written and read by the same type), {@code gate.md} (ready to
 * paste as a pull-request comment) and {@code gate-junit.xml} (one test case per proxy and step: a failure
 * for a confirmed regression, skipped without a verdict).
 */
public final class GateFiles {

    public static final String GATE_JSON = "gate.json";
    public static final String GATE_MD = "gate.md";
    public static final String GATE_JUNIT = "gate-junit.xml";

    private static final ObjectMapper JSON = JsonMapper.builder()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();

    private GateFiles() {}

    public static void write(Path dir, GateResult gate) throws IOException {
        Files.createDirectories(dir);
        AtomicFiles.write(dir.resolve(GATE_JSON), JSON.writeValueAsString(gate) + "\n");
        AtomicFiles.write(dir.resolve(GATE_MD), markdown(gate));
        AtomicFiles.write(dir.resolve(GATE_JUNIT), junit(gate));
    }

    public static GateResult read(Path dir) throws ResultsFormatException {
        Path file = dir.resolve(GATE_JSON);
        try {
            return JSON.readValue(Files.readString(file, StandardCharsets.UTF_8), GateResult.class);
        } catch (JsonProcessingException e) {
            throw new ResultsFormatException(file + ": " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new ResultsFormatException(file + ": cannot be read (" + e.getMessage() + ")");
        }
    }

    /** The pull-request comment: the outcome first, then each proxy's deciding A/B table. */
    public static String markdown(GateResult gate) {
        StringBuilder md = new StringBuilder();
        md.append("## Performance gate: ").append(word(gate.verdict())).append("\n\n");
        md.append(gate.summary()).append("\n\n");
        for (GateResult.Check c : gate.checks()) {
            md.append("### ").append(c.proxy()).append(": ").append(c.verdict()).append("\n\n");
            md.append("First A/B: ")
                    .append(c.first().verdict())
                    .append(" (")
                    .append(c.runDir())
                    .append(")");
            if (c.confirmation() != null) {
                md.append("; confirming A/B: ")
                        .append(c.confirmation().verdict())
                        .append(" (")
                        .append(c.confirmRunDir())
                        .append(")");
            }
            md.append("\n\n");
            // the table's own heading one level down
            md.append(AbTable.markdown(c.deciding()).replaceFirst("^# ", "#### "))
                    .append("\n");
        }
        return md.toString();
    }

    private static String word(Verdict verdict) {
        return switch (verdict) {
            case REGRESSION -> "FAIL (confirmed regression)";
            case INCONCLUSIVE -> "PASS with a warning (no verdict)";
            case IMPROVEMENT -> "PASS (improvement)";
            case NO_CHANGE -> "PASS";
        };
    }

    /** JUnit XML as CI servers read it: a suite of one case per proxy and step. */
    static String junit(GateResult gate) {
        StringBuilder cases = new StringBuilder();
        int tests = 0;
        int failures = 0;
        int skipped = 0;
        for (GateResult.Check c : gate.checks()) {
            AbResult ab = c.deciding();
            for (AbResult.StepResult step : ab.steps()) {
                tests++;
                cases.append("  <testcase classname=\"proxybench.gate.")
                        .append(xml(c.proxy()))
                        .append("\" name=\"step ")
                        .append(step.step())
                        .append("\">\n");
                List<String> worse = regressed(step);
                List<String> unconfirmed = c.verdict() == Verdict.INCONCLUSIVE && c.confirmation() != null
                        ? c.first().steps().stream()
                                .filter(s -> s.step() == step.step())
                                .flatMap(s -> regressed(s).stream())
                                .toList()
                        : List.of();
                if (c.verdict() == Verdict.REGRESSION && !worse.isEmpty()) {
                    failures++;
                    cases.append("    <failure message=\"")
                            .append(xml(String.join("; ", worse)))
                            .append("\">")
                            .append(xml(ab.summary()))
                            .append("</failure>\n");
                } else if (!unconfirmed.isEmpty()
                        || step.pairs() < ab.settings().minPairs()) {
                    skipped++;
                    String why = unconfirmed.isEmpty()
                            ? step.pairs() + " undisturbed pairs, "
                                    + ab.settings().minPairs() + " needed"
                            : "not confirmed by the second A/B: " + String.join("; ", unconfirmed);
                    cases.append("    <skipped message=\"").append(xml(why)).append("\"/>\n");
                }
                cases.append("  </testcase>\n");
            }
        }
        String figures = gate.checks().stream().map(GateResult.Check::proxy).collect(Collectors.joining(","));
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuite name=\"proxybench gate " + xml(figures)
                + "\" tests=\"" + tests + "\" failures=\"" + failures + "\" errors=\"0\" skipped=\"" + skipped
                + "\">\n" + cases + "</testsuite>\n";
    }

    private static List<String> regressed(AbResult.StepResult step) {
        return step.figures().stream()
                .filter(f -> f.verdict() == Verdict.REGRESSION)
                .map(f -> f.metric().label() + " " + AbTable.change(f))
                .toList();
    }

    private static String xml(String text) {
        return text.replace("&", "&amp;")
                .replace("<", "&lt;")
                .replace(">", "&gt;")
                .replace("\"", "&quot;");
    }
}
